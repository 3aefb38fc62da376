import {
  describeReason,
  othersInGroup,
  PROVIDERS,
  requestFailures,
  schemaAsSent,
  schemaDiffText,
  type AnalyzedTool,
  type ClientResult,
  type RequestCensus,
} from '../core';
import type { AnalysisIndex } from '../analysisIndex';
import { clientRow } from './clientTable';
import { describeFate, FORMAT_LABELS } from './describe';
import type { Rich } from './rich';

/** Rows per page: a 10k-tool file with every client shown is 80k rows, 46 MB of HTML at once. */
export const CENSUS_PAGE_SIZE = 200;
/** A JSON Lines file of thousands of requests gets no table of contents (it would be the page). */
const MAX_CONTENTS = 50;

interface CensusRow {
  readonly cells: readonly Rich[];
  /** Rejected, left out, dropped or colliding: highlighted. */
  readonly bad: boolean;
}

/** One table (a request, or one MCP client) as far as it shows on this page. */
export interface CensusSection {
  readonly heading: string;
  readonly summary: Rich;
  readonly headers: readonly string[];
  /** The index of `rows[0]` in the whole table, and the table's size. */
  readonly firstRow: number;
  readonly rowCount: number;
  readonly rows: readonly CensusRow[];
}

/**
 * One page of the census: every table's rows laid end to end and cut into pages of `pageSize`
 * rows, so a page costs the same whatever the file's size. `fileName` is the user's text.
 */
export interface CensusPage {
  readonly fileName: string;
  readonly page: number;
  readonly pages: number;
  readonly pageSize: number;
  readonly totalRows: number;
  readonly sections: readonly CensusSection[];
  /** Where each table starts (for a table of contents); empty when there are too many tables. */
  readonly contents: ReadonlyArray<{ readonly heading: string; readonly page: number }>;
  /** Set when the file is not a tool file: a sentence instead of tables. */
  readonly notice?: string;
}

/** A table before paging: its rows are made only for the page that shows them. */
interface Table {
  readonly heading: string;
  readonly summary: Rich;
  readonly headers: readonly string[];
  readonly rowCount: number;
  row(index: number): CensusRow;
}

export function censusPage(
  fileName: string,
  index: AnalysisIndex,
  fallbackServer: string,
  page = 0,
  pageSize = CENSUS_PAGE_SIZE,
): CensusPage {
  const analysis = index.analysis;
  if (analysis.format === null) {
    return {
      fileName,
      page: 0,
      pages: 1,
      pageSize,
      totalRows: 0,
      sections: [],
      contents: [],
      notice: 'is not a tool file toolwire recognises (MCP tool lists, provider requests, ADS manifests, tool arrays).',
    };
  }
  const tables = [
    ...analysis.requests.map((request, i) => requestTable(index, request, i)),
    ...clientTables(index, fallbackServer),
  ];
  const totalRows = tables.reduce((sum, t) => sum + t.rowCount, 0);
  const pages = Math.max(1, Math.ceil(totalRows / pageSize));
  const current = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  const from = current * pageSize;
  const to = from + pageSize;
  const sections: CensusSection[] = [];
  const contents: Array<{ heading: string; page: number }> = [];
  let start = 0;
  for (const table of tables) {
    const startPage = Math.min(Math.floor(start / pageSize), pages - 1);
    if (tables.length <= MAX_CONTENTS) contents.push({ heading: table.heading, page: startPage });
    const first = Math.max(from, start);
    const last = Math.min(to, start + table.rowCount);
    // An empty table shows on the page where it would start.
    if (first < last || (table.rowCount === 0 && startPage === current)) {
      const rows: CensusRow[] = [];
      for (let r = first; r < last; r++) rows.push(table.row(r - start));
      sections.push({
        heading: table.heading,
        summary: table.summary,
        headers: table.headers,
        firstRow: Math.max(0, first - start),
        rowCount: table.rowCount,
        rows,
      });
    }
    start += table.rowCount;
  }
  return { fileName, page: current, pages, pageSize, totalRows, sections, contents };
}

/** Per request: every tool, its wire name, its fate, each target's verdict, its collisions. */
function requestTable(index: AnalysisIndex, request: RequestCensus, i: number): Table {
  const analysis = index.analysis;
  const count = request.tools.length;
  const failures = requestFailures(analysis, i);
  return {
    heading: `${analysis.requests.length > 1 ? `Request ${i + 1}: ` : ''}${FORMAT_LABELS[request.format]}`,
    summary: [
      `${count} tool${count === 1 ? '' : 's'}, ${request.offeredCount} offered · derivation ${request.derivation} · targets ${request.targets.join(', ')}`,
    ],
    headers: ['tool', 'wire name', 'fate', ...request.targets.map((t) => PROVIDERS[t].label), 'collides with'],
    rowCount: count,
    row(r) {
      const toolIndex = request.tools[r]!;
      const tool = analysis.tools[toolIndex]!;
      const others = othersInGroup(tool, toolIndex, 5);
      const more = tool.wireGroup.length - 1 - others.length;
      const collisions: Rich =
        others.length === 0
          ? ['—']
          : [
              ...others.flatMap((o, k) => [...(k > 0 ? [', '] : []), { code: analysis.tools[o]!.name ?? '' }]),
              ...(more > 0 ? [` and ${more} more`] : []),
            ];
      return {
        cells: [
          tool.name === undefined ? ['(no name)'] : [{ code: tool.name }],
          tool.wireName === null ? ['—'] : [{ code: tool.wireName }],
          describeFate(analysis, tool, { index: toolIndex, failures }),
          ...request.targets.map((provider) => verdict(tool, provider)),
          collisions,
        ],
        bad: tool.fate !== 'offered' || tool.wireGroup.length > 0 || tool.verdicts.some((v) => !v.verdict.accepted),
      };
    },
  };
}

function verdict(tool: AnalyzedTool, provider: string): Rich {
  const entry = tool.verdicts.find((v) => v.provider === provider);
  if (!entry) return ['—'];
  // A reason quotes the offending character of the user's name: user text.
  const reasons = { text: entry.verdict.reasons.map(describeReason).join('; ') };
  if (!entry.verdict.accepted) return ['✗ ', reasons];
  return entry.verdict.reasons.length > 0 ? ['⚠ ', reasons] : ['✓'];
}

/** One table per MCP client: each tool's wire name and fate in that client, as each client rewrites names its own way. */
function clientTables(index: AnalysisIndex, fallbackServer: string): Table[] {
  const { results, enabled } = index.clientResults(fallbackServer);
  return results.map((result: ClientResult) => {
    const { profile } = result;
    return {
      heading: `${profile.label} ${profile.version}`,
      // The shape reads like `mcp/<server>/<tool>`: plain text, or Markdown would take it for HTML.
      summary: [
        'server ',
        { code: result.server },
        ' · ',
        { text: profile.shape },
        enabled
          ? ' · schema as sent: − dropped, ~ rewritten, ≈ rewritten with the same contract'
          : ' · not enabled (set toolwire.clients or "clients" in .toolwire.json to check it)',
      ],
      // The schema as sent only for a client the analysis modelled: with none enabled, the
      // keywords clients alter were never collected, and "as written" would be a guess.
      headers: ['tool', 'sent as', 'fate', 'why', ...(enabled ? ['schema as sent'] : [])],
      rowCount: result.tools.length,
      row(r) {
        // The outcome is at hand: no search of the result per row (that was quadratic).
        const outcome = result.tools[r]!;
        const row = clientRow(result, outcome);
        const tool = index.analysis.tools[outcome.tool]!;
        return {
          cells: [
            [{ code: tool.name ?? '' }],
            row.wireName === null ? ['—'] : [{ code: row.wireName }],
            [row.fate],
            row.note ? [{ text: row.note }] : ['—'],
            // Pointers hold the user's keys: user text.
            ...(enabled ? [[{ text: schemaDiffText(schemaAsSent(tool.declaration.schema, result.client)) }]] : []),
          ],
          bad: outcome.fate === 'dropped' || outcome.fate === 'request-fails' || outcome.group.length > 1,
        };
      },
    };
  });
}
