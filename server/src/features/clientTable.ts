import { ALL_CLIENT_IDS, isMcpFormat, runClientCensusForDocument, sharedNote, type Analysis, type ClientResult } from '../core';

/**
 * The per-client outcomes of a document's MCP tools: the enabled clients' (from the analysis),
 * or, when none is enabled, every client's over this document alone, so hover and the census
 * view can always show what each client would send.
 */
export function clientResults(analysis: Analysis, fallbackServer: string): { results: readonly ClientResult[]; enabled: boolean } {
  if (analysis.clients.length > 0) return { results: analysis.clients, enabled: true };
  const mcp = analysis.requests.find((r) => isMcpFormat(r.format));
  if (!mcp) return { results: [], enabled: false };
  return { results: runClientCensusForDocument(analysis, mcp.serverName ?? fallbackServer, ALL_CLIENT_IDS), enabled: false };
}

export interface ClientRow {
  readonly client: string;
  readonly wireName: string;
  readonly fate: string;
  readonly note: string;
}

export function rowsForTool(results: readonly ClientResult[], tool: number): ClientRow[] {
  return results.flatMap((result) => {
    const outcome = result.tools.find((t) => t.tool === tool);
    if (!outcome) return [];
    const { profile } = result;
    const note = outcome.group.length > 1 ? sharedNote(outcome) : outcome.reason ?? '';
    return [{ client: `${profile.label} ${profile.version}`, wireName: outcome.wireName ?? '—', fate: outcome.fate, note }];
  });
}
