import type { Node } from 'jsonc-parser';
import { joinPointer, stringValue } from '../json/nodes';
import { parseSource, type SourceLanguage } from '../source';

/**
 * Keys that hold a tool's argument schema in the formats we know and in their near relatives.
 * A `name` beside one of these, holding an object, is what a tool definition looks like.
 */
const SCHEMA_KEYS = [
  'parameters',
  'inputSchema',
  'input_schema',
  'parametersJsonSchema',
  'schema',
  'arguments',
  'args',
  'input',
  'params',
] as const;
/**
 * A lone object needs one of the unambiguous keys: `{name, schema}` alone is also OpenAI's
 * `response_format.json_schema`, which is no tool.
 */
const LONE_OBJECT_KEYS: readonly string[] = ['parameters', 'inputSchema', 'input_schema', 'parametersJsonSchema'];

const JSON_KEY_PATTERNS = { name: /"name"\s*:/, schema: new RegExp(`"(?:${SCHEMA_KEYS.join('|')})"\\s*:`) };
/** YAML keys may be plain or quoted either way. */
const YAML_KEY_PATTERNS = {
  name: /["']?\bname["']?\s*:/,
  schema: new RegExp(`["']?\\b(?:${SCHEMA_KEYS.join('|')})["']?\\s*:`),
};

/** Bounds: the detector runs only on files nothing recognised, and must stay cheap on any. */
const MAX_DEPTH = 24;
const MAX_NODES = 50_000;

/**
 * Why a document that no recogniser claimed still looks like tool definitions, or undefined.
 * Conservative on purpose (it feeds `--verbose` and a hint, never a finding): it needs objects
 * with a string `name` beside an object under a schema key (`parameters`, `inputSchema`...), so a
 * package.json's `{name, description}` does not count. Pure, never throws.
 */
export function unrecognisedToolShape(text: string, language: SourceLanguage = 'json'): string | undefined {
  // Most files nothing claimed are data: a string search spares them a second parse.
  const keys = language === 'yaml' ? YAML_KEY_PATTERNS : JSON_KEY_PATTERNS;
  if (!keys.name.test(text) || !keys.schema.test(text)) return undefined;
  try {
    const parsed = parseSource(text, language);
    const budget = { nodes: MAX_NODES };
    for (const value of parsed.values) {
      const found = search(value.node, value.pointer, 0, budget);
      if (found) return found;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function search(node: Node, pointer: string, depth: number, budget: { nodes: number }): string | undefined {
  if (depth > MAX_DEPTH || --budget.nodes < 0) return undefined;
  if (node.type === 'array') {
    const described = describeArray(node, pointer);
    if (described) return described;
    for (const [i, item] of (node.children ?? []).entries()) {
      const found = search(item, joinPointer(pointer, i), depth + 1, budget);
      if (found) return found;
    }
    return undefined;
  }
  if (node.type !== 'object') return undefined;
  const key = toolKey(node);
  if (key && LONE_OBJECT_KEYS.includes(key)) return `an object with "name" and "${key}" at ${where(pointer)}`;
  for (const prop of node.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode || !valueNode) continue;
    const found = search(valueNode, joinPointer(pointer, String(keyNode.value)), depth + 1, budget);
    if (found) return found;
  }
  return undefined;
}

/** An array most of whose items are tool-like objects, described with the keys seen. */
function describeArray(node: Node, pointer: string): string | undefined {
  const items = node.children ?? [];
  if (items.length === 0) return undefined;
  const keys = new Set<string>();
  let toolLike = 0;
  for (const item of items) {
    const key = item.type === 'object' ? toolKey(item) : undefined;
    if (key) {
      toolLike += 1;
      keys.add(key);
    }
  }
  if (toolLike === 0 || toolLike * 2 < items.length) return undefined;
  const with_ = [...keys].map((k) => `"${k}"`).join(' or ');
  const count =
    toolLike === items.length
      ? `${items.length} ${plural(items.length, 'object')}`
      : `${toolLike} of ${items.length} items`;
  return `an array of ${count} with "name" and ${with_} at ${where(pointer)}`;
}

/** The schema key beside a string `name`, when this object has both. */
function toolKey(node: Node): string | undefined {
  let hasName = false;
  let schemaKey: string | undefined;
  for (const prop of node.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    const key = keyNode?.value;
    if (key === 'name' && stringValue(valueNode) !== undefined) hasName = true;
    else if (
      schemaKey === undefined &&
      valueNode?.type === 'object' &&
      (SCHEMA_KEYS as readonly unknown[]).includes(key)
    )
      schemaKey = key as string;
  }
  return hasName ? schemaKey : undefined;
}

function where(pointer: string): string {
  return pointer === '' ? 'the top level' : `"${pointer}"`;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
