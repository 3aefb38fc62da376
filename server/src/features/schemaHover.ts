import { schemaPlaceRows, type Analysis, type Finding, type OffsetRange } from '../core';
import { mdCode, mdText } from './markdown';

/** The codes a schema keyword's key carries. */
const SCHEMA_CODES = new Set<Finding['code']>(['schema-rejected', 'schema-altered']);

const VERDICT_MARKS = {
  accepted: '✓ accepted',
  stripped: '⚠ stripped',
  rewritten: '⚠ rewritten',
  refused: '✗ refused by the client',
  rejected: '✗ rejected',
} as const;

/**
 * Hover on a schema keyword that has a finding: per targeted provider and modelled client,
 * whether it is accepted, stripped, rewritten or rejected (`schemaPlaceRows`). Findings are sorted
 * by position, so a binary search finds the keyword's at the same cost in any file. A keyword
 * nobody alters or refuses has nothing to say, and gets no hover.
 */
export function schemaKeywordHover(
  analysis: Analysis,
  offset: number,
): { readonly lines: string[]; readonly range: OffsetRange } | undefined {
  const finding = schemaFindingAt(analysis.findings, offset);
  if (!finding || finding.tool === undefined) return undefined;
  const tool = analysis.tools[finding.tool];
  const site = tool?.declaration.schema;
  if (!tool || !site) return undefined;
  const targets = analysis.requests[tool.request]?.targets ?? [];
  const seen = new Set<string>();
  const clients = analysis.clients.flatMap((result) =>
    seen.has(result.client) ? [] : (seen.add(result.client), [result.profile]),
  );
  const rows = schemaPlaceRows(site, finding.pointer, targets, clients);
  if (rows.length === 0) return undefined;
  return {
    range: finding.range,
    lines: [
      `**Schema keyword** at ${mdCode(finding.pointer)} of **${mdCode(tool.name ?? '')}**`,
      '',
      '| provider or client | verdict | | read from |',
      '|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.kind === 'provider' ? `\`${row.who}\`` : mdText(row.who)} | ${VERDICT_MARKS[row.verdict]} | ${mdText(row.note)} | ${row.source ? mdText(row.source) : ''} |`,
      ),
    ],
  };
}

/** The schema finding whose key token holds the offset, if any. */
function schemaFindingAt(findings: readonly Finding[], offset: number): Finding | undefined {
  let low = 0;
  let high = findings.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (findings[mid]!.range.start <= offset) low = mid + 1;
    else high = mid;
  }
  // Every finding starting at the last start at or before the offset (one key may carry two codes).
  const start = findings[low - 1]?.range.start;
  for (let i = low - 1; i >= 0 && findings[i]!.range.start === start; i--) {
    const f = findings[i]!;
    if (SCHEMA_CODES.has(f.code) && f.range.end >= offset) return f;
  }
  return undefined;
}
