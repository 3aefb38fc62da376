import type { Node } from 'jsonc-parser';
import { property, stringValue } from '../json/nodes';
import type { RootValue } from '../json/parse';
import { extractAds, isAdsManifest } from './ads';
import { extractAnthropic } from './anthropic';
import { extractBedrock } from './bedrock';
import {
  classifySingleTool,
  classifyToolItems,
  isBareToolCatalogue,
  looksLikeAnthropicRequest,
  type ToolsShape,
} from './classify';
import { extractGemini } from './gemini';
import { extractNamedObjects, extractSingleTool } from './mcp';
import type { ExtractedRequest, Extraction, FormatId, RequestBody } from './model';
import { extractOpenAIChat, extractOpenAIResponses } from './openai';
import { child, type Located } from './sites';

/**
 * What one JSON value is. `single-tool` values (one tool per JSON Lines line, BFCL's
 * multi_turn_func_doc) are gathered into one request by `recognizeDocument`.
 */
type Recognized = { kind: 'request'; request: ExtractedRequest } | { kind: 'single-tool'; request: ExtractedRequest };

/**
 * Recognises every value of a parsed document and extracts its requests. Pure, never throws.
 * `forClients`: whether some MCP client is modelled, so MCP schemas keep the keywords clients alter.
 */
export function recognizeDocument(values: readonly RootValue[], forClients: boolean): Extraction {
  const requests: ExtractedRequest[] = [];
  const singles: ExtractedRequest[] = [];
  for (const value of values) {
    const found = recognizeValue({ node: value.node, pointer: value.pointer, base: value.base, forClients });
    if (!found) continue;
    (found.kind === 'single-tool' && values.length > 1 ? singles : requests).push(found.request);
  }
  if (singles.length > 0) requests.push(mergeSingles(singles));
  return { format: requests[0]?.format ?? null, requests };
}

function recognizeValue(value: Located): Recognized | undefined {
  // Envelopes are unwrapped in a loop, not by recursion: a chain of 100k `body`s must not
  // overflow the stack.
  let root = value;
  for (;;) {
    const inner = envelopeContent(root);
    if (!inner) break;
    root = inner;
  }
  if (root.node.type === 'array') return asRequest(fromToolsArray(undefined, root));
  if (root.node.type !== 'object') return undefined;

  const capabilities = isAdsManifest(root);
  if (capabilities) return asRequest(stamp('ads-manifest', extractAds(root, capabilities)));

  // Bedrock Converse keeps its tools under toolConfig (Gemini's toolConfig has none).
  const toolConfig = child(root, 'toolConfig');
  const configTools = toolConfig ? child(toolConfig, 'tools') : undefined;
  if (configTools && classifyToolItems(configTools.node.children ?? []) === 'bedrock') {
    return asRequest(stamp('bedrock-converse', extractBedrock(root, configTools)));
  }

  const tools = child(root, 'tools');
  if (tools && tools.node.type === 'array') {
    const request = fromToolsArray(root, tools);
    if (request) return asRequest(request);
  }

  const functions = child(root, 'functions');
  if (functions && classifyToolItems(functions.node.children ?? []) === 'generic') {
    return asRequest(stamp('openai-chat', extractOpenAIChat(root, functions, true)));
  }

  // BFCL question lines: {id, question, function: [...]}.
  const bfcl = child(root, 'function');
  if (bfcl && bfcl.node.type === 'array' && classifyToolItems(bfcl.node.children ?? []) !== undefined) {
    return asRequest(stamp('generic-tools', extractNamedObjects(root, bfcl)));
  }

  const single = classifySingleTool(root.node);
  if (single)
    return {
      kind: 'single-tool',
      request: stamp(single === 'mcp-tool' ? 'mcp-tool' : 'generic-tools', extractSingleTool(root)),
    };
  return undefined;
}

/** The request inside an envelope, or undefined when the value is no envelope. */
function envelopeContent(root: Located): Located | undefined {
  if (root.node.type !== 'object' || isAdsManifest(root)) return undefined;
  // OpenAI Batch input lines: {custom_id, method, url, body: <request>}.
  const body = child(root, 'body');
  if (body && child(root, 'custom_id')) return body;
  // JSON-RPC response to tools/list: {jsonrpc, id, result: {tools}}.
  const result = child(root, 'result');
  if (result && result.node.type === 'object' && child(result, 'tools')) return result;
  return undefined;
}

function fromToolsArray(request: Located | undefined, tools: Located): ExtractedRequest | undefined {
  const items = tools.node.children ?? [];
  const shape =
    classifyToolItems(items) ??
    anthropicServerToolsOnly(request, tools.node) ??
    (isBareToolCatalogue(items) ? 'mcp' : undefined);
  if (!shape) return undefined;
  const extracted = stamp(formatOf(shape), extractorFor(shape)(request, tools));
  const serverName = shape === 'mcp' && request ? recordedServerName(request) : undefined;
  const serverAnnounced = shape === 'mcp' && request ? announcedServerName(request) : undefined;
  return { ...extracted, ...(serverName ? { serverName } : {}), ...(serverAnnounced ? { serverAnnounced } : {}) };
}

/** `serverInfo.title || serverInfo.name`: the label VS Code gives a server once it has started. */
function announcedServerName(request: Located): string | undefined {
  for (const key of ['server_info', 'serverInfo']) {
    const info = child(request, key)?.node;
    const name = stringValue(property(info, 'title')) || stringValue(property(info, 'name'));
    if (name) return name;
  }
  return undefined;
}

/** A captured tools/list records its server: `server_info.name`, `serverInfo.name`, or `server`. */
function recordedServerName(request: Located): string | undefined {
  for (const key of ['server_info', 'serverInfo']) {
    const name = stringValue(property(child(request, key)?.node, 'name'));
    if (name) return name;
  }
  return stringValue(child(request, 'server')?.node) || undefined;
}

function anthropicServerToolsOnly(request: Located | undefined, tools: Node): ToolsShape | undefined {
  return request && (tools.children?.length ?? 0) > 0 && looksLikeAnthropicRequest(request.node)
    ? 'anthropic'
    : undefined;
}

function extractorFor(shape: ToolsShape): (request: Located | undefined, tools: Located) => RequestBody {
  switch (shape) {
    case 'openai-chat':
      return (request, tools) => extractOpenAIChat(request, tools, false);
    case 'openai-responses':
      return extractOpenAIResponses;
    case 'anthropic':
      return extractAnthropic;
    case 'gemini':
      return extractGemini;
    case 'bedrock':
      return extractBedrock;
    case 'mcp':
      return extractNamedObjects;
    case 'generic':
      return extractNamedObjects;
  }
}

function formatOf(shape: ToolsShape): FormatId {
  switch (shape) {
    case 'openai-chat':
      return 'openai-chat';
    case 'openai-responses':
      return 'openai-responses';
    case 'anthropic':
      return 'anthropic-messages';
    case 'gemini':
      return 'gemini';
    case 'bedrock':
      return 'bedrock-converse';
    case 'mcp':
      return 'mcp-tools-list';
    // `{tools:[{name, parameters}]}` and a bare array of function definitions alike.
    case 'generic':
      return 'generic-tools';
  }
}

function stamp(format: FormatId, body: RequestBody): ExtractedRequest {
  return { format, ...body };
}

function asRequest(request: ExtractedRequest | undefined): Recognized | undefined {
  return request ? { kind: 'request', request } : undefined;
}

/** One tool per line: the whole file is one census (BFCL multi_turn_func_doc: one API class). */
function mergeSingles(singles: readonly ExtractedRequest[]): ExtractedRequest {
  const first = singles[0]!;
  const last = singles[singles.length - 1]!;
  return {
    format: first.format,
    declarations: singles.flatMap((s) => s.declarations),
    references: [],
    anchorRange: { start: first.anchorRange.start, end: last.anchorRange.end },
    pointer: '',
  };
}
