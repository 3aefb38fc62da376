import type { ProviderId } from '../profiles/providers';

export interface FormatEntry {
  /** What a person calls a file of this format (hover, census, status item, symbols). */
  readonly label: string;
  /**
   * The provider whose own request body this is: sent verbatim, judged by that provider alone
   * (a 100-character name is fine in an Anthropic body and wrong in an OpenAI one).
   */
  readonly provider?: ProviderId;
  /** A server's tools as MCP clients receive them: only these get a client census. */
  readonly mcp?: boolean;
}

/**
 * Every format, once, so no list of formats can fall out of step: labels, the provider a body belongs to, and whether it is
 * an MCP server's tool list are read from here, never listed again elsewhere.
 */
const FORMAT_TABLE = {
  'ads-manifest': { label: 'ADS manifest' },
  'openai-chat': { label: 'OpenAI Chat Completions request', provider: 'openai' },
  'openai-responses': { label: 'OpenAI Responses request', provider: 'openai' },
  'anthropic-messages': { label: 'Anthropic Messages request', provider: 'anthropic' },
  gemini: { label: 'Gemini request', provider: 'gemini' },
  'bedrock-converse': { label: 'Bedrock Converse request', provider: 'bedrock' },
  'mcp-tools-list': { label: 'MCP tool list', mcp: true },
  'mcp-tool': { label: 'MCP tool', mcp: true },
  'generic-tools': { label: 'tool array' },
} satisfies Record<string, FormatEntry>;

/**
 * Every file shape toolwire recognises: the registry's keys. `null` elsewhere means "not a tool
 * file": no findings.
 */
export type FormatId = keyof typeof FORMAT_TABLE;

export const FORMATS: Readonly<Record<FormatId, FormatEntry>> = FORMAT_TABLE;

export const FORMAT_IDS = Object.keys(FORMATS) as FormatId[];

/** An MCP server's tools (a `tools/list` result or one tool): what MCP clients rewrite. */
export function isMcpFormat(format: FormatId | null | undefined): boolean {
  return format !== null && format !== undefined && FORMATS[format].mcp === true;
}
