import type { OffsetRange } from '../json/ranges';
import type { Constants, Dialect, ListKey } from './dialects';
import { constantString } from './dialect';
import type { Library } from './libraries';
import { objectBindings } from './toolLists';
import type { CodeFamily, SyntaxNode } from './syntax';

/**
 * A literal the recognisers read as a tool list: an array of tools, or one tool object alone
 * (read as a list of one, so it collides with nothing).
 */
export interface ToolLiteral {
  readonly node: SyntaxNode;
  readonly alone: boolean;
  /** The key the list is sent under (`functions`: OpenAI's legacy list, written in place or bound to a name). */
  readonly key: ListKey;
}

export interface ToolLiterals {
  readonly literals: ToolLiteral[];
  /** Tool objects bound to a name once (`const SEARCH_TOOL: Tool = {...}`): what a list's identifier stands for. */
  readonly named: ReadonlyMap<string, SyntaxNode>;
  /**
   * What a literal's identifiers stand for when it is read: those tool objects, and in a file that
   * writes `tools` lists any object bound once to a name (a provider tool, a Gemini declaration).
   */
  readonly objects: ReadonlyMap<string, SyntaxNode>;
  /** Tool objects whose `name` is no literal nor same-file constant: declared, never checked. */
  readonly computed: OffsetRange[];
  /** Where tool objects with no `inputSchema` start (FastMCP's: its schema is made from `parameters`). */
  readonly schemaless: ReadonlySet<number>;
}

/** How a project's own code registers its tool objects: the key that names one, and the others it reads. */
export interface Registration {
  readonly key: string;
  readonly reads: readonly string[];
}

/** How many other keys a registration must read for an object with them all to be a tool object. */
export const SHAPE_KEYS = 2;

/** The keys other than `name` the project registers tool objects by (stripe's `method`), each once. */
export function registeredNameKeys(registrations: readonly Registration[]): string[] {
  return [...new Set(registrations.map((r) => r.key).filter((k) => k !== 'name'))];
}

/** The node types of an object literal and of an array literal, in the families that write MCP tools as plain data. */
const LITERAL_TYPES: Readonly<Partial<Record<CodeFamily, { readonly object: string; readonly array: string }>>> = {
  js: { object: 'object', array: 'array' },
  python: { object: 'dictionary', array: 'list' },
};

/** Wrappers between a literal and what holds it (`{...} as Tool`, `{...} satisfies Tool`, parentheses). */
const WRAPPERS: ReadonlySet<string> = new Set([
  'parenthesized_expression',
  'as_expression',
  'satisfies_expression',
  'non_null_expression',
]);

/**
 * The tool lists a file writes as literals: arrays under a `tools` key or variable, and, in a file
 * of an MCP library, tool objects (`{ name, description, inputSchema }`; FastMCP's `{ name, execute }`) wherever they are: the
 * array that holds them (`const TOOLS: Tool[] = [...]`, `return [...]`), an array listing them by
 * name (`tools: [SEARCH_TOOL, MAP_TOOL]`), or alone (`export const searchTool: Tool = {...}`, its
 * list made in another file). Servers built on such objects hand them to a ListTools handler; no
 * SDK call names them. Objects inside a declaration read by a library pattern are that declaration.
 */
export function toolLiterals(
  root: SyntaxNode,
  text: string,
  dialect: Dialect,
  libraries: readonly Library[],
  constants: Constants,
  declared: readonly OffsetRange[],
  /** How the project's own code registers tool objects: by which key, reading which others. */
  registrations: readonly Registration[] = [],
): ToolLiterals {
  const nameKeys = registeredNameKeys(registrations);
  const shapes = registrations.filter((r) => r.reads.length >= SHAPE_KEYS);
  // A list whose every element is a declaration a library pattern already read (`const tools = [...];
  // model.bindTools(tools)`) is those declarations'. Each element must be one exactly: a list merely
  // written inside a declaration (a provider request in an MCP tool's handler) is a request of its own.
  const declaredAt = new Set(declared.map((r) => `${r.start}:${r.end}`));
  const read = (array: SyntaxNode) => {
    const elements = dialect.elements(array) ?? [];
    return (
      elements.length > 0 &&
      elements.every((e) => {
        const element = dialect.unwrap(e);
        return declaredAt.has(`${element.startIndex}:${element.endIndex}`);
      })
    );
  };
  // A list a test expects (`expected: { tools: [...] }`, `expect(x).toEqual({ tools: [...] })`) is data too.
  const arrays = /\b(?:tools|functions)\b/.test(text)
    ? dialect.toolArrays(root).filter((a) => !read(a.node) && !asserted(a.node, dialect))
    : [];
  const literals: ToolLiteral[] = arrays.map(({ node, key }) => ({ node, alone: false, key }));
  const types = LITERAL_TYPES[dialect.family];
  const named = new Map<string, SyntaxNode>();
  const computed: OffsetRange[] = [];
  const schemaless = new Set<number>();
  // A file that never writes a library's tool key (`inputSchema`, `execute`) holds no tool object.
  const keys = [...new Set(libraries.flatMap((l) => (l.objectKey === undefined ? [] : [l.objectKey])))].filter((key) =>
    text.includes(key),
  );
  if (!types || (keys.length === 0 && shapes.length === 0))
    return { literals, named, computed, schemaless, objects: boundObjects(arrays.length > 0, root, dialect, named) };
  const inside = containment(declared);
  const objects = root
    .descendantsOfType(types.object)
    .filter(
      (o): o is SyntaxNode =>
        o !== null &&
        (isToolObject(o, dialect, keys, nameKeys) || hasShape(o, dialect, shapes)) &&
        !inside(o) &&
        !asserted(o, dialect),
    );
  const bindings = new Map<string, number>();
  for (const object of objects) {
    const name = dialect.bindingOf(outermost(object));
    if (name !== undefined) bindings.set(name, (bindings.get(name) ?? 0) + 1);
  }
  for (const object of objects) {
    const name = dialect.bindingOf(outermost(object));
    // A name bound twice could stand for either object: neither is read through it.
    if (name !== undefined && bindings.get(name) === 1) named.set(name, object);
  }
  const seen = new Set(arrays.map((a) => a.node.startIndex));
  const listed = new Set<number>();
  const addArray = (array: SyntaxNode) => {
    if (seen.has(array.startIndex)) return;
    seen.add(array.startIndex);
    literals.push({ node: array, alone: false, key: listKey(array) });
  };
  for (const object of objects) {
    const holder = outermost(object).parent;
    if (holder?.type !== types.array) continue;
    listed.add(object.startIndex);
    addArray(holder);
  }
  if (named.size > 0)
    for (const array of root.descendantsOfType(types.array)) {
      if (!array) continue;
      const listing = (dialect.elements(array) ?? [])
        .map((element) => named.get(dialect.constantKey(dialect.unwrap(element)) ?? ''))
        .filter((object) => object !== undefined);
      for (const object of listing) listed.add(object.startIndex);
      if (listing.length > 0) addArray(array);
    }
  for (const object of objects)
    if (!listed.has(object.startIndex)) literals.push({ node: object, alone: true, key: 'tools' });
  for (const object of objects) {
    const entries = dialect.entries(object) ?? [];
    const value = (entries.find((e) => nameKeys.includes(e.name)) ?? entries.find((e) => e.name === 'name'))?.value;
    if (value && !isStaticName(dialect.unwrap(value), dialect, constants)) computed.push(rangeOf(value));
    if (!dialect.entries(object)?.some((e) => e.name === 'inputSchema')) schemaless.add(object.startIndex);
  }
  literals.sort((a, b) => a.node.startIndex - b.node.startIndex);
  return { literals, named, computed, schemaless, objects: boundObjects(arrays.length > 0, root, dialect, named) };
}

/** The objects a literal's identifiers may name: read only for a file that writes `tools` lists. */
function boundObjects(
  writesLists: boolean,
  root: SyntaxNode,
  dialect: Dialect,
  named: ReadonlyMap<string, SyntaxNode>,
): ReadonlyMap<string, SyntaxNode> {
  if (!writesLists) return named;
  const out = new Map<string, SyntaxNode>();
  for (const [name, object] of objectBindings(root, dialect)) if (object) out.set(name, object);
  for (const [name, object] of named) out.set(name, object);
  return out;
}

/**
 * Whether a node lies inside one of the ranges, in O(log n) a node: the ranges sorted by start, each
 * with the furthest end of any range starting at or before it (a file may declare thousands of tools).
 */
function containment(ranges: readonly OffsetRange[]): (node: SyntaxNode) => boolean {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const furthest: number[] = [];
  for (const range of sorted) furthest.push(Math.max(range.end, furthest[furthest.length - 1] ?? -1));
  return (node) => {
    let low = 0;
    let high = sorted.length - 1;
    let last = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]!.start <= node.startIndex) {
        last = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return last >= 0 && furthest[last]! >= node.endIndex;
  };
}

/**
 * A tool object: a `name` (or a key the project registers tools by) and one of the keys a library's
 * tool requires (MCP's `inputSchema`, FastMCP's `execute`).
 */
function isToolObject(
  object: SyntaxNode,
  dialect: Dialect,
  keys: readonly string[],
  names: readonly string[],
): boolean {
  const entries = dialect.entries(object) ?? [];
  return entries.some((e) => e.name === 'name' || names.includes(e.name)) && entries.some((e) => keys.includes(e.name));
}

/**
 * An object with every key a registering function reads of the objects it is handed, its name key
 * included (`{ name, description, annotations, ... }` for `server.registerTool(tool.name, { description:
 * tool.description, annotations: tool.annotations })`): the project's own tool shape.
 */
function hasShape(object: SyntaxNode, dialect: Dialect, shapes: readonly Registration[]): boolean {
  if (shapes.length === 0) return false;
  const names = new Set((dialect.entries(object) ?? []).map((e) => e.name));
  return shapes.some((s) => names.has(s.key) && s.reads.every((k) => names.has(k)));
}

/** A name the literal reader resolves: a string literal, or a same-file string constant. */
function isStaticName(value: SyntaxNode, dialect: Dialect, constants: Constants): boolean {
  if (dialect.string(value) !== undefined) return true;
  const key = dialect.constantKey(value);
  const constant = constants.get(key ?? '');
  if (constant !== undefined) return constantString(dialect, constant) !== undefined;
  return key !== undefined && constants.imported?.(key, value) !== undefined;
}

/** How far up from a tool object an assertion is looked for (`expect(x).toEqual([{...}])`, `assert x == [{...}]`). */
const ASSERTION_DEPTH = 6;
/** A matcher or an assert function: what a test hands the value it expects. */
const ASSERTION = /^(to[A-Z]\w*|assert\w*|deepEqual|deepStrictEqual|equal|strictEqual|partialDeepStrictEqual)$/;

/** How far up from a tool object a table-driven test's expectation key is looked for (`expected: { tools: { API: { methods: [{...}] } } }`). */
const EXPECTED_DEPTH = 12;
/** The key a table-driven test gives what it expects (`{ input, expected }`, `expectedTools`, Go-style `want`). */
const EXPECTED_KEY = /^(expected|want)([A-Z_]\w*)?$/;

/**
 * Whether a tool object (or a tools list) is a value a test expects, compared to what a server
 * listed: data, no declaration. An argument of a matcher or an assert call, a side of a Python `assert`, or a value
 * under a test table's `expected` key.
 */
function asserted(object: SyntaxNode, dialect: Dialect): boolean {
  let up: SyntaxNode | null = object.parent;
  for (let depth = 0; up && depth < EXPECTED_DEPTH; depth++, up = up.parent) {
    if (up.type !== 'pair') continue;
    const key = up.childForFieldName('key')?.text.replace(/['"`]/g, '');
    if (key !== undefined && EXPECTED_KEY.test(key)) return true;
  }
  let node: SyntaxNode | null = object.parent;
  for (let depth = 0; node && depth < ASSERTION_DEPTH; depth++, node = node.parent) {
    if (node.type === 'assert_statement') return true;
    if (!dialect.callTypes.includes(node.type)) continue;
    const callee = dialect.callee(node);
    const name = callee ? (dialect.member(callee)?.name ?? callee.text) : undefined;
    return name !== undefined && ASSERTION.test(name);
  }
  return false;
}

/**
 * The key an array of tool objects is sent under, from its holder: `functions` for one a
 * `functions` key holds (OpenAI's legacy function calling, `{ functions: [{ name, parameters }] }`),
 * else `tools`.
 */
function listKey(array: SyntaxNode): ListKey {
  const node = outermost(array);
  const pair = node.parent?.type === 'pair' ? node.parent : null;
  return pair?.childForFieldName('key')?.text.replace(/['"`]/g, '') === 'functions' ? 'functions' : 'tools';
}

/** The literal with the wrappers around it (`([...] as Tool[])`): what its holder holds. */
export function outermost(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (current.parent && WRAPPERS.has(current.parent.type)) current = current.parent;
  return current;
}

const rangeOf = (node: SyntaxNode): OffsetRange => ({ start: node.startIndex, end: node.endIndex });
