import { classTools } from './classTools';
import { pythonClassTools } from './pythonClassTools';
import type { Node } from 'jsonc-parser';
import type { OffsetRange } from '../json/ranges';
import { callFilter, type CallFilter } from './callFilter';
import { appendKeyword, binds, curriedTool, decoratedTool, type NameIn } from './decoratedTools';
import type { Constants, DecoratedFunction, Dialect, ImportedName } from './dialects';
import { constantString } from './dialect';
import type { FoundTool, SourceName, ToolGroup } from './foundTools';
import type { Library, NameArgument, OwnPackage, SchemaArgument, ToolCall } from './libraries';
import { calleeText, compactText, rangeOf, SPAN_LIMIT } from './nodeText';
import { Scopes } from './scopes';
import {
  ALL_SCOPES,
  argumentHolder,
  bindsMember,
  CLASS_SCOPES,
  chainRoot,
  constructorEnd,
  enclosingBinding,
  FUNCTION_SCOPES,
  lastIdentifier,
  listHolding,
  MEMBER_SCOPES,
  receiverOfArgument,
  receiverText,
  resolveBinding,
  type ServerBinding,
  toolMethodReceiver,
  typedServers,
} from './serverBindings';
import { schemaTree } from './sourceSchemas';
import type { SyntaxNode } from './syntax';
import { FieldOnlyValues } from './fieldOnlyValues';
import { tableCase } from './goTableCases';
import { boundName, HandedOnValues } from './handedOnValues';
import { ToolListIndex } from './listMembers';
import { listedTools, objectBindings, REBINDINGS } from './toolLists';
import { type RecordKey, recordKeys, returnedRecord } from './toolRecords';
import { Removals } from './removals';

/** What a file declares: its tools per request, and where a declaration's name is not static (not checked). */
export interface Declarations {
  readonly groups: ToolGroup[];
  /** The name expressions of declarations whose name is computed (a parameter, an f-string, an import), in document order. */
  readonly computed: OffsetRange[];
  /** The library whose pattern read each computed name, by the name's start (what a wrapper of it declares). */
  readonly computedBy: ReadonlyMap<number, string>;
}

/**
 * Finds every declaration of the libraries whose trigger strings the text holds, grouped per
 * server object. `mayMatch`: which calls are read at all (`callFilter`; a test passes one that keeps
 * every call, to hold the filter to reading them all).
 */
export function findDeclarations(
  root: SyntaxNode,
  text: string,
  dialect: Dialect,
  libraries: readonly Library[],
  constants: Constants,
  mayMatch: CallFilter | undefined = callFilter(libraries, text),
): Declarations {
  const reader = fileReader(root, text, dialect, constants, mayMatch);
  const computedBy = new Map<number, string>();
  for (const library of libraries) {
    const bindings = serverBindings(reader, library);
    const placing = placer(reader, library, bindings);
    readCalls(reader, library, bindings, placing);
    // Before the keyed helpers: a record's `tool(...)` values are its call's, not a lone object's.
    readRecords(reader, library, placing.place);
    readLists(reader, placing);
    readValues(reader, library, placing.place);
    // After every other pattern: a name in a list is a plain function only when nothing made it a tool.
    readListedFunctions(reader, placing);
    for (const start of reader.computed.keys()) if (!computedBy.has(start)) computedBy.set(start, library.id);
  }
  const { groups, computed, claimed, claimedNames } = reader;
  // Document order, within a server and between servers (each library's patterns were read in turn).
  const found = [...groups.values()].filter((g) => g.tools.length > 0);
  for (const group of found) group.tools.sort((a, b) => a.extent.start - b.extent.start);
  found.sort((a, b) => a.tools[0]!.extent.start - b.tools[0]!.extent.start);
  // A name that is a tool elsewhere too is no skipped declaration (a call two patterns read).
  // Nor is one whose name expression is a declaration read itself (a decorated lambda handed to a call).
  const skipped = [...computed.values()]
    .filter((r) => !claimedNames.has(r.start) && !claimed.has(r.start))
    .sort((a, b) => a.start - b.start);
  return { groups: found, computed: skipped, computedBy };
}

/** The node types `findDeclarations` collects from the root, besides the dialect's own (`Dialect.rootTypes`). */
export function finderRootTypes(dialect: Dialect): string[] {
  return [
    ...dialect.callTypes,
    ...ALL_SCOPES,
    'type_annotation',
    ...(dialect.structLiteral ? [dialect.structLiteral.node] : []),
    ...(REBINDINGS[dialect.family] ? [REBINDINGS[dialect.family]!] : []),
  ];
}

/** How a call's arguments name a tool: literals, same-file constants, keywords, keys and nested calls. */
function argumentReader(text: string, dialect: Dialect, constants: Constants) {
  const nameOf = (node: SyntaxNode | undefined): SourceName | undefined => {
    if (!node) return undefined;
    const value = dialect.unwrap(node);
    const literal = dialect.string(value);
    if (literal !== undefined) return { value: literal, range: rangeOf(value) };
    const key = dialect.constantKey(value);
    const constant = key === undefined ? undefined : constants.get(key);
    const resolved = constant ? constantString(dialect, constant) : undefined;
    if (constant && resolved !== undefined) {
      const insertion = dialect.constantInsertion?.(constant);
      return { value: resolved, range: rangeOf(constant), ...(insertion ? { insertion } : {}) };
    }
    // Another file's constant: the name stays on the reference, the only token of this file that says it.
    const imported = key === undefined || constant ? undefined : constants.imported?.(key, value);
    return imported === undefined ? undefined : { value: imported, range: rangeOf(value) };
  };
  const directArgument = (call: SyntaxNode, where: NameArgument): SyntaxNode | undefined => {
    const arg = 'keyword' in where ? dialect.keyword(call, where.keyword) : dialect.args(call)[where.arg];
    if (!arg || where.key === undefined) return arg;
    return dialect.entries(dialect.unwrap(arg))?.find((e) => e.name === where.key)?.value;
  };
  const argument = (call: SyntaxNode, where: NameArgument): SyntaxNode | undefined => {
    const node = directArgument(call, where);
    if (!node || !where.within) return node;
    // The argument must be a call of the named callee (`Implementation(...)`); anything else names nothing.
    const inner = dialect.unwrap(node);
    const callee = dialect.callTypes.includes(inner.type) ? dialect.callee(inner) : undefined;
    if (!callee || compactText(callee, text) !== where.within.callee) return undefined;
    for (const w of where.within.name) {
      const found = directArgument(inner, w);
      if (found) return found;
    }
    return undefined;
  };
  /** Whether a call has what a pattern `requires` (enough positional arguments, or one of its keywords). */
  const meets = (call: SyntaxNode, requires: NonNullable<ToolCall['requires']>): boolean =>
    dialect.args(call).length >= requires.positional ||
    requires.keywords.some((k) => dialect.keyword(call, k) !== undefined);
  /** The first name argument the call has: a literal, or only its node when it is computed (skipped). */
  const nameIn: NameIn = (call, where) => {
    for (const w of where) {
      const node = argument(call, w);
      if (node) {
        const name = nameOf(node);
        return name ? { present: true, name } : { present: true, computed: rangeOf(node) };
      }
    }
    return { present: false };
  };
  /** The last names of the references a tool list holds (`[ExampleTool, Tools::Echo]` → `ExampleTool`, `Echo`). */
  const namesListed = (call: SyntaxNode, where: readonly NameArgument[]): string[] => {
    for (const w of where) {
      const list = argument(call, w);
      const elements = list ? dialect.elements(dialect.unwrap(list)) : undefined;
      if (!elements) continue;
      return elements
        .map((e) => (e.endIndex - e.startIndex > SPAN_LIMIT ? undefined : lastIdentifier(e.text.replace(/::/g, '.'))))
        .filter((n): n is string => n !== undefined);
    }
    return [];
  };
  /** The first input schema a call writes where its pattern says one may be. */
  const schemaIn = (call: SyntaxNode, where: readonly SchemaArgument[]): Node | undefined => {
    for (const w of where) {
      const node = w.at ? argument(call, w.at) : call;
      const tree = node ? schemaTree(node, w.form, dialect, constants) : undefined;
      if (tree) return tree;
    }
    return undefined;
  };
  return { nameOf, argument, meets, nameIn, namesListed, schemaIn };
}

/**
 * Each call's callee and its text, read once: every node access crosses into WASM, so the
 * patterns compare strings first and touch the tree only for calls that match. Only the calls
 * `mayMatch` keeps are read at all (most of a server's calls are its handlers' own).
 */
function callsOf(root: SyntaxNode, text: string, dialect: Dialect, mayMatch: CallFilter | undefined) {
  return [
    ...root
      .descendantsOfType(dialect.callTypes)
      .filter((n): n is SyntaxNode => n !== null && (!mayMatch || mayMatch(n.startIndex, n.endIndex))),
    ...(dialect.macroCalls?.(root) ?? []),
  ]
    .sort((a, b) => a.startIndex - b.startIndex)
    .map((node) => {
      const callee = dialect.callee(node);
      return { node, callee, text: callee ? calleeText(callee, text) : '' };
    });
}

/** What every library's patterns read of one file: its calls, names, scopes and the groups found so far. */
function fileReader(
  root: SyntaxNode,
  text: string,
  dialect: Dialect,
  constants: Constants,
  mayMatch: CallFilter | undefined,
) {
  const { nameOf, argument, meets, nameIn, namesListed, schemaIn } = argumentReader(text, dialect, constants);
  const scopes = new Scopes(root, ALL_SCOPES);
  const scopeOf = (node: SyntaxNode, types: ReadonlySet<string>) => scopes.of(node, types);
  // Declarations read but not checked, by start: a declaration two libraries read is one.
  const computed = new Map<number, OffsetRange>();
  const skip = (range: OffsetRange | undefined) => {
    if (range) computed.set(range.start, range);
  };

  // What the file imports and defines, read once and only when a pattern asks.
  let names: { readonly imports: Map<string, ImportedName>; readonly definitions: Set<string> } | undefined;
  const bound = () => (names ??= { imports: dialect.imports(root), definitions: dialect.definitions(root) });
  /** A function passed by its plain name, bound by a `def` in this file: the tool's name is that name. */
  const functionNamed = (call: SyntaxNode, where: readonly NameArgument[]): SourceName | undefined => {
    for (const w of where) {
      const node = argument(call, w);
      if (!node) continue;
      if (dialect.handlerName) {
        const own = dialect.handlerName(node);
        const value = own ? (dialect.string(own) ?? own.text) : undefined;
        // A handler that names no tool the source can tell (a closure: a name made at run time) is counted.
        if (!own || value === undefined) skip(rangeOf(node));
        return own && value !== undefined ? { value, range: rangeOf(own) } : undefined;
      }
      if (node.type !== 'identifier' || !bound().definitions.has(node.text)) return undefined;
      return { value: node.text, range: rangeOf(node) };
    }
    return undefined;
  };
  // One declaration is one tool, even when two libraries' patterns read it (a `tool` helper of
  // the Vercel AI SDK is also a bound helper): the first library in the table claims it.
  // Keyed by the declaration's start, not its name's: declarations that share one constant
  // (`Tool.builder(TOOL_NAME)` in three test methods) are three tools on one literal.
  const claimed = new Set<number>();
  const claimedNames = new Set<number>();
  // The decorated functions, read once for every library that has decorators.
  let decorated: DecoratedFunction[] | undefined;
  const decoratedFunctions = () => (decorated ??= dialect.decorated(root));

  const groups = new Map<string, ToolGroup>();
  const calls = callsOf(root, text, dialect, mayMatch);

  return {
    root,
    text,
    dialect,
    nameOf,
    argument,
    meets,
    nameIn,
    namesListed,
    schemaIn,
    scopes,
    scopeOf,
    computed,
    skip,
    bound,
    functionNamed,
    claimed,
    claimedNames,
    decoratedFunctions,
    groups,
    calls,
  };
}

type FileReader = ReturnType<typeof fileReader>;

/**
 * Server objects: each constructor call is one server, bound to a name in one scope (a test
 * function's own `mcp = FastMCP()` is not the next test's), so tools are grouped by binding.
 */
function serverBindings(reader: FileReader, library: Library): ServerBinding[] {
  const { calls, nameIn, dialect, scopeOf, namesListed } = reader;
  const bindings: ServerBinding[] = [];
  for (const call of calls) {
    const serverCall = library.servers?.find((s) =>
      s.ownPackage
        ? call.text === s.callee && inOwnPackage(reader, s.ownPackage)
        : call.text === s.callee || call.text.endsWith(`.${s.callee}`),
    );
    if (!serverCall) continue;
    const server = nameIn(call.node, serverCall.name).name;
    // Links of one builder chain (`Server::builder()->setServerInfo('s', '1')`) start together: one server,
    // reached from its first link on, named by whichever link names it.
    const link = bindings.findIndex((b) => b.at === call.node.startIndex);
    if (link >= 0) {
      const first = bindings[link]!;
      bindings[link] = { ...first, end: Math.min(first.end, call.node.endIndex), server: first.server ?? server };
      continue;
    }
    const name = dialect.bindingOf(call.node) ?? '';
    if (serverCall.boundTo && !serverCall.boundTo.includes(name)) continue;
    const member = bindsMember(call.node);
    bindings.push({
      name,
      member,
      scope: member ? scopeOf(call.node, CLASS_SCOPES) : scopeOf(call.node, FUNCTION_SCOPES),
      at: call.node.startIndex,
      end: dialect.constructorLambdas ? constructorEnd(call.node, dialect) : call.node.endIndex,
      server,
      listed: serverCall.tools ? namesListed(call.node, serverCall.tools) : [],
    });
  }
  return bindings;
}

/**
 * Whether a file is of a library's own Go package: its package clause names the package and it
 * does not import the library's package by its path (a project's own package of that name does).
 */
function inOwnPackage(reader: FileReader, own: OwnPackage): boolean {
  if (reader.dialect.family !== 'go' || reader.text.includes(`"${own.path}"`)) return false;
  const clause = reader.root.namedChildren.find((c) => c?.type === 'package_clause');
  return clause?.namedChildren.find((c) => c?.type === 'package_identifier')?.text === own.clause;
}

/**
 * The names a Go file declares as aliases of `type` (`type Tool = mcp.Tool`, also in a `type (...)`
 * group): the same type under another name. Not a defined type (`type Tool mcp.Tool`), which the
 * SDK's functions do not take.
 */
function typeAliases(root: SyntaxNode, text: string, type: string): string[] {
  if (!text.includes(`= ${type}`)) return [];
  const out: string[] = [];
  for (const alias of root.descendantsOfType('type_alias')) {
    const name = alias?.childForFieldName('name')?.text;
    if (name !== undefined && alias?.childForFieldName('type')?.text.replace(/\s+/g, '') === type) out.push(name);
  }
  return out;
}

/** Where a library's declarations go: the group of their server object, list or scope. */
function placer(reader: FileReader, library: Library, bindings: readonly ServerBinding[]) {
  const { root, dialect, scopes, scopeOf, claimed, claimedNames, groups } = reader;
  /** The server whose constructor lists a declaration by its own name (`tools: [ExampleTool]`). */
  const listing = (own: string) => bindings.find((b) => b.listed.includes(own));
  // Receivers that are server objects by name: bound here, or typed as one (made elsewhere).
  const serverNames = new Set(bindings.map((b) => b.name));
  for (const typed of typedServers(root, library.serverTypes ?? [])) serverNames.add(typed);
  if (library.serverTypes && dialect.typedNames)
    for (const typed of dialect.typedNames(root, library.serverTypes)) serverNames.add(typed);
  // One server object per file and calls with no receiver (mcp.NewTool): that server's name.
  const onlyServer = bindings.length === 1 && serverNames.size === 1 ? bindings[0]!.server : undefined;
  const resolve = (receiver: string, at: SyntaxNode): ServerBinding | undefined =>
    resolveBinding(bindings, receiver, at, scopes);
  const lists = toolLists(reader, library);
  let fieldOnly: FieldOnlyValues | undefined;
  let handedOn: HandedOnValues | undefined;
  /** The group a declaration belongs to: its server object's, its list's, or its own. */
  const keyFor = (receiver: string | undefined, node: SyntaxNode, decorated: boolean, wrapper: boolean) => {
    const name = receiver === undefined ? undefined : lastIdentifier(receiver);
    if (receiver !== undefined && name !== undefined) {
      const binding = resolve(receiver, node);
      if (binding) return { key: `b${binding.at}`, server: binding.server };
      // A parameter, an import, `self.mcp` set elsewhere: the same name within one function
      // (one class for `self.x`) is one server; two helpers given a server are not assumed to share it.
      const scope = receiver.includes('.') ? scopeOf(node, MEMBER_SCOPES) : scopeOf(node, FUNCTION_SCOPES);
      return { key: `n${scope}\u0000${name}`, server: onlyServer };
    }
    // No receiver, inside a server constructor's trailing lambda (Kotlin): the innermost such server's.
    const around = dialect.constructorLambdas ? enclosingBinding(bindings, node) : undefined;
    if (around) return { key: `b${around.at}`, server: around.server };
    // No receiver: a tool object handed to a server's method (`s.AddTool(mcp.NewTool(...))`)
    // is that server's; one in a list travels with the list; any other travels alone.
    // Or a link of a server's builder chain (`->add(new Tool(...), $handler)`), which starts where the server's call does.
    // Go writes a tool inside a struct handed to the server (`s.AddTools(server.ServerTool{Tool: mcp.NewTool(...)})`).
    // A Go value bound to a name and handed on by it (`s.AddTools(tools...)`) is that argument's.
    const literal = dialect.family === 'go' ? outOfLiterals(node) : node;
    const handed = dialect.family === 'go' ? boundName(literal, dialect) : undefined;
    const carried =
      (handed === undefined
        ? undefined
        : (handedOn ??= new HandedOnValues(scopes, dialect)).argumentOf(handed.at, handed.name)) ?? literal;
    const holder = argumentHolder(carried);
    const layer = sessionLayer(holder, library.sessionMethods, dialect);
    if (layer !== undefined) return { key: `x${scopeOf(node, FUNCTION_SCOPES)}\u0000${layer}`, server: onlyServer };
    const binding =
      receiverOfArgument(carried, dialect)
        .map((r) => resolve(r, node))
        .find((b) => b !== undefined) ??
      (holder && bindings.find((b) => b.at === holder.startIndex && b.end < holder.endIndex));
    if (binding) return { key: `b${binding.at}`, server: binding.server };
    // A project wrapper's value on no server known here is registered wherever the program picks
    // it: a read-only and a read-write variant of one name, feature-flagged variants in one test
    // list, a package-level `var X = pkg.MustTool("x", ...)`. It travels alone.
    // Unless handed to a tool method of an object (`s.AddTool(pkg.MustTool("x"), h)`): that object's, as
    // a method's declarations on an unknown receiver are (one per function and name).
    if (wrapper) {
      const on = toolMethodReceiver(holder, dialect);
      const name = on === undefined ? undefined : lastIdentifier(on);
      if (on === undefined || name === undefined) return { key: `s${node.startIndex}`, server: undefined };
      const scope = on.includes('.') ? scopeOf(node, MEMBER_SCOPES) : scopeOf(node, FUNCTION_SCOPES);
      return { key: `n${scope}\u0000${name}`, server: onlyServer };
    }
    // A Go table test's case (`tests := []struct{ tool *mcp.Tool }{{tool: &mcp.Tool{Name: "x"}}, ...}`):
    // each case runs on its own, so its tools are censused apart from the other cases'.
    const testCase = dialect.family === 'go' ? tableCase(node) : undefined;
    if (testCase) return { key: `t${testCase.startIndex}`, server: onlyServer };
    const list = listHolding(node, dialect);
    if (list) return { key: `l${lists?.groupOf(list.startIndex) ?? list.startIndex}`, server: onlyServer };
    // A Go value whose function reads only its fields (`template.OutputSchema`) is handed to no server.
    if (dialect.family === 'go') {
      const bound = dialect.bindingOf(node);
      if (bound !== undefined && (fieldOnly ??= new FieldOnlyValues(scopes)).fieldOnly(node, bound))
        return { key: `s${node.startIndex}`, server: undefined };
    }
    // Go, Java and Rust declare a server's tools as values in the function that adds them; a
    // decorated function is collected by whatever reads its module (Python) or its class (a
    // Spring bean, an rmcp `#[tool_router] impl`).
    const scope = decorated ? dialect.decoratedScope : dialect.valueScope;
    const at = scope === undefined ? -1 : scopeOf(node, scope === 'class' ? CLASS_SCOPES : FUNCTION_SCOPES);
    if (scope !== undefined && (at >= 0 || scope !== 'method')) return { key: `f${at}`, server: onlyServer };
    // Not on the file's server, so not under its name either.
    return { key: `s${node.startIndex}`, server: undefined };
  };
  // Tools taken off a server by name (`server.removeTool("x")`), read on the first tool placed.
  let removals: Removals | undefined;
  const removedLater = (local: string, tool: FoundTool): boolean => {
    if (!library.removers) return false;
    removals ??= new Removals(
      reader.calls,
      library.removers,
      dialect,
      reader.nameIn,
      (receiver, call) => keyFor(receiver, call, false, false).key,
    );
    return removals.removedLater(local, tool.name.value, tool.extent.start);
  };
  /** `options.call`: the call whose keywords configure the tool (the decorator's, for a decorated function). */
  const place = (
    receiver: string | undefined,
    tool: FoundTool,
    node: SyntaxNode,
    options: {
      readonly decorated?: boolean;
      readonly call?: SyntaxNode;
      readonly server?: ServerBinding;
      /** The declaration's own name (a tool class's), by which a server may list it. */
      readonly own?: string;
      /** Read by a project wrapper's pattern (`ToolCall.wrapper`). */
      readonly wrapper?: boolean;
      /** The group of a tool list (`ToolListIndex`) the tool is written in. */
      readonly list?: number;
      /** The name the tool's value is bound to (`search = Tool(...)`), by which a tool list may name it. */
      readonly bound?: string;
      /** Its server is chosen at run time (`ToolCall.serverChosenLater`): it travels alone. */
      readonly alone?: boolean;
    } = {},
  ) => {
    if (claimed.has(tool.extent.start)) return;
    claimed.add(tool.extent.start);
    claimedNames.add(tool.name.range.start);
    const on = options.server ?? (options.own === undefined ? undefined : listing(options.own));
    // A tool on no server, named in a list handed to a model or agent (`tools=[lookup]`): that list's.
    const named = options.bound ?? options.own;
    const listed =
      options.list ??
      (on || receiver !== undefined || named === undefined ? undefined : lists?.groupNaming(named, node));
    const { key: grouped, server } = on
      ? { key: `b${on.at}`, server: on.server }
      : listed !== undefined
        ? { key: `l${listed}`, server: onlyServer }
        : options.alone
          ? { key: `s${node.startIndex}`, server: undefined }
          : keyFor(receiver, node, options.decorated ?? false, options.wrapper ?? false);
    // Removed from its server before another of its name is added: never listed beside it.
    const local = removedLater(grouped, tool) ? `s${node.startIndex}` : grouped;
    // Versions of one tool (`@mcp.tool(version="2.0")`) are listed as one, the newest: each
    // version is censused apart, so they never collide with each other.
    const keyword = library.versionKeyword;
    const version = keyword && options.call ? dialect.keyword(options.call, keyword)?.text : undefined;
    const deferred =
      library.deferKeyword !== undefined && options.call
        ? dialect.keyword(options.call, library.deferKeyword)?.text === 'True'
        : false;
    const key = `${library.id}\u0000${local}${version === undefined ? '' : `\u0000v${version}`}${deferred ? '\u0000deferred' : ''}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { shape: library.shape, ...(server ? { server } : {}), tools: [] }));
    group.tools.push(tool);
  };

  return { place, serverNames, lists };
}

/**
 * Whether a decorator-shaped call registers by itself: its first argument is the function (no
 * string: `tool("x")` only makes a decorator), and it is neither under `@` nor called again.
 */
function appliedInPlace(call: SyntaxNode, dialect: Dialect): boolean {
  const first = dialect.args(call)[0];
  if (!first || dialect.string(dialect.unwrap(first)) !== undefined) return false;
  const parent = call.parent;
  if (parent?.type === 'decorator') return false;
  return !(parent && dialect.callTypes.includes(parent.type) && dialect.callee(parent)?.startIndex === call.startIndex);
}

/** A class body that may set the schema's title (`model_config = ConfigDict(title=...)`, `class Config: title = ...`). */
const TITLED = /\btitle\s*=|["']title["']\s*:/;

/** The Go literals a value is written in (`ServerTool{Tool: <value>}`, `[]ServerTool{{...}}`), up to the outermost. */
function outOfLiterals(node: SyntaxNode): SyntaxNode {
  let at = node;
  for (let up = at.parent, steps = 0; up && GO_LITERAL_PARTS.has(up.type) && steps < 12; up = up.parent, steps += 1)
    if (up.type === 'composite_literal') at = up;
  return at;
}

const GO_LITERAL_PARTS: ReadonlySet<string> = new Set([
  'literal_element',
  'keyed_element',
  'literal_value',
  'composite_literal',
  'unary_expression',
]);

/** The session a call adds its tools to (its first argument's text), when it is one of the library's `sessionMethods`. */
function sessionLayer(
  call: SyntaxNode | undefined,
  methods: readonly string[] | undefined,
  dialect: Dialect,
): string | undefined {
  const callee = call && methods ? dialect.callee(call) : undefined;
  const member = callee ? dialect.member(callee) : undefined;
  if (!call || !member || !methods!.includes(member.name)) return undefined;
  const session = dialect.args(call)[0];
  return session && session.endIndex - session.startIndex <= SPAN_LIMIT ? session.text.replace(/\s+/g, '') : undefined;
}

/** The lists the library's `lists` patterns take in this file, read before any tool is placed (a tool joins its list). */
function toolLists(reader: FileReader, library: Library): ToolListIndex | undefined {
  if (!library.lists) return undefined;
  const { calls, dialect, argument, root, scopes } = reader;
  let index: ToolListIndex | undefined;
  for (const { node: call, callee, text: calleeText } of calls) {
    const pattern = library.lists.find((l) =>
      l.callee !== undefined ? calleeText === l.callee : calleeText.endsWith(`.${l.method}`),
    );
    if (!pattern || !callee || (pattern.method !== undefined && dialect.member(callee)?.name !== pattern.method))
      continue;
    const value = pattern.list.map((w) => argument(call, w)).find((v) => v !== undefined);
    if (!value) continue;
    index ??= new ToolListIndex(root, dialect, scopes);
    index.add(call, value, pattern.functions === true, pattern.key);
  }
  if (library.listNames) {
    index ??= new ToolListIndex(root, dialect, scopes);
    index.addModuleLists(library.listNames, library.lists.find((l) => l.functions)?.key);
  }
  return index;
}

type Placer = ReturnType<typeof placer>;

/** The library's call patterns, over every call of the file. */
function readCalls(reader: FileReader, library: Library, bindings: readonly ServerBinding[], placing: Placer): void {
  const { calls, dialect, bound, meets, nameIn, functionNamed, text, skip, schemaIn } = reader;
  const { place, serverNames } = placing;
  for (const { node: call, callee, text: calleeText } of calls) {
    if (!callee) continue;
    for (const pattern of library.calls ?? []) {
      let receiver: string | undefined;
      let chained: ServerBinding | undefined;
      let extent = rangeOf(call);
      if (pattern.method !== undefined && pattern.on !== undefined) {
        // A builder's setter: the builder is the tool, on no server until it is built and added.
        if (!calleeText.endsWith(`.${pattern.method}`)) continue;
        const member = dialect.member(callee);
        if (!member || member.name !== pattern.method || !dialect.callTypes.includes(member.object.type)) continue;
        const made = dialect.callee(member.object)?.text.replace(/\s+/g, '');
        if (made === undefined || !pattern.on.includes(made)) continue;
      } else if (pattern.method !== undefined && pattern.ofValue) {
        if (!calleeText.endsWith(`.${pattern.method}`) || dialect.member(callee)?.name !== pattern.method) continue;
      } else if (pattern.method !== undefined) {
        if (!calleeText.endsWith(`.${pattern.method}`)) continue;
        const member = dialect.member(callee);
        if (!member || member.name !== pattern.method) continue;
        receiver = receiverText(member.object);
        // A fluent chain (`$builder->addTool(...)->addTool(...)`): each link is on the chain's first object.
        const linked = receiver === undefined;
        if (linked) {
          const root = chainRoot(member.object, dialect);
          receiver = root ? receiverText(root) : undefined;
        }
        if (pattern.through !== undefined) {
          if (receiver === undefined || !receiver.endsWith(`.${pattern.through}`)) continue;
          receiver = receiver.slice(0, -pattern.through.length - 1);
        }
        const name = receiver === undefined ? undefined : lastIdentifier(receiver);
        // A link of a server's own builder chain (`Server::builder()->setServerInfo(...)->addTool(...)`):
        // the chain starts where the server's constructor call does, and holds it.
        chained = linked
          ? bindings.find((b) => b.at === call.startIndex && b.end <= member.object.endIndex)
          : undefined;
        // A method of that name counts on a server object; a file that creates or types none
        // (a module given the server by another) counts it on any receiver.
        if (!chained && (serverNames.size > 0 || pattern.serverOnly) && (name === undefined || !serverNames.has(name)))
          continue;
        // A link of a chain starts where the chain does: its own extent starts at its method's name,
        // so the chain's links are as many declarations.
        if (linked) extent = { start: callee.endIndex - member.name.length, end: call.endIndex };
      } else if (calleeText !== pattern.callee) continue;
      else if (pattern.ownPackage && !inOwnPackage(reader, pattern.ownPackage)) continue;
      else if (pattern.bound) {
        if (!binds(bound, calleeText, pattern.fromModules)) continue;
        // The wrapper stands for the server it forwards to: its calls in one function are one server's
        // (a project wrapper found by following it says which server it is given, if any).
        if (!pattern.wrapper) receiver = calleeText;
      }
      // A project's wrapper given the server (`register(mcp, "x")`): the tool is that server's.
      if (pattern.serverArgument !== undefined) {
        const server = dialect.args(call)[pattern.serverArgument];
        const written = server ? receiverText(dialect.unwrap(server)) : undefined;
        if (written !== undefined) receiver = written;
      }
      if (pattern.requires && !meets(call, pattern.requires)) continue;
      if (pattern.applied && !appliedInPlace(call, dialect)) continue;
      const given = nameIn(call, pattern.name);
      // Bound to a name a tool list may hold (`search = Tool(...)`, then `tools=[search]`).
      const boundTo = placing.lists && receiver === undefined ? dialect.bindingOf(call) : undefined;
      const on = {
        call,
        ...(chained ? { server: chained } : {}),
        ...(boundTo ? { bound: boundTo } : {}),
        wrapper: pattern.wrapper === true,
        ...(pattern.serverChosenLater ? { alone: true } : {}),
      };
      if (given.name) {
        const schema = pattern.schema ? schemaIn(call, pattern.schema) : undefined;
        place(receiver, { name: given.name, extent, ...(schema ? { schema } : {}) }, call, on);
      } else if (!given.present && pattern.function) {
        const fn = functionNamed(call, pattern.function);
        const list = call.childForFieldName('arguments');
        const insertion = list ? appendKeyword('name', list, text, dialect.keywordJoin) : undefined;
        if (fn && insertion) place(receiver, { name: fn, extent, insertion }, call, on);
      } else if (!given.present && pattern.unnamedIsComputed) skip(rangeOf(dialect.args(call)[0] ?? call));
      else skip(given.computed);
      break;
    }
  }
}

/** Tools records (`new Agent({ tools: { weatherTool } })`): each key a tool, each call one request. */
function readRecords(reader: FileReader, library: Library, place: Placer['place']): void {
  const { calls, dialect, argument, nameIn, nameOf, skip, scopeOf, bound, root } = reader;
  if (!library.records) return;
  let objects: Map<string, SyntaxNode | null> | undefined;
  for (const { node: call, text: calleeText } of calls) {
    // Imported under another name (`import { Experimental_Agent as Agent } from 'ai'`): the name it has there.
    const imported = /^[A-Za-z_$][\w$]*$/.test(calleeText) ? bound().imports.get(calleeText)?.name : undefined;
    const record = library.records.find((r) => calleeText === r.callee || imported === r.callee);
    const value = record ? argument(call, record.tools) : undefined;
    if (!record || !value) continue;
    // `tools: agentTools` with `const agentTools = { search, fetchPage }` in the file: that record.
    const given = dialect.unwrap(value);
    const object = dialect.isIdentifier(given)
      ? (objects ??= objectBindings(root, dialect)).get(given.text)
      : (returnedRecord(given) ?? given);
    if (object?.type !== 'object') continue;
    const server = record.server ? nameIn(call, record.server).name : undefined;
    const binding: ServerBinding = {
      name: '',
      member: false,
      scope: scopeOf(call, FUNCTION_SCOPES),
      at: call.startIndex,
      end: call.endIndex,
      ...(server ? { server } : {}),
      listed: [],
    };
    const { keys, computed } = recordKeys(object, dialect, (node) => nameOf(node));
    for (const key of keys) place(undefined, key, call, { server: binding });
    for (const range of computed) skip(range);
  }
}

/** Tool objects in a list handed to a model (`model.bindTools([{ name: "x", schema }])`): each list one request. */
function readLists(reader: FileReader, placing: Placer): void {
  const { dialect, nameOf, skip, root } = reader;
  const lists = placing.lists;
  for (const site of lists?.sites ?? []) {
    if (site.key === undefined) continue;
    const list = lists!.groupOf(site.list.startIndex);
    const { tools, computed } = listedTools(site.list, site.key, root, dialect, (node) => nameOf(node));
    for (const tool of tools) placing.place(undefined, tool, site.call, { list });
    for (const range of computed) skip(range);
  }
}

/**
 * The plain functions a list names (`llm.bind_tools([add, multiply])`), for a library that names
 * them after the function: a `def` of the file no other pattern read is a tool of that name, and so
 * is a `class` (LangChain sends a Pydantic model or TypedDict under its title, the class's name:
 * `_convert_pydantic_to_openai_function`); any other element no pattern read (an import, a
 * parameter, `TavilySearch()`, a class that may set its own title) is counted as computed.
 */
function readListedFunctions(reader: FileReader, placing: Placer): void {
  const { dialect, skip, claimed } = reader;
  const lists = placing.lists;
  for (const site of lists?.sites ?? []) {
    if (!site.functions) continue;
    const list = lists!.groupOf(site.list.startIndex);
    for (const element of dialect.elements(site.list) ?? []) {
      const item = dialect.unwrap(element);
      if (claimed.has(item.startIndex) || dialect.entries(item)) continue;
      const bound = dialect.isIdentifier(item) ? lists!.resolve(item.text, site.list) : undefined;
      // Read where it is bound: a tool made there, or an object literal `listedTools` read.
      if (bound && (claimed.has(bound.start) || dialect.entries(bound.node))) continue;
      // An instance of a tool class read at its class (`Search()`, `Search(api_key=k)`).
      const made = lists!.instanceOf(item, site.list);
      if (made && claimed.has(made.start)) continue;
      // A class (a Pydantic model, a TypedDict) is sent under its title, its name unless the class sets one.
      const named = bound?.kind === 'function' || (bound?.kind === 'class' && !TITLED.test(bound.node.text));
      if (bound && named && bound.name) {
        const head = bound.node.childForFieldName(bound.kind === 'function' ? 'parameters' : 'superclasses');
        const extent = { start: bound.node.startIndex, end: (head ?? bound.name).endIndex };
        placing.place(undefined, { name: { value: bound.name.text, range: rangeOf(bound.name) }, extent }, bound.node, {
          list,
        });
      } else skip(rangeOf(item));
    }
  }
}

/** Declarations that are no plain call: curried decorators, struct literals, keyed helpers, decorated functions. */
function readValues(reader: FileReader, library: Library, place: Placer['place']): void {
  const { calls, dialect, nameIn, text, bound, skip, root, nameOf, decoratedFunctions } = reader;
  // A decorator applied by hand: `mcp.tool(name="x")(fn)`, `self.mcp.tool()(self.method)`.
  for (const { node: call, callee } of calls) {
    if (callee?.type !== 'call' || (library.decorators ?? []).length === 0) continue;
    const found = curriedTool(call, callee, library.decorators!, dialect, nameIn, text, bound);
    if (found && 'tool' in found) place(found.receiver, found.tool, call, found.call ? { call: found.call } : {});
    else skip(found?.computed);
  }
  const structLiteral = dialect.structLiteral;
  for (const struct of structLiteral ? (library.structs ?? []) : []) {
    if (struct.ownPackage && !inOwnPackage(reader, struct.ownPackage)) continue;
    // `type Tool = mcp.Tool` (a package re-exporting the SDK's type): `Tool{Name: name}` is one too.
    const types = new Set([struct.type, ...typeAliases(root, text, struct.type)]);
    const read = (literal: SyntaxNode) => {
      const value = dialect.entries(literal)?.find((e) => e.name === struct.field)?.value;
      const name = nameOf(value);
      if (name) place(undefined, { name, extent: rangeOf(literal) }, literal, { wrapper: struct.wrapper === true });
      else if (value) skip(rangeOf(value));
    };
    const literals = [...root.descendantsOfType(structLiteral!.node), ...(dialect.macroStructs?.(root) ?? [])];
    for (const literal of literals) {
      const type = literal?.childForFieldName(structLiteral!.typeField)?.text.replace(/\s+/g, '');
      if (!literal || type === undefined) continue;
      if (types.has(type)) read(literal);
      // `[]mcp.Tool{{Name: "a"}, {Name: "b"}}`: Go elides the elements' type (and `&` of `[]*mcp.Tool`).
      else if (types.has(type.replace(/^\[\w*\]\*?/, '')) && type.startsWith('['))
        for (const element of literal.childForFieldName('body')?.namedChildren ?? []) {
          const value = element?.type === 'literal_element' ? element.namedChildren[0] : undefined;
          if (value?.type === 'literal_value') read(value);
        }
    }
  }
  for (const keyed of library.keyed ?? []) {
    if (!/\btools\b|Tools\b/.test(text)) continue;
    // Names bound to a keyed call (`const todoWrite = tool({...})`): a shorthand key of a tools object names that tool.
    const boundTo = new Set<string>();
    for (const { node: call, text: calleeText } of calls) {
      if (calleeText !== keyed.callee) continue;
      if (keyed.bound && !binds(bound, keyed.callee, keyed.fromModules)) continue;
      // A helper from any module that is handed a `name` (LangChain's `tool(fn, { name })`, the
      // Agents SDK's `tool({ name })`) names its tool itself, read by its library: the key is no name.
      if (keyed.bound && namesItself(call, dialect)) continue;
      const pair = call.parent;
      const holder = pair?.parent;
      if (pair?.type === 'variable_declarator' && pair.childForFieldName('name')?.type === 'identifier')
        boundTo.add(pair.childForFieldName('name')!.text);
      if (pair?.type !== 'pair' || holder?.type !== 'object' || !holdsTools(holder)) continue;
      const key = pair.childForFieldName('key');
      const value = key?.type === 'property_identifier' ? key.text : key ? dialect.string(key) : undefined;
      if (key && value !== undefined)
        place(undefined, { name: { value, range: rangeOf(key) }, extent: rangeOf(pair) }, holder);
      else if (key) skip(rangeOf(key));
    }
    for (const key of boundTo.size > 0 ? boundShorthands(root, boundTo) : []) place(undefined, key, key.holder);
  }
  // A tool class (`class X extends StructuredTool { name = "x" }`): the class is the tool, alone,
  // unless a tool list holds it or its instances (`bind_tools([Search(), Lookup()])`): that list's.
  for (const { node, value, own } of [
    ...classTools(root, text, library.classes ?? []),
    ...(dialect.family === 'python' && library.classes
      ? pythonClassTools(root, library.classes, (n) => bound().imports.get(n))
      : []),
  ]) {
    const name = nameOf(value);
    // Python's `name: str = ""`: a Pydantic default its instances replace (a toolkit's
    // `GitHubAction(name=action["name"], ...)`), not a name.
    if (name && !(name.value === '' && dialect.family === 'python'))
      place(undefined, { name, extent: rangeOf(node) }, node, own === undefined ? {} : { own });
    else skip(rangeOf(value));
  }
  if ((library.decorators ?? []).length > 0) {
    for (const definition of decoratedFunctions()) {
      const found = decoratedTool(definition, library.decorators!, dialect, nameIn, text, bound);
      if (found && 'tool' in found)
        place(found.receiver, found.tool, definition.node, {
          // A decorated lambda is a value handed to a call, grouped as values are.
          decorated: found.receiver === undefined && !definition.anonymous,
          own: definition.name.text,
          ...(found.call ? { call: found.call } : {}),
        });
      else skip(found?.computed);
    }
  }
}

/**
 * An object whose entries are tools: the value of a `tools` key (`generateText({ tools: {...} })`)
 * or of a variable named `tools` or `...Tools` (`export const projectTools = {...}`).
 */
function holdsTools(holder: SyntaxNode): boolean {
  let parent = holder.parent;
  while (parent && KEYED_WRAPPERS.has(parent.type)) parent = parent.parent;
  if (parent?.type === 'pair') return parent.childForFieldName('key')?.text.replace(/['"`]/g, '') === 'tools';
  // Returned by a function named for its tools: `function getAccountTools() { return { x: tool(...) } }`.
  if (parent?.type === 'return_statement' || parent?.type === 'arrow_function') {
    const fn = parent.type === 'arrow_function' ? parent : enclosingFunction(parent);
    const own = fn?.type === 'function_declaration' || fn?.type === 'method_definition';
    const named = own ? fn.childForFieldName('name') : fn?.parent?.childForFieldName('name');
    return (named?.type === 'identifier' || named?.type === 'property_identifier') && TOOLS_NAME.test(named.text);
  }
  if (parent?.type !== 'variable_declarator') return false;
  const name = parent.childForFieldName('name');
  return name?.type === 'identifier' && TOOLS_NAME.test(name.text);
}

/** Whether a call is handed an object with a `name` entry (`tool({ name: "x" })`, `tool(fn, { name })`). */
function namesItself(call: SyntaxNode, dialect: Dialect): boolean {
  return dialect.args(call).some((arg) => dialect.entries(dialect.unwrap(arg))?.some((e) => e.name === 'name'));
}

/**
 * The shorthand keys of tools objects (`return { todoWrite }` in `createTodoTools()`, `const
 * agentTools = { search }`) that name a variable bound once in the file to a keyed tool call: the
 * AI SDK sends the key, and the value is a tool the file makes, so the key is its name as surely as
 * `{ todoWrite: tool({...}) }` written in place. A records call's own keys are read before these.
 */
function boundShorthands(root: SyntaxNode, names: ReadonlySet<string>): (RecordKey & { holder: SyntaxNode })[] {
  const bindings = new Map<string, number>();
  for (const declarator of root.descendantsOfType('variable_declarator')) {
    const name = declarator?.childForFieldName('name')?.text;
    if (name !== undefined && names.has(name)) bindings.set(name, (bindings.get(name) ?? 0) + 1);
  }
  const out: (RecordKey & { holder: SyntaxNode })[] = [];
  for (const shorthand of root.descendantsOfType('shorthand_property_identifier')) {
    const holder = shorthand?.parent;
    // A name bound twice could stand for either value: not read through it.
    if (!shorthand || bindings.get(shorthand.text) !== 1 || holder?.type !== 'object' || !holdsTools(holder)) continue;
    const extent = rangeOf(shorthand);
    const insertion = { offset: shorthand.startIndex, before: '', after: ': ' };
    out.push({ name: { value: shorthand.text, range: extent }, extent, insertion, holder });
  }
  return out;
}

/** A binding named for the tools it holds: `tools`, `projectTools`, `getAccountTools`. */
const TOOLS_NAME = /^tools$|Tools$/;
/** What may stand between a keyed tools object and what holds it: `({...})`, `{...} satisfies T`, `as const`. */
const KEYED_WRAPPERS: ReadonlySet<string> = new Set([
  'parenthesized_expression',
  'satisfies_expression',
  'as_expression',
]);

/** The function a statement is in (a declaration, an arrow or a function expression), if any. */
function enclosingFunction(node: SyntaxNode): SyntaxNode | undefined {
  for (let current = node.parent; current; current = current.parent)
    if (['function_declaration', 'arrow_function', 'function_expression', 'method_definition'].includes(current.type))
      return current;
  return undefined;
}
