import type { Analysis, ClientId, ClientResult, ClientToolOutcome } from '../../server/src/core';

/** One client's tools over every file of a census run, for the run's summary. */
interface ClientTotals {
  readonly client: ClientId;
  readonly label: string;
  readonly version: string;
  /** Tools this client was given, counted once per server name a file is sent under. */
  tools: number;
  sent: number;
  renamed: number;
  dropped: number;
  failing: number;
  /** Tools sharing their wire name with another tool in this client. */
  colliding: number;
}

/** Per client, in the order the clients were modelled. */
export function censusTotals(analyses: readonly Analysis[]): ClientTotals[] {
  const totals = new Map<ClientId, ClientTotals>();
  for (const analysis of analyses) {
    for (const result of analysis.clients) {
      const entry = totals.get(result.client) ?? {
        client: result.client,
        label: result.profile.label,
        version: result.profile.version,
        tools: 0,
        sent: 0,
        renamed: 0,
        dropped: 0,
        failing: 0,
        colliding: 0,
      };
      totals.set(result.client, entry);
      for (const t of result.tools) {
        entry.tools += 1;
        if (t.fate === 'sent') entry.sent += 1;
        else if (t.fate === 'renamed') entry.renamed += 1;
        else if (t.fate === 'dropped') entry.dropped += 1;
        else entry.failing += 1;
        if (t.group.length > 1) entry.colliding += 1;
      }
    }
  }
  return [...totals.values()];
}

/**
 * `--only-problems`: a tool that is dropped, makes the request fail, collides, or whose own name
 * the client changes (a character map, a cut, a hash). A prefix alone (`mcp__github__` +
 * the name) is how a client namespaces every tool: listing those would list everything.
 */
function isProblem(analysis: Analysis, outcome: ClientToolOutcome): boolean {
  if (outcome.fate === 'dropped' || outcome.fate === 'request-fails' || outcome.group.length > 1) return true;
  if (outcome.fate !== 'renamed') return false;
  const name = analysis.tools[outcome.tool]?.name ?? '';
  return outcome.wireName === null || !outcome.wireName.endsWith(name);
}

/** A client's result with only the rows `--only-problems` keeps. */
export function problemsOnly(analysis: Analysis, result: ClientResult): ClientResult {
  return { ...result, tools: result.tools.filter((t) => isProblem(analysis, t)) };
}

/** The closing table of `census`: one row per client. */
export function totalsText(totals: readonly ClientTotals[], files: number): string {
  const head = ['client', 'tools', 'sent', 'renamed', 'dropped', 'failing', 'colliding'];
  const rows = totals.map((t) => [
    t.label,
    ...[t.tools, t.sent, t.renamed, t.dropped, t.failing, t.colliding].map(String),
  ]);
  const widths = head.map((h, c) => rows.reduce((w, r) => Math.max(w, r[c]!.length), h.length));
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}`.trimEnd();
  return `${[`Totals per client (${files} MCP tool file${files === 1 ? '' : 's'}):`, line(head), ...rows.map(line)].join('\n')}\n`;
}

/** The totals as JSON fields (no label: the client id and version say which profile ran). */
export function totalsJson(totals: readonly ClientTotals[]) {
  return totals.map(({ client, version, tools, sent, renamed, dropped, failing, colliding }) => ({
    client,
    version,
    tools,
    sent,
    renamed,
    dropped,
    failing,
    colliding,
  }));
}
