import type { Node } from 'jsonc-parser';
import { joinPointer } from '../json/nodes';
import { parseDocument } from '../json/parse';
import type { SourceLanguage } from '../languages';
import { FUNCTION_DECLARATIONS } from './gemini';
import { parseYaml } from '../yaml/parse';

/**
 * Keys that tool definitions, tool-calling requests, ADS manifests and MCP client configurations
 * use, and other data hardly does: one of them anywhere is enough. Not all of READ_KEYS
 * (`readKeys.ts`): `messages`, `content` or `input` are in every chat prompt template too.
 */
const TOOL_KEYS: readonly string[] = [
  'inputSchema',
  'input_schema',
  'parametersJsonSchema',
  ...FUNCTION_DECLARATIONS,
  'toolSpec',
  'invocationName',
  'mcpServers',
  'tools',
  'functions',
  'tool_choice',
];

/**
 * Keys an MCP message uses for other things too: an `initialize` request's capabilities say
 * `"tools": { "listChanged": true }`. They count when they hold a list, or a record of objects.
 */
const LIST_KEYS: readonly string[] = ['tools', 'functions'];

/** Whether a `tools` value may hold tools: an array, or an object with an object among its values. */
function holdsTools(value: Node | undefined): boolean {
  if (value?.type === 'array') return true;
  return value?.type === 'object' && (value.children ?? []).some((prop) => prop.children?.[1]?.type === 'object');
}

/**
 * Keys other data uses too (an OpenAPI operation has `parameters`; a package.json has `name`):
 * they count only beside a `name` in the same object, or, for `function`, holding an object
 * (OpenAI's `{ "type": "function", "function": { ... } }`).
 */
const KEYS_BESIDE_NAME: readonly string[] = ['parameters', 'arguments', 'args'];

/** A broken file is rare and this runs only on one; the bound keeps a huge one cheap anyway. */
const MAX_NODES = 100_000;

/**
 * Whether what a tolerant parse recovers from a text that is not valid JSON, JSON Lines or YAML
 * still looks like tool definitions: the key that says so and where (`"inputSchema" at
 * "/tools/0"`), or undefined. A folder walk reports a broken file as an error only then; a
 * template or a deliberately broken fixture that happens to be named `.json` is a notice. Pure,
 * never throws, walks the tree without recursion.
 */
export function looksLikeToolDefinitions(text: string, language: SourceLanguage = 'json'): string | undefined {
  try {
    const parsed = language === 'yaml' ? parseYaml(text) : parseDocument(text);
    const stack: Array<{ node: Node; pointer: string }> = parsed.values
      .map((v) => ({ node: v.node, pointer: v.pointer }))
      .reverse();
    let budget = MAX_NODES;
    for (let next = stack.pop(); next !== undefined && budget > 0; next = stack.pop(), budget -= 1) {
      const { node, pointer } = next;
      if (node.type === 'array') {
        const items = node.children ?? [];
        for (let i = items.length - 1; i >= 0; i -= 1)
          stack.push({ node: items[i]!, pointer: joinPointer(pointer, i) });
        continue;
      }
      if (node.type !== 'object') continue;
      const found = toolKeyOf(node);
      if (found !== undefined) return `"${found}" at ${pointer === '' ? 'the top level' : `"${pointer}"`}`;
      const props = node.children ?? [];
      for (let i = props.length - 1; i >= 0; i -= 1) {
        const [key, value] = props[i]!.children ?? [];
        if (key && value) stack.push({ node: value, pointer: joinPointer(pointer, String(key.value)) });
      }
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** The key of this object that makes it look like a tool, a request or an MCP configuration. */
function toolKeyOf(node: Node): string | undefined {
  const keys = new Map<string, Node | undefined>();
  for (const prop of node.children ?? []) {
    const [key, value] = prop.children ?? [];
    if (typeof key?.value === 'string') keys.set(key.value, value);
  }
  for (const [key, value] of keys)
    if (TOOL_KEYS.includes(key) && (!LIST_KEYS.includes(key) || holdsTools(value))) return key;
  if (keys.get('function')?.type === 'object') return 'function';
  if (isServerMap(keys.get('servers'))) return 'servers';
  if (keys.get('name')?.type === 'string')
    for (const key of KEYS_BESIDE_NAME) if (keys.get(key)?.type === 'object') return key;
  return undefined;
}

/**
 * VS Code's `.vscode/mcp.json` lists its servers under `servers`, a word OpenAPI uses too (for an
 * array of URLs): here an object whose entries launch (`command`) or reach (`url`) a server.
 */
function isServerMap(node: Node | undefined): boolean {
  if (node?.type !== 'object') return false;
  return (node.children ?? []).some((prop) =>
    (prop.children?.[1]?.children ?? []).some((inner) => {
      const key = inner.children?.[0]?.value;
      return key === 'command' || key === 'url';
    }),
  );
}
