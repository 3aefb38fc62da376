import type { Node } from 'jsonc-parser';
import type { BuildNode } from '../json/tree';
import type { Constants, Dialect } from './dialects';
import { literalToTree } from './literal';
import type { SyntaxNode } from './syntax';

/**
 * How a declaration writes its input schema in source, when it writes one we can read:
 * `json-schema`, a JSON-schema object literal (`inputSchema={"type": "object", ...}`);
 * `zod-shape`, a zod shape whose keys are the properties (`{ q: z.string() }`, `z.object({...})`);
 * `options`, mark3labs/mcp-go's property options among the call's arguments (`mcp.WithString("q")`).
 */
export type SchemaForm = 'json-schema' | 'zod-shape' | 'options';

/** The chain links read through to reach `z.object(...)` (`z.object({...}).strict().describe("...")`). */
const CHAIN_LIMIT = 16;

/** mark3labs/mcp-go's property options: each one's first argument is a property key. */
const GO_PROPERTY_OPTIONS: ReadonlySet<string> = new Set([
  'mcp.WithString',
  'mcp.WithNumber',
  'mcp.WithBoolean',
  'mcp.WithArray',
  'mcp.WithObject',
  'mcp.WithInteger',
  'mcp.WithAny',
]);

/**
 * The input schema a declaration writes, as the JSON tree the schema checks read (offsets into the
 * source: a property's key node is its key's token, so a rename edits the source), or undefined
 * when the node holds no schema of that form. Only keys are read from a zod shape or Go options:
 * each property's own schema is left empty, so only the property-key rule judges them.
 */
export function schemaTree(
  node: SyntaxNode,
  form: SchemaForm,
  dialect: Dialect,
  constants: Constants,
): Node | undefined {
  if (form === 'json-schema') {
    const literal = dialect.unwrap(node);
    return dialect.entries(literal) ? literalToTree(literal, dialect, constants) : undefined;
  }
  const keys = form === 'zod-shape' ? zodKeys(node, dialect) : optionKeys(node, dialect);
  return keys ? objectSchema(node, keys) : undefined;
}

interface KeyToken {
  readonly name: string;
  readonly token: SyntaxNode;
}

/** A shape object's keys: the object itself, or the one `z.object(...)` (any alias of zod) takes, through a chain. */
function zodKeys(node: SyntaxNode, dialect: Dialect): KeyToken[] | undefined {
  let current = dialect.unwrap(node);
  const called = dialect.callTypes.includes(current.type);
  for (let link = 0; link < CHAIN_LIMIT && dialect.callTypes.includes(current.type); link++) {
    const callee = dialect.callee(current);
    const member = callee ? dialect.member(callee) : undefined;
    if (!member) return undefined;
    if (member.name === 'object' && member.object.type === 'identifier') {
      const shape = dialect.args(current)[0];
      if (!shape) return undefined;
      current = dialect.unwrap(shape);
      break;
    }
    current = member.object;
  }
  const entries = dialect.entries(current);
  // A bare object is a shape when its values are schemas made by calls (`z.string()`), not an
  // annotations object (`{ title: "x", readOnlyHint: true }`) in the same argument position.
  if (!entries || (!called && !entries.every((e) => dialect.callTypes.includes(dialect.unwrap(e.value).type))))
    return undefined;
  return entries.map((e) => ({ name: e.name, token: e.key }));
}

/** The keys of `mcp.WithString("q", ...)`-style options among a call's arguments (the name is the first). */
function optionKeys(call: SyntaxNode, dialect: Dialect): KeyToken[] | undefined {
  const keys: KeyToken[] = [];
  for (const option of dialect.args(call).slice(1)) {
    const callee = dialect.callTypes.includes(option.type) ? dialect.callee(option) : undefined;
    if (!callee || !GO_PROPERTY_OPTIONS.has(callee.text.replace(/\s+/g, ''))) continue;
    const key = dialect.args(option)[0];
    const name = key ? dialect.string(key) : undefined;
    if (key && name !== undefined) keys.push({ name, token: key });
  }
  return keys.length > 0 ? keys : undefined;
}

/** `{ type: "object", properties: { <key>: {} ... } }`, its synthesised parts zero-width at the declaration. */
function objectSchema(at: SyntaxNode, keys: readonly KeyToken[]): Node {
  const start = at.startIndex;
  const properties: BuildNode = { type: 'object', offset: start, length: 0, children: [] };
  for (const { name, token } of keys) {
    const value: BuildNode = { type: 'object', offset: token.endIndex, length: 0, children: [] };
    property(properties, name, token.startIndex, token.endIndex - token.startIndex, value);
  }
  const root: BuildNode = { type: 'object', offset: start, length: at.endIndex - start, children: [] };
  property(root, 'type', start, 0, { type: 'string', value: 'object', offset: start, length: 0 });
  property(root, 'properties', start, 0, properties);
  return root as Node;
}

function property(object: BuildNode, name: string, offset: number, length: number, value: BuildNode): void {
  const key: BuildNode = { type: 'string', value: name, offset, length };
  const holder: BuildNode = { type: 'property', offset, length, parent: object, children: [key, value] };
  key.parent = holder;
  value.parent = holder;
  object.children!.push(holder);
}
