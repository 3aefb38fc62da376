import type { OffsetRange } from '../json/ranges';
import type { Dialect, ImportedName } from './dialects';
import type { DeclaredShape, Library, NameArgument, ToolDecorator } from './libraries';
import type { SyntaxNode } from './syntax';

/** A name read from source: its value and the literal that holds it (a constant's own literal, when it came from one). */
export interface SourceName {
  readonly value: string;
  readonly range: OffsetRange;
}

/**
 * Where a fix writes a new name when the name is no literal but a Python function's own name:
 * into the decorator (`@mcp.tool()` → `@mcp.tool(name="x")`), never renaming the function.
 */
export interface NameInsertion {
  readonly offset: number;
  readonly before: string;
  readonly after: string;
}

export interface FoundTool {
  readonly name: SourceName;
  /** The whole declaration (a call, a decorated function, a struct literal): the tool's extent. */
  readonly extent: OffsetRange;
  readonly insertion?: NameInsertion;
}

/** The tools one server object (or one library, when calls have no receiver) declares in a file: one request. */
export interface ToolGroup {
  readonly shape: DeclaredShape;
  readonly server?: SourceName;
  readonly tools: FoundTool[];
}

const rangeOf = (node: SyntaxNode): OffsetRange => ({ start: node.startIndex, end: node.endIndex });

/**
 * The longest callee or receiver whose text is read in full. In a chain (`s.tool(…).tool(…)`) or
 * a curried call (`f()()()`) each callee holds every call before it, so reading every callee's
 * whole text is quadratic in the chain's length; no pattern is anywhere near this long.
 */
const SPAN_LIMIT = 1024;

/** A node's text without whitespace, or undefined when it is longer than any name a pattern compares. */
function compactText(node: SyntaxNode, text: string): string | undefined {
  if (node.endIndex - node.startIndex > SPAN_LIMIT) return undefined;
  return text.slice(node.startIndex, node.endIndex).replace(/\s+/g, '');
}

/**
 * A callee's compact text for the patterns' comparisons. A long one keeps only its tail, after a
 * NUL no callee spells: `.method` suffixes still match, whole-callee equality never does.
 */
function calleeText(callee: SyntaxNode, text: string): string {
  return (
    compactText(callee, text) ??
    `\u0000${text.slice(callee.endIndex - SPAN_LIMIT, callee.endIndex).replace(/\s+/g, '')}`
  );
}

/** Finds every declaration of the libraries whose trigger strings the text holds, grouped per server object. */
export function findDeclarations(
  root: SyntaxNode,
  text: string,
  dialect: Dialect,
  libraries: readonly Library[],
  constants: ReadonlyMap<string, SyntaxNode>,
): ToolGroup[] {
  const nameOf = (node: SyntaxNode | undefined): SourceName | undefined => {
    if (!node) return undefined;
    const value = dialect.unwrap(node);
    const literal = dialect.string(value);
    if (literal !== undefined) return { value: literal, range: rangeOf(value) };
    const key = dialect.constantKey(value);
    const constant = key === undefined ? undefined : constants.get(key);
    const resolved = constant ? dialect.string(constant) : undefined;
    return constant && resolved !== undefined ? { value: resolved, range: rangeOf(constant) } : undefined;
  };
  const argument = (call: SyntaxNode, where: NameArgument): SyntaxNode | undefined => {
    if ('keyword' in where) return dialect.keyword(call, where.keyword);
    const arg = dialect.args(call)[where.arg];
    if (!arg || where.key === undefined) return arg;
    return dialect.entries(dialect.unwrap(arg))?.find((e) => e.name === where.key)?.value;
  };
  /** The first name argument the call has: a literal, or undefined when it is computed (skipped). */
  const nameIn = (
    call: SyntaxNode,
    where: readonly NameArgument[],
  ): { readonly present: boolean; readonly name?: SourceName } => {
    for (const w of where) {
      const node = argument(call, w);
      if (node) {
        const name = nameOf(node);
        return name ? { present: true, name } : { present: true };
      }
    }
    return { present: false };
  };

  // What the file imports and defines, read once and only when a pattern asks.
  let names: { readonly imports: Map<string, ImportedName>; readonly definitions: Set<string> } | undefined;
  const bound = () => (names ??= { imports: dialect.imports(root), definitions: dialect.definitions(root) });
  /** A function passed by its plain name, bound by a `def` in this file: the tool's name is that name. */
  const functionNamed = (call: SyntaxNode, where: readonly NameArgument[]): SourceName | undefined => {
    for (const w of where) {
      const node = argument(call, w);
      if (!node) continue;
      if (node.type !== 'identifier' || !bound().definitions.has(node.text)) return undefined;
      return { value: node.text, range: rangeOf(node) };
    }
    return undefined;
  };
  // One declaration is one tool, even when two libraries' patterns read it (a `tool` helper of
  // the Vercel AI SDK is also a bound helper): the first library in the table claims it.
  const claimed = new Set<number>();

  const groups = new Map<string, ToolGroup>();
  const groupFor = (library: Library, receiver: string): ToolGroup => {
    const key = `${library.id}\u0000${receiver}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { shape: library.shape, tools: [] }));
    return group;
  };
  // Each call's callee and its text, read once: every node access crosses into WASM, so the
  // patterns below compare strings first and touch the tree only for calls that match.
  const calls = root
    .descendantsOfType(dialect.callTypes)
    .filter((n): n is SyntaxNode => n !== null)
    .map((node) => {
      const callee = dialect.callee(node);
      return { node, callee, text: callee ? calleeText(callee, text) : '' };
    });

  for (const library of libraries) {
    // Server objects: receiver name → the server's name (when the constructor call holds a literal).
    const servers = new Map<string, SourceName | undefined>();
    for (const call of calls) {
      const serverCall = library.servers?.find((s) => call.text === s.callee || call.text.endsWith(`.${s.callee}`));
      if (!serverCall) continue;
      const binding = dialect.bindingOf(call.node) ?? '';
      servers.set(binding, nameIn(call.node, serverCall.name).name);
    }
    for (const typed of typedServers(root, library.serverTypes ?? []))
      if (!servers.has(typed)) servers.set(typed, undefined);
    // One server object per file and calls with no receiver (mcp.NewTool): that server's name.
    const named = [...servers.values()].filter((n) => n !== undefined);
    const onlyServer = servers.size === 1 ? named[0] : undefined;
    const place = (receiver: string | undefined, tool: FoundTool) => {
      const group = groupFor(library, receiver ?? '');
      if (!group.server) {
        const server = receiver !== undefined && servers.has(receiver) ? servers.get(receiver) : onlyServer;
        if (server) groups.set(`${library.id}\u0000${receiver ?? ''}`, { ...group, server });
      }
      if (claimed.has(tool.name.range.start)) return;
      claimed.add(tool.name.range.start);
      groups.get(`${library.id}\u0000${receiver ?? ''}`)!.tools.push(tool);
    };

    for (const { node: call, callee, text: calleeText } of calls) {
      if (!callee) continue;
      for (const pattern of library.calls ?? []) {
        let receiver: string | undefined;
        if (pattern.method !== undefined) {
          if (!calleeText.endsWith(`.${pattern.method}`)) continue;
          const member = dialect.member(callee);
          if (!member || member.name !== pattern.method) continue;
          receiver = lastIdentifier(compactText(member.object, text));
          // A method of that name counts on a server object; a file that creates or types none
          // (a module given the server by another) counts it on any receiver.
          if (servers.size > 0 && (receiver === undefined || !servers.has(receiver))) continue;
        } else if (calleeText !== pattern.callee) continue;
        const given = nameIn(call, pattern.name);
        if (given.name) place(receiver, { name: given.name, extent: rangeOf(call) });
        else if (!given.present && pattern.function) {
          const fn = functionNamed(call, pattern.function);
          const list = call.childForFieldName('arguments');
          if (fn && list)
            place(receiver, { name: fn, extent: rangeOf(call), insertion: appendKeyword('name', list, text) });
        }
        break;
      }
    }
    // A decorator applied by hand: `mcp.tool(name="x")(fn)`, `self.mcp.tool()(self.method)`.
    for (const { node: call, callee } of calls) {
      if (callee?.type !== 'call' || (library.decorators ?? []).length === 0) continue;
      const found = curriedTool(call, callee, library.decorators!, dialect, nameIn, text, bound);
      if (found) place(found.receiver, found.tool);
    }
    for (const struct of library.structs ?? []) {
      for (const literal of root.descendantsOfType('composite_literal')) {
        if (!literal || literal.childForFieldName('type')?.text.replace(/\s+/g, '') !== struct.type) continue;
        const name = nameOf(dialect.entries(literal)?.find((e) => e.name === struct.field)?.value);
        if (name) place(undefined, { name, extent: rangeOf(literal) });
      }
    }
    for (const keyed of library.keyed ?? []) {
      if (!/\btools\b|Tools\b/.test(text)) continue;
      for (const { node: call, text: calleeText } of calls) {
        if (calleeText !== keyed.callee) continue;
        if (keyed.bound && !bound().imports.has(keyed.callee) && !bound().definitions.has(keyed.callee)) continue;
        const pair = call.parent;
        const holder = pair?.parent;
        if (pair?.type !== 'pair' || holder?.type !== 'object' || !holdsTools(holder)) continue;
        const key = pair.childForFieldName('key');
        const value = key?.type === 'property_identifier' ? key.text : key ? dialect.string(key) : undefined;
        if (key && value !== undefined)
          place(`tools@${holder.startIndex}`, { name: { value, range: rangeOf(key) }, extent: rangeOf(pair) });
      }
    }
    if ((library.decorators ?? []).length > 0) {
      for (const definition of root.descendantsOfType('decorated_definition')) {
        const found = definition
          ? decoratedTool(definition, library.decorators!, dialect, nameIn, text, bound)
          : undefined;
        if (found) place(found.receiver, found.tool);
      }
    }
  }
  // Document order, within a server and between servers (each library's patterns were read in turn).
  const found = [...groups.values()].filter((g) => g.tools.length > 0);
  for (const group of found) group.tools.sort((a, b) => a.extent.start - b.extent.start);
  return found.sort((a, b) => a.tools[0]!.extent.start - b.tools[0]!.extent.start);
}

type NameIn = (
  call: SyntaxNode,
  where: readonly NameArgument[],
) => { readonly present: boolean; readonly name?: SourceName };

/** A Python function under a tool decorator: the name argument, or the function's own name. */
function decoratedTool(
  definition: SyntaxNode,
  decorators: readonly ToolDecorator[],
  dialect: Dialect,
  nameIn: NameIn,
  text: string,
  bound: Bound,
): { receiver: string | undefined; tool: FoundTool } | undefined {
  const fn = definition.childForFieldName('definition');
  const fnName = fn?.type === 'function_definition' ? fn.childForFieldName('name') : null;
  if (!fn || !fnName) return undefined;
  for (const decorator of definition.namedChildren) {
    if (decorator?.type !== 'decorator') continue;
    const expression = decorator.namedChildren[0];
    if (!expression) continue;
    const call = expression.type === 'call' ? expression : undefined;
    const target = call ? dialect.callee(call) : expression;
    if (!target) continue;
    const member = dialect.member(target);
    const pattern = decoratorFor(target, member, decorators, bound, text);
    if (!pattern) continue;
    const receiver = member ? lastIdentifier(compactText(member.object, text)) : undefined;
    const extent = {
      start: definition.startIndex,
      end: fn.childForFieldName('parameters')?.endIndex ?? fnName.endIndex,
    };
    if (call) {
      const given = nameIn(call, pattern.name);
      if (given.present) return given.name ? { receiver, tool: { name: given.name, extent } } : undefined;
    }
    const name = { value: fnName.text, range: { start: fnName.startIndex, end: fnName.endIndex } };
    return { receiver, tool: { name, extent, insertion: insertionFor(pattern, target, call, text) } };
  }
  return undefined;
}

type Bound = () => {
  readonly imports: ReadonlyMap<string, ImportedName>;
  readonly definitions: ReadonlySet<string>;
};

/** The decorator pattern `target` (the decorator's callee, or the bare decorator) matches, if any. */
function decoratorFor(
  target: SyntaxNode,
  member: { readonly name: string } | undefined,
  decorators: readonly ToolDecorator[],
  bound: Bound,
  text: string,
): ToolDecorator | undefined {
  return decorators.find((d) => {
    if (d.method !== undefined) return member?.name === d.method;
    if (d.callee === undefined || compactText(target, text) !== d.callee) return false;
    if (!d.importedFrom) return true;
    const module = bound().imports.get(d.callee)?.module;
    return module !== undefined && d.importedFrom.some((m) => module === m || module.startsWith(`${m}.`));
  });
}

/**
 * `decorator(args)(fn)`: the decorator's name argument, else the function's own name when `fn`
 * is a plain identifier bound by a `def` in this file or imported unaliased; a fix adds the name to the inner call.
 */
function curriedTool(
  call: SyntaxNode,
  inner: SyntaxNode,
  decorators: readonly ToolDecorator[],
  dialect: Dialect,
  nameIn: NameIn,
  text: string,
  bound: Bound,
): { receiver: string | undefined; tool: FoundTool } | undefined {
  const target = dialect.callee(inner);
  if (!target) return undefined;
  const member = dialect.member(target);
  const pattern = decoratorFor(target, member, decorators, bound, text);
  if (!pattern) return undefined;
  const receiver = member ? lastIdentifier(compactText(member.object, text)) : undefined;
  const extent = rangeOf(call);
  const given = nameIn(inner, pattern.name);
  if (given.present) return given.name ? { receiver, tool: { name: given.name, extent } } : undefined;
  // A decorator is given a function, never a Tool object: a name imported as itself is that
  // function's own name too (`from .handlers import search`; an alias would not be).
  const fn = dialect.args(call)[0];
  const own =
    fn?.type === 'identifier' && (bound().definitions.has(fn.text) || bound().imports.get(fn.text)?.name === fn.text);
  if (!fn || !own) return undefined;
  const name = { value: fn.text, range: rangeOf(fn) };
  return { receiver, tool: { name, extent, insertion: insertionFor(pattern, target, inner, text) } };
}

/** Where `, name="x"` goes at the end of a call's arguments (after positional ones, so still valid Python). */
function appendKeyword(keyword: string, list: SyntaxNode, text: string): NameInsertion {
  const inside = text.slice(list.startIndex + 1, list.endIndex - 1);
  const trimmed = inside.trimEnd();
  const offset = list.startIndex + 1 + trimmed.length;
  const before = trimmed.length === 0 ? `${keyword}=` : trimmed.endsWith(',') ? ` ${keyword}=` : `, ${keyword}=`;
  return { offset, before, after: '' };
}

/**
 * An object whose entries are tools: the value of a `tools` key (`generateText({ tools: {...} })`)
 * or of a variable named `tools` or `...Tools` (`export const projectTools = {...}`).
 */
function holdsTools(holder: SyntaxNode): boolean {
  const parent = holder.parent;
  if (parent?.type === 'pair') return parent.childForFieldName('key')?.text.replace(/['"`]/g, '') === 'tools';
  if (parent?.type !== 'variable_declarator') return false;
  const name = parent.childForFieldName('name');
  return name?.type === 'identifier' && /^tools$|Tools$/.test(name.text);
}

/** Where `name="x"` goes in `@d`, `@d()` or `@d(other=1)`, and what surrounds the quoted name. */
function insertionFor(
  pattern: ToolDecorator,
  target: SyntaxNode,
  call: SyntaxNode | undefined,
  text: string,
): NameInsertion {
  const lead = 'keyword' in pattern.insert ? `${pattern.insert.keyword}=` : '';
  const list = call?.childForFieldName('arguments');
  if (!list) return { offset: target.endIndex, before: `(${lead}`, after: ')' };
  const empty = text.slice(list.startIndex + 1, list.endIndex - 1).trim().length === 0;
  return { offset: list.startIndex + 1, before: lead, after: empty ? '' : ', ' };
}

/** TypeScript parameters and properties typed as a server (`server: McpServer`): server objects made elsewhere. */
function typedServers(root: SyntaxNode, types: readonly string[]): string[] {
  if (types.length === 0) return [];
  const out: string[] = [];
  for (const annotation of root.descendantsOfType('type_annotation')) {
    const type = annotation?.namedChildren[0]?.text;
    if (!annotation || type === undefined || !types.includes(type)) continue;
    const owner = annotation.parent;
    const name = owner?.childForFieldName('pattern') ?? owner?.childForFieldName('name');
    const last = name ? lastIdentifier(name.text) : undefined;
    if (last) out.push(last);
  }
  return out;
}

function lastIdentifier(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9_$.]+$/.test(compact)) return undefined;
  return /([A-Za-z_$][A-Za-z0-9_$]*)$/.exec(compact)?.[1];
}
