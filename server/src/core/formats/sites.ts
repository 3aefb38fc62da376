import type { Node } from 'jsonc-parser';
import { forEachKey } from '../json/lazy';
import { joinPointer, keyNodeOf, property, stringValue } from '../json/nodes';
import { offsetRange, type OffsetRange } from '../json/ranges';
import { PROVIDERS, type ParameterRule } from '../profiles/providers';
import type { InputSchemaSite, NameSite, PropertyKeySite, SchemaSite, ToolDeclaration, ToolReference } from './model';
import { schemaSite } from './schemaSites';

/**
 * Where a node sits: its JSON pointer and the offset its line starts at (JSON Lines), and whether
 * the analysis models some MCP client (`forClients`): only then are the keywords a client alters
 * collected in an MCP schema. Collecting them builds every schema's lazy subtrees, which doubled a
 * 10k-tool analysis that no client check would read.
 */
export interface Located {
  readonly node: Node;
  readonly pointer: string;
  readonly base: number;
  readonly forClients: boolean;
}

function rangeOf(node: Node, base: number): OffsetRange {
  return offsetRange(base + node.offset, base + node.offset + node.length);
}

export function child(at: Located, key: string | number): Located | undefined {
  const node = typeof key === 'number' ? at.node.children?.[key] : property(at.node, key);
  return node ? { node, pointer: joinPointer(at.pointer, key), base: at.base, forClients: at.forClients } : undefined;
}

/** The first present spelling of a property (`toolConfig` / `tool_config`). */
export function childOf(at: Located, keys: readonly string[]): Located | undefined {
  for (const key of keys) {
    const found = child(at, key);
    if (found) return found;
  }
  return undefined;
}

export function elements(at: Located | undefined): Located[] {
  if (at?.node.type !== 'array') return [];
  return (at.node.children ?? []).map((node, i) => ({
    node,
    pointer: joinPointer(at.pointer, i),
    base: at.base,
    forClients: at.forClients,
  }));
}

/**
 * An anchor for a finding about an object that has no usable name: its property key when it is a
 * property value (`"function": {...}`), else its opening brace. Never the whole object: a squiggle
 * over fifty lines of schema helps nobody.
 */
export function anchorRange(node: Node, base: number): OffsetRange {
  const key = keyNodeOf(node);
  if (key) return rangeOf(key, base);
  // A YAML block mapping has no brace: it starts at its first key, whose whole token is the anchor
  // (one character there could be half of a surrogate pair).
  const firstKey = node.type === 'object' ? node.children?.[0]?.children?.[0] : undefined;
  if (firstKey && firstKey.offset === node.offset) return rangeOf(firstKey, base);
  // A scalar where an object belongs is anchored whole (a plain YAML scalar has no quote to mark).
  if (node.type !== 'object' && node.type !== 'array') return rangeOf(node, base);
  return offsetRange(base + node.offset, base + node.offset + 1);
}

/** Reads `object[key]` as a tool name, saying precisely what is wrong when it is not one. */
export function nameSite(object: Located, key: string): NameSite {
  const valueNode = property(object.node, key);
  if (!valueNode) {
    return {
      value: undefined,
      problem: 'absent',
      range: anchorRange(object.node, object.base),
      pointer: object.pointer,
    };
  }
  const pointer = joinPointer(object.pointer, key);
  const range = rangeOf(valueNode, object.base);
  const value = stringValue(valueNode);
  if (value === undefined) return { value: undefined, problem: 'not-a-string', range, pointer };
  if (value.length === 0) return { value, problem: 'empty', range, pointer };
  return { value, range, pointer };
}

export function declaration(tool: Located, nameHolder: Located, nameKey = 'name'): ToolDeclaration {
  const located = schemaOf(nameHolder);
  const inputSchema = located && inputSchemaSite(located.schema);
  const schema = located && schemaSiteOf(nameHolder, located);
  const name = nameSite(nameHolder, nameKey);
  const toolRange = rangeOf(tool.node, tool.base);
  // Not `...(inputSchema ? { inputSchema } : {})`: a spread of a fresh object per tool was measurable.
  const base: ToolDeclaration = inputSchema
    ? { name, toolRange, toolPointer: tool.pointer, inputSchema }
    : { name, toolRange, toolPointer: tool.pointer };
  return schema ? { ...base, schema } : base;
}

/** The schema problems of a tool, for `schema-rejected` (`formats/schemaSites.ts`). */
function schemaSiteOf(nameHolder: Located, located: LocatedSchema): SchemaSite | undefined {
  const strictNode = property(nameHolder.node, 'strict');
  const strict = strictNode?.type === 'boolean' && strictNode.value === true;
  const { schema, field } = located;
  const anchor = anchorRange(schema.node, schema.base);
  return schemaSite(schema.node, schema.pointer, schema.base, field, strict, anchor, schema.forClients);
}

/**
 * Where the input schema sits beside a tool's name, in every format: `parameters` (OpenAI,
 * Gemini, tool arrays), `parametersJsonSchema` (Gemini), `input_schema` (Anthropic),
 * `inputSchema` (MCP, ADS) and Bedrock's `inputSchema.json`.
 */
const SCHEMA_KEYS = [
  'parameters',
  'input_schema',
  'inputSchema',
  'parametersJsonSchema',
  'parameters_json_schema',
] as const;

/** A tool's input schema and the request field that holds it. */
interface LocatedSchema {
  readonly schema: Located;
  readonly field: string;
}

/** The input schema beside `holder` (Bedrock's is under `inputSchema.json`). */
function schemaOf(holder: Located): LocatedSchema | undefined {
  for (const field of SCHEMA_KEYS) {
    const schema = child(holder, field);
    if (!schema) continue;
    const bedrockJson = property(schema.node, 'json');
    // Bedrock's field is `inputSchema.json`: its rules are not an MCP `inputSchema`'s.
    if (bedrockJson && bedrockJson.type === 'object')
      return {
        schema: { ...schema, node: bedrockJson, pointer: joinPointer(schema.pointer, 'json') },
        field: `${field}.json`,
      };
    return { schema, field };
  }
  return undefined;
}

/**
 * The top-level `properties` of the input schema, when some key of it fails a
 * provider's key rule: a check reports only such keys and a fix renames only them, so for the
 * schemas whose keys every rule accepts (nearly all) the keys are looked at and nothing is kept.
 * Keeping a key and a range per key of every tool was about half of what a 10k-tool analysis
 * held. When a key fails, every key is kept (a renamed key must not take a sibling's
 * name) and so is `required` (a renamed key is renamed there too).
 */
function inputSchemaSite(schema: Located): InputSchemaSite | undefined {
  const properties = property(schema.node, 'properties');
  if (properties?.type !== 'object') return undefined;
  let failing = false;
  forEachKey(properties, (key) => {
    failing ||= !passesEveryRule(key);
  });
  if (!failing) return undefined;
  const base = schema.base;
  const keys: PropertyKeySite[] = [];
  forEachKey(properties, (key, offset, length) =>
    keys.push({ key, range: offsetRange(base + offset, base + offset + length) }),
  );
  const requiredNode = property(schema.node, 'required');
  const required: PropertyKeySite[] = [];
  if (requiredNode?.type === 'array') {
    for (const entry of requiredNode.children ?? []) {
      const key = stringValue(entry);
      if (key !== undefined) required.push({ key, range: rangeOf(entry, base) });
    }
  }
  return { pointer: joinPointer(schema.pointer, 'properties'), keys, required };
}

/** Every provider's property-key rule, once each (checks/parameters.ts judges keys by them). */
const KEY_RULES: readonly ParameterRule[] = [
  ...new Set(Object.values(PROVIDERS).flatMap((p) => (p.parameterRule ? [p.parameterRule] : []))),
];

function passesEveryRule(key: string): boolean {
  return KEY_RULES.every((rule) => rule.pattern.test(key));
}

/** A reference is only worth resolving when it is a non-empty string; anything else is ignored. */
export function reference(
  holder: Located | undefined,
  key: string,
  kind: ToolReference['kind'],
  label: string,
): ToolReference | undefined {
  const at = holder ? child(holder, key) : undefined;
  return at ? referenceAt(at, kind, label) : undefined;
}

export function referenceAt(at: Located, kind: ToolReference['kind'], label: string): ToolReference | undefined {
  const name = stringValue(at.node);
  if (!name) return undefined;
  return { kind, name, range: rangeOf(at.node, at.base), pointer: at.pointer, label };
}

export function typeOf(at: Located): string | undefined {
  return stringValue(property(at.node, 'type'));
}

export function pushDefined<T>(target: T[], value: T | undefined): void {
  if (value !== undefined) target.push(value);
}
