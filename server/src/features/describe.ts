import type { Analysis, AnalyzedTool, FormatId } from '../core';
import type { Rich } from './rich';

export const FORMAT_LABELS: Readonly<Record<FormatId, string>> = {
  'ads-manifest': 'ADS manifest',
  'openai-chat': 'OpenAI Chat Completions request',
  'openai-responses': 'OpenAI Responses request',
  'anthropic-messages': 'Anthropic Messages request',
  gemini: 'Gemini request',
  'bedrock-converse': 'Bedrock Converse request',
  'mcp-tools-list': 'MCP tool list',
  'mcp-tool': 'MCP tool',
  'generic-tools': 'tool array',
};

export function describeWire(tool: AnalyzedTool): string {
  switch (tool.wireSource) {
    case 'verbatim': return 'sent as written: this file is the request body';
    case 'model-safe': return tool.wireName === tool.name ? 'model-safe: already in the form' : 'model-safe: characters outside [A-Za-z0-9_-] become `_`, cut to 64';
    case 'ads-explicit': return 'ADS-2: its `invocationName`';
    case 'ads-derived': return 'ADS-2: every `.` becomes `-`, never truncated';
  }
}

/** Rich text: the kept tool's name is the user's, escaped by whoever renders it. */
export function describeFate(analysis: Analysis, tool: AnalyzedTool): Rich {
  switch (tool.fate) {
    case 'offered': return ['offered to the model'];
    case 'not-invocable': return ['not invocable: no valid wire name, models never see it'];
    case 'unnamed': return ['no usable name'];
    case 'left-out': {
      const kept = tool.keptInGroup === undefined ? undefined : analysis.tools[tool.keptInGroup];
      return kept ? ['left out of the request (the runtime keeps ', { code: kept.name ?? '' }, ')'] : ['left out of the request'];
    }
  }
}
