/**
 * A project's own helpers that wrap a library's declaration: `func MustTool(name string, ...)`
 * calling `mcp.NewTool(name, ...)`, `def register(mcp, name): mcp.tool(name=name)(fn)`, a keyed
 * helper returning `tool({...})`, or a Go type whose `Name` field a converter hands to `mcp.Tool{Name:}`.
 * The SDK call inside such a helper names no tool (its name is a parameter); the helper's call sites
 * do, so each becomes a pattern of the library it wraps, read by the finder like the library's own.
 */

import type { OffsetRange } from '../json/ranges';
import type { Constants, Dialect } from './dialects';
import { findDeclarations, type Declarations } from './finders';
import { LIBRARIES, type Library, type ToolCall } from './libraries';
import { SHAPE_KEYS } from './toolObjects';
import { FUNCTION_TYPES, functionParameters, projectFunction, type ProjectFunction } from './wrapperFunctions';
import type { CodeFamily, SyntaxNode, WrapperName, WrapperPattern } from './syntax';
import { goPackageOf, resolvePaths, type WrapperDefinition } from './wrapperPaths';

/** How many helpers deep a wrapper is followed (`MustTool` → `ConvertTool` → `mcp.Tool{Name:}` is two). */
export const WRAPPER_DEPTH = 4;

const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/**
 * The wrappers as the file at `path` calls them: in Go by the bare name inside the defining
 * package (one folder) and `package.Name` elsewhere; in TypeScript/JavaScript and Python by the
 * name the file imports or defines (`bound`), so another module's function of that name is none.
 */
export function wrapperPatterns(
  definitions: readonly WrapperDefinition[],
  path: string,
  family: CodeFamily,
): WrapperPattern[] {
  const patterns: WrapperPattern[] = [];
  for (const d of definitions) {
    // The key a project registers its tool objects by holds in every file of the package.
    if (d.kind === 'field' && family === 'js' && d.field !== undefined) {
      const reads = d.reads ?? [];
      const same = (p: WrapperPattern) => p.kind === 'field' && p.field === d.field && p.reads?.join() === reads.join();
      if (!patterns.some(same)) patterns.push({ library: d.library, kind: 'field', callee: '', field: d.field, reads });
      continue;
    }
    if (d.kind === 'path' || d.kind === 'field' || familyOfLibrary(d.library) !== family) continue;
    const base = {
      library: d.library,
      kind: d.kind,
      ...(d.nameAt ? { nameAt: d.nameAt } : {}),
      ...(d.serverArg !== undefined ? { serverArg: d.serverArg } : {}),
      ...(d.field !== undefined ? { field: d.field } : {}),
    };
    if (family !== 'go') {
      // Defined here, or imported from the defining module: a function of that name from elsewhere is another.
      const from = d.path === path ? {} : { fromModules: modulesNaming(d.path) };
      patterns.push({ ...base, callee: d.name, bound: true, ...from });
      continue;
    }
    if (folderOf(d.path) === folderOf(path)) patterns.push({ ...base, callee: d.name });
    if (d.qualifier !== undefined) patterns.push({ ...base, callee: `${d.qualifier}.${d.name}` });
  }
  return patterns;
}

/** The last names an import of the file at `path` is written with: `define` (`./define.js`), or its folder's for an index. */
function modulesNaming(path: string): string[] {
  const parts = path.split('/');
  const base = (parts[parts.length - 1] ?? '').replace(/\.[^.]*$/, '');
  const folder = parts[parts.length - 2];
  return (base === 'index' || base === '__init__') && folder !== undefined ? [base, folder] : [base];
}

function familyOfLibrary(id: string): CodeFamily | undefined {
  return LIBRARIES.find((l) => l.id === id)?.family;
}

/**
 * The file's libraries with the wrappers its text names added to the library each wraps (one
 * library, so a wrapper's tools and the library's own on one server object are one census).
 */
export function withWrappers(
  libraries: readonly Library[],
  patterns: readonly WrapperPattern[],
  text: string,
): Library[] {
  const named = patterns.filter((p) => text.includes(/[A-Za-z0-9_$]+$/.exec(p.callee)?.[0] ?? '\u0000'));
  if (named.length === 0) return [...libraries];
  const result = [...libraries];
  for (const id of new Set(named.map((p) => p.library))) {
    const at = result.findIndex((l) => l.id === id);
    const base = at >= 0 ? result[at]! : LIBRARIES.find((l) => l.id === id);
    if (!base) continue;
    const mine = named.filter((p) => p.library === id);
    const calls: ToolCall[] = mine
      .filter((p) => p.kind === 'call' && p.nameAt)
      .map((p) => ({
        callee: p.callee,
        name: p.nameAt!,
        wrapper: true as const,
        ...(p.bound ? { bound: true as const } : {}),
        ...(p.fromModules ? { fromModules: p.fromModules } : {}),
        ...(p.serverArg !== undefined ? { serverArgument: p.serverArg } : {}),
      }));
    const structs = mine
      .filter((p) => p.kind === 'struct')
      .map((p) => ({ type: p.callee, field: p.field ?? 'Name', wrapper: true as const }));
    const keyed = mine
      .filter((p) => p.kind === 'keyed')
      .map((p) => ({
        callee: p.callee,
        bound: true as const,
        ...(p.fromModules ? { fromModules: p.fromModules } : {}),
      }));
    const extended: Library = {
      ...base,
      calls: [...(base.calls ?? []), ...calls],
      structs: [...(base.structs ?? []), ...structs],
      keyed: [...(base.keyed ?? []), ...keyed],
    };
    if (at >= 0) result[at] = extended;
    else result.push(extended);
  }
  return result;
}

/**
 * The file's declarations with its wrappers followed: the project's (`patterns`) and those the
 * file defines itself, to a fixed point (a wrapper of a wrapper), `WRAPPER_DEPTH` rounds at most.
 * A wrapper's own computed name (its parameter) is followed, not counted: its call sites are.
 */
export function declarationsWithWrappers(
  root: SyntaxNode,
  text: string,
  dialect: Dialect,
  libraries: readonly Library[],
  constants: Constants,
  patterns: readonly WrapperPattern[],
  path = '',
): Declarations & { readonly defined: readonly WrapperDefinition[] } {
  let known = [...patterns];
  let declarations = findDeclarations(root, text, dialect, withWrappers(libraries, known, text), constants);
  let defined: WrapperDefinition[] = [];
  let followed = new Map<number, WrapperDefinition>();
  for (let round = 0; round < WRAPPER_DEPTH; round++) {
    const libs = withWrappers(libraries, known, text);
    ({ defined, followed } = wrappersDefinedIn(root, text, dialect, declarations, libs, path));
    const local = wrapperPatterns(resolvePaths(defined, [{ path, text, root }]), path, dialect.family);
    const fresh = local.filter((p) => !known.some((k) => k.kind === p.kind && k.callee === p.callee));
    if (fresh.length === 0) break;
    known = [...known, ...fresh];
    declarations = findDeclarations(root, text, dialect, withWrappers(libraries, known, text), constants);
  }
  // A helper's own name is followed only where its call sites are read: the project's table lists
  // it (it is called somewhere), or this file calls it. One called nowhere we read stays counted.
  const reached = (d: WrapperDefinition) =>
    d.kind === 'path' ||
    d.kind === 'field' ||
    patterns.some((p) => p.callee === d.name || p.callee.endsWith(`.${d.name}`)) ||
    isCalled(text, d.name, dialect.family);
  const computed = declarations.computed.filter((r) => {
    const by = followed.get(r.start);
    return by === undefined || !reached(by);
  });
  return { ...declarations, computed, defined };
}

/**
 * Whether `name` is called in `text` as its call sites are read, other than where it is defined
 * (not `def name(`, `func name(`, `function name(`): bare (`name(`), or in Go also qualified
 * (`pkg.Name(`); a TypeScript or Python `module.name(...)` is not followed, so it does not count.
 * A textual test, as a call site must write the name.
 */
export function isCalled(text: string, name: string, family: CodeFamily): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  const calls = new RegExp(`(?<![\\w$${family === 'go' ? '' : '.'}])${escaped}\\s*[(\\[]`, 'g');
  for (const match of text.matchAll(calls)) {
    const before = text.slice(Math.max(0, match.index - 10), match.index);
    if (!/(?:\bdef|\bfunc|\bfunction\*?)\s+$/.test(before)) return true;
  }
  return false;
}

/**
 * The wrappers a file defines: functions whose parameter (or a key or field of one) is a computed
 * name the libraries read, and functions that return a keyed helper's call. `followed`: the starts
 * of those computed names.
 */
export function wrappersDefinedIn(
  root: SyntaxNode,
  text: string,
  dialect: Dialect,
  declarations: Declarations,
  libraries: readonly Library[],
  path: string,
): { defined: WrapperDefinition[]; followed: Map<number, WrapperDefinition> } {
  const defined: WrapperDefinition[] = [];
  const followed = new Map<number, WrapperDefinition>();
  const types = FUNCTION_TYPES[dialect.family];
  if (!types) return { defined, followed };
  const functions = root.descendantsOfType([...types]).filter((n): n is SyntaxNode => n !== null);
  const qualifier = dialect.family === 'go' ? goPackageOf(text) : undefined;
  const common = { path, ...(qualifier !== undefined ? { qualifier } : {}) };
  // Each function's member expressions, walked once however many computed names it holds.
  const membersOf = new Map<number, SyntaxNode[]>();
  for (const range of declarations.computed) {
    const fn = innermost(functions, range);
    const library = declarations.computedBy.get(range.start);
    // Only `param.key` can be a registering field: anything else costs no walk of its function.
    const registered =
      fn && library && MEMBER_READ.test(text.slice(range.start, range.end))
        ? registeredField(fn, range, dialect, membersOf)
        : undefined;
    if (registered) {
      const { field, reads } = registered;
      const by: WrapperDefinition = { ...common, library: library!, kind: 'field', name: field, field, reads };
      defined.push(by);
      followed.set(range.start, by);
    }
    const info = fn ? projectFunction(fn, dialect.family) : undefined;
    if (!info || !library) continue;
    const read = nameParameter(info, range, dialect);
    if (!read) continue;
    if ('fields' in read) {
      const path: WrapperDefinition = { ...common, library, kind: 'path', name: info.name, fields: read.fields };
      defined.push(path);
      followed.set(range.start, path);
      continue;
    }
    const serverArg = serverParameter(read.node, info, dialect);
    const call: WrapperDefinition = {
      ...common,
      library,
      kind: 'call',
      name: info.name,
      nameAt: read.nameAt,
      ...(serverArg !== undefined ? { serverArg } : {}),
    };
    defined.push(call);
    followed.set(range.start, call);
  }
  if (dialect.family === 'js') defined.push(...keyedWrappers(functions, root, text, dialect, libraries, common));
  return { defined: dedupe(defined), followed };
}

function dedupe(definitions: readonly WrapperDefinition[]): WrapperDefinition[] {
  const seen = new Set<string>();
  return definitions.filter((d) => {
    const key = `${d.kind}\u0000${d.name}\u0000${d.fields?.join('.') ?? ''}\u0000${d.reads?.join() ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The innermost function whose range holds `range`. */
function innermost(functions: readonly SyntaxNode[], range: OffsetRange): SyntaxNode | undefined {
  let found: SyntaxNode | undefined;
  for (const fn of functions)
    if (fn.startIndex <= range.start && range.end <= fn.endIndex && (!found || fn.startIndex >= found.startIndex))
      found = fn;
  return found;
}

const NAME_NODES = ['identifier', 'member_expression', 'selector_expression', 'attribute'];

/** A computed name that reads one key of one name (`tool.method`), spaces allowed around the dot. */
const MEMBER_READ = /^[A-Za-z_$][\w$]*\s*\.\s*[A-Za-z_$][\w$]*$/;

/**
 * The key a JavaScript function registers each tool by: `tool.method` of its parameter `tool` at a
 * library's name position (`filtered.forEach((tool) => server.tool(tool.method, ...))`,
 * `function registerTool(tool) { server.registerTool(tool.name, ...) }`), and the other keys it reads
 * of that parameter (`tool.description`, `tool.annotations`). The objects it is handed are the
 * project's tool objects, whose key is then what reaches the wire (stripe/agent-toolkit's `method`,
 * its `name` a label); read where they are written (formats.md). `name` with fewer than
 * `SHAPE_KEYS` other keys says nothing a tool object's own keys do not.
 */
function registeredField(
  fn: SyntaxNode,
  range: OffsetRange,
  dialect: Dialect,
  membersOf: Map<number, SyntaxNode[]>,
): { readonly field: string; readonly reads: readonly string[] } | undefined {
  if (dialect.family !== 'js') return undefined;
  let members = membersOf.get(fn.startIndex);
  if (!members) {
    members = fn.descendantsOfType('member_expression').filter((n): n is SyntaxNode => n !== null);
    membersOf.set(fn.startIndex, members);
  }
  const node = members.find((n) => n.startIndex === range.start && n.endIndex === range.end);
  const parts = node?.text.replace(/\s+/g, '').split('.');
  if (parts?.length !== 2 || !parts.every((s) => /^[A-Za-z_$][\w$]*$/.test(s))) return undefined;
  const [parameter, field] = parts as [string, string];
  if (!functionParameters(fn, dialect.family).some((q) => q.name === parameter && q.key === undefined))
    return undefined;
  const reads = new Set<string>();
  for (const member of members) {
    const object = member.childForFieldName('object');
    const property = member.childForFieldName('property');
    if (object?.type === 'identifier' && object.text === parameter && property && property.text !== field)
      reads.add(property.text);
  }
  if (field === 'name' && reads.size < SHAPE_KEYS) return undefined;
  return { field, reads: [...reads].sort() };
}

/**
 * Where the function's call site writes the name the computed expression at `range` reads: a
 * parameter (`name`), a key of one (`opts.name`, a destructured `{ name }`), or in Go a field path
 * of a typed parameter (`tool.Tool.Name`).
 */
function nameParameter(
  info: ProjectFunction,
  range: OffsetRange,
  dialect: Dialect,
):
  | { readonly node: SyntaxNode; readonly nameAt: readonly WrapperName[] }
  | { readonly fields: readonly string[] }
  | undefined {
  const node = info.node
    .descendantsOfType(NAME_NODES)
    .find((n): n is SyntaxNode => n !== null && n.startIndex === range.start && n.endIndex === range.end);
  if (!node) return undefined;
  if (node.type === 'identifier') {
    const p = info.parameters.find((q) => q.name === node.text);
    if (!p) return undefined;
    if (p.key !== undefined) return { node, nameAt: [{ arg: p.index, key: p.key }] };
    // Python's caller may write it by keyword too (`register(mcp, name="x")`).
    return { node, nameAt: dialect.family === 'python' ? [{ arg: p.index }, { keyword: p.name }] : [{ arg: p.index }] };
  }
  const parts = node.text.replace(/\s+/g, '').split('.');
  if (parts.length < 2 || !parts.every((s) => /^[A-Za-z_$][\w$]*$/.test(s))) return undefined;
  const p = info.parameters.find((q) => q.name === parts[0] && q.key === undefined);
  if (!p) return undefined;
  if (dialect.family === 'go')
    return p.type === undefined ? undefined : { fields: [p.type.replace(/^\*/, ''), ...parts.slice(1)] };
  return dialect.family === 'js' && parts.length === 2
    ? { node, nameAt: [{ arg: p.index, key: parts[1]! }] }
    : undefined;
}

/**
 * The parameter that receives the call holding the name, or a call that holds that one: `mcp` of
 * `mcp.tool(name=name)`, `s` of `s.AddTool(mcp.NewTool(name), h)`. undefined: the server is not given.
 */
function serverParameter(name: SyntaxNode, info: ProjectFunction, dialect: Dialect): number | undefined {
  let current: SyntaxNode | null = name.parent;
  for (let depth = 0; current && depth < 6; depth++, current = current.parent) {
    if (!dialect.callTypes.includes(current.type)) continue;
    const callee = dialect.callee(current);
    const object = callee ? dialect.member(callee)?.object : undefined;
    const index =
      object?.type === 'identifier'
        ? info.parameters.find((p) => p.name === object.text && p.key === undefined)?.index
        : undefined;
    if (index !== undefined) return index;
  }
  return undefined;
}

/** Functions returning a call of a keyed tool helper the file binds (`return tool({...})`): helpers of their own. */
function keyedWrappers(
  functions: readonly SyntaxNode[],
  root: SyntaxNode,
  text: string,
  dialect: Dialect,
  libraries: readonly Library[],
  common: { readonly path: string },
): WrapperDefinition[] {
  const keyed = new Map<string, string>();
  for (const library of [...libraries, ...LIBRARIES.filter((l) => l.family === 'js')])
    for (const k of library.keyed ?? []) if (!keyed.has(k.callee)) keyed.set(k.callee, library.id);
  // Most files return no helper's call: their functions' bodies are never walked.
  const returned = (callee: string) => new RegExp(`(?:return|=>)\\s*${callee.replace(/\$/g, '\\$')}\\s*\\(`).test(text);
  for (const callee of [...keyed.keys()]) if (!returned(callee)) keyed.delete(callee);
  if (keyed.size === 0) return [];
  let names: { imports: ReadonlyMap<string, unknown>; definitions: ReadonlySet<string> } | undefined;
  const binds = (name: string) => {
    names ??= { imports: dialect.imports(root), definitions: dialect.definitions(root) };
    return names.imports.has(name) || names.definitions.has(name);
  };
  const found: WrapperDefinition[] = [];
  for (const fn of functions) {
    const info = projectFunction(fn, 'js');
    if (!info) continue;
    const body = fn.childForFieldName('body');
    const returned = body?.type === 'statement_block' ? returnsOf(fn, functions) : body ? [body] : [];
    for (const value of returned) {
      const call = dialect.unwrap(value);
      if (!dialect.callTypes.includes(call.type)) continue;
      const callee = dialect.callee(call);
      const library = callee?.type === 'identifier' ? keyed.get(callee.text) : undefined;
      if (library === undefined || !binds(callee!.text)) continue;
      found.push({ ...common, library, kind: 'keyed', name: info.name });
      break;
    }
  }
  return found;
}

/** The values `fn`'s own return statements return (not a nested function's). */
function returnsOf(fn: SyntaxNode, functions: readonly SyntaxNode[]): SyntaxNode[] {
  const values: SyntaxNode[] = [];
  for (const statement of fn.descendantsOfType('return_statement')) {
    if (!statement || innermost(functions, { start: statement.startIndex, end: statement.endIndex }) !== fn) continue;
    const value = statement.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (value) values.push(value);
  }
  return values;
}
