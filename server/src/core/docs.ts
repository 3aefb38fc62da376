import type { FindingCode } from './findings';

/** Where each code is explained (docs/diagnostics.md has one section per code, anchored by it). */
export const DOCS_BASE = 'https://github.com/toolwire/toolwire/blob/main/docs/diagnostics.md';

export function docsUrl(code: FindingCode): string {
  return `${DOCS_BASE}#${code}`;
}

/** One line per code, for SARIF rules and the census view. */
export const CODE_SUMMARIES: Readonly<Record<FindingCode, string>> = {
  'invalid-name': "The name sent fails a targeted provider's tool-name rule.",
  'wire-collision': 'Two or more tools of one request share a wire name.',
  'reserved-name': "The wire name is taken by the runtime's own tools.",
  'not-invocable': 'An ADS capability has no valid invocation name (derived name over 64 or invalid).',
  'invalid-invocation-name': 'An ADS invocationName breaks ^[A-Za-z][A-Za-z0-9_-]{0,63}$.',
  'invalid-capability-name': 'An ADS capability name is not a namespacedName.',
  'invalid-parameter-name': "A property key of a tool's input schema fails a targeted provider's rule.",
  'schema-rejected': "A tool's input schema holds what a targeted provider refuses: the request fails.",
  'schema-altered': 'An MCP client drops or rewrites a schema keyword: the model sees another contract.',
  'case-collision': 'Two wire names differ only in case.',
  'unresolved-reference': 'A tool_choice, allowed name or replayed call names no offered tool.',
  'missing-name': 'A tool has no usable name.',
  'too-many-tools': 'More tools than a targeted provider accepts in one request.',
  'renamed-on-wire': 'The runtime sends the tool under another name (off unless a severity or --hints turns it on).',
  'client-rejected': 'An MCP client sends the tool under a name the provider rejects: the request fails.',
  'client-dropped': 'An MCP client leaves the tool out.',
  'client-collision': 'Two tools share one name after an MCP client rewrites them.',
  'unused-suppression': 'A suppression comment or .toolwire.json ignore entry silences nothing.',
};
