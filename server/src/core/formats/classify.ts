import type { Node } from 'jsonc-parser';
import { looksLikeSchema, property, propertyKey, stringValue } from '../json/nodes';
import { FUNCTION_DECLARATIONS } from './gemini';

/** The shape of a `tools` array, read from its items. */
export type ToolsShape = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'bedrock' | 'mcp' | 'generic';

/**
 * Decides what kind of tools an array holds from the first item that says so. Items that say
 * nothing (built-in tools such as `{type:"web_search"}`, cache points) are skipped, so a request
 * that starts with a built-in tool is still recognised. An array where no item is decisive is not
 * a tool array: zero false alarms on package.json-like data matters more than recall.
 */
export function classifyToolItems(items: readonly Node[]): ToolsShape | undefined {
  for (const item of items) {
    const shape = classifyItem(item);
    if (shape) return shape;
  }
  return undefined;
}

function classifyItem(item: Node): ToolsShape | undefined {
  if (item.type !== 'object') return undefined;
  for (const key of FUNCTION_DECLARATIONS) if (property(item, key)) return 'gemini';
  if (property(item, 'toolSpec')) return 'bedrock';
  const type = stringValue(property(item, 'type'));
  if (type === 'function') {
    const fn = property(item, 'function');
    if (fn && fn.type === 'object') return 'openai-chat';
    if (property(item, 'name')) return 'openai-responses';
  }
  if (stringValue(property(item, 'name')) === undefined) return undefined;
  if (property(item, 'input_schema')) return 'anthropic';
  if (property(item, 'inputSchema')) return 'mcp';
  if (looksLikeSchema(property(item, 'parameters'))) return 'generic';
  if (isDockerCatalogueItem(item)) return 'mcp';
  return undefined;
}

/**
 * Docker's MCP catalogue (docker/mcp-registry `servers/<server>/tools.json`) lists a server's
 * tools as `{name, description, arguments: [{name, type, desc}]}`: MCP tools in its own shape.
 */
function isDockerCatalogueItem(item: Node): boolean {
  const args = property(item, 'arguments');
  if (args?.type !== 'array' || stringValue(property(item, 'description')) === undefined) return false;
  return (args.children ?? []).every((arg) => arg.type === 'object' && property(arg, 'name') !== undefined);
}

/** The keys an MCP Tool object (and Docker's catalogue entry) may have. */
const TOOL_KEYS = new Set([
  'name',
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
  'arguments',
  'icons',
  '_meta',
]);

/**
 * A bare array in which every item is `{name, description}` and nothing but MCP Tool keys: a
 * catalogue listing with the schemas left out (Docker's registry has 300 such tools). Every item
 * must fit, so an array of people or packages with a `description` is not mistaken for tools.
 */
export function isBareToolCatalogue(items: readonly Node[]): boolean {
  if (items.length === 0) return false;
  return items.every(
    (item) =>
      item.type === 'object' &&
      stringValue(property(item, 'name')) !== undefined &&
      stringValue(property(item, 'description')) !== undefined &&
      (item.children ?? []).every((prop) => TOOL_KEYS.has(String(propertyKey(prop)))),
  );
}

/** A whole document that is one tool: MCP `{name, inputSchema}` or a function `{name, parameters}`. */
export function classifySingleTool(node: Node): 'mcp-tool' | 'generic-tool' | undefined {
  if (node.type !== 'object' || stringValue(property(node, 'name')) === undefined) return undefined;
  const inputSchema = property(node, 'inputSchema');
  if (inputSchema && inputSchema.type === 'object') return 'mcp-tool';
  if (looksLikeSchema(property(node, 'parameters')) || looksLikeSchema(property(node, 'input_schema')))
    return 'generic-tool';
  return undefined;
}

/** Anthropic requests whose tools are all server tools (`{type, name}`) have no input_schema. */
export function looksLikeAnthropicRequest(request: Node): boolean {
  const model = stringValue(property(request, 'model'));
  return model?.startsWith('claude') || property(request, 'anthropic_version') !== undefined;
}
