import {
  ALL_CLIENT_IDS,
  isMcpFormat,
  runClientCensusForDocument,
  type Analysis,
  type ClientResult,
  type ClientToolOutcome,
  type Located,
} from './core';

/** The client outcomes a hover or the census view shows: the enabled clients', or all of them. */
interface ClientTables {
  readonly results: readonly ClientResult[];
  /** False when no client is enabled and every client is shown (over this document alone). */
  readonly enabled: boolean;
}

/**
 * Lookups over one analysis, built once per document version next to it, so that hover, inlay
 * hints and the census view answer in time independent of the file's size, so 10k tools answer as fast as 10:
 * name sites sorted by offset (binary search instead of a scan of every tool), and the per-client
 * outcomes by tool. The all-clients tables shown when no client is enabled are computed on first
 * use and kept for the version, not recomputed on every hover.
 */
export class AnalysisIndex {
  private readonly clientTables = new Map<string, ClientTables>();
  private readonly outcomes = new Map<ClientResult, Map<number, ClientToolOutcome>>();
  /**
   * Proofs of fixes on this version's text, by a key naming the edits. VS Code asks for code
   * actions on every cursor move over a diagnostic, and each proof is a whole re-analysis, so a
   * fix is proven at most once per version; the next edit makes a new index, and so new proofs.
   */
  private readonly proofs = new Map<string, unknown>();
  /** Built on first use: diagnostics alone never pay for it. */
  private sorted: Sorted | undefined;
  /**
   * The sorted sites of an analysis this one was shifted from (directly or through others). A
   * shift moves every offset after the edit by the same amount and none inside it, so the order
   * stays right and only the ranges are read again: no sort on each keystroke (VS Code asks for
   * inlay hints after every edit).
   */
  private readonly earlierOrder: Sorted | undefined;
  /** Where a suppression is written (a comment or the config); it needs the text's comments. */
  private commentsOrConfig: 'comment' | 'config' | undefined;

  /**
   * `carried`: the index of the analysis this one was computed from (`core/incremental`). Either
   * reuse leaves every token but a string's content or the spaces between tokens as they were, so
   * what depends on comments alone (the suppression target) is taken over. A shifted analysis
   * also has the same tools and names, offsets moved, and the very same client results. Client
   * outcomes hold tool indexes and names, never an offset of this document, so then the
   * all-clients tables and the outcomes by tool stay right and are taken over too: the first
   * hover after each keystroke in a 10k-tool file would otherwise rewrite every tool seven times
   * and index every outcome again. Lookups by offset and proofs are this version's own.
   */
  constructor(
    readonly analysis: Analysis,
    carried?: { readonly from: AnalysisIndex; readonly shifted: boolean },
  ) {
    this.commentsOrConfig = carried?.from.commentsOrConfig;
    const shiftedFrom = carried?.shifted ? carried.from : undefined;
    this.earlierOrder = shiftedFrom?.sorted ?? shiftedFrom?.earlierOrder;
    if (!shiftedFrom) return;
    for (const [server, tables] of shiftedFrom.clientTables) this.clientTables.set(server, tables);
    for (const [result, byTool] of shiftedFrom.outcomes) this.outcomes.set(result, byTool);
  }

  private get lookups(): Sorted {
    return (this.sorted ??= this.earlierOrder
      ? resortedSites(this.earlierOrder, this.analysis)
      : sortSites(this.analysis));
  }

  /**
   * The tool name or reference whose token contains `offset` (ends inclusive), preferring a tool
   * over a reference and the first of each, as `locateAt` of the core does by scanning.
   */
  locate(offset: number): Located | undefined {
    // Candidates start at or before the offset and end at or after it.
    const { sites, maxEnd } = this.lookups;
    const last = upperBound(sites.length, (i) => sites[i]!.start <= offset) - 1;
    const first = upperBound(sites.length, (i) => maxEnd[i]! < offset);
    let best: { located: Located; order: number } | undefined;
    for (let i = first; i <= last; i++) {
      const site = sites[i]!;
      if (site.end >= offset && (!best || site.order < best.order)) best = site;
    }
    return best?.located;
  }

  /** Named tools whose name ends within [from, to], in document order of those ends. */
  namesEndingIn(from: number, to: number): number[] {
    const { byNameEnd } = this.lookups;
    const end = (k: number) => this.analysis.tools[byNameEnd[k]!]!.declaration.name.range.end;
    const first = upperBound(byNameEnd.length, (k) => end(k) < from);
    const out: number[] = [];
    for (let k = first; k < byNameEnd.length && end(k) <= to; k++) out.push(byNameEnd[k]!);
    return out;
  }

  /**
   * The enabled clients' outcomes (from the analysis), or, when none is enabled, every client's
   * over this document alone, computed once per version (seven rewrites of every tool).
   */
  clientResults(fallbackServer: string): ClientTables {
    if (this.analysis.clients.length > 0) return { results: this.analysis.clients, enabled: true };
    const cached = this.clientTables.get(fallbackServer);
    if (cached) return cached;
    const mcp = this.analysis.requests.find((r) => isMcpFormat(r.format));
    const tables: ClientTables = mcp
      ? {
          results: runClientCensusForDocument(this.analysis, mcp.serverName ?? fallbackServer, ALL_CLIENT_IDS),
          enabled: false,
        }
      : { results: [], enabled: false };
    this.clientTables.set(fallbackServer, tables);
    return tables;
  }

  /** Where this document's suppressions go, computed once and kept across edits that keep its comments. */
  suppressTarget(compute: () => 'comment' | 'config'): 'comment' | 'config' {
    return (this.commentsOrConfig ??= compute());
  }

  /** `compute()` once per version and key (a proof of a fix, the fix-all set), then the kept answer. */
  memo<T>(key: string, compute: () => T): T {
    if (this.proofs.has(key)) return this.proofs.get(key) as T;
    const value = compute();
    this.proofs.set(key, value);
    return value;
  }

  /** One tool's outcome in one client's result (a map built on first use, not a scan). */
  outcomeOf(result: ClientResult, tool: number): ClientToolOutcome | undefined {
    let byTool = this.outcomes.get(result);
    if (!byTool) {
      byTool = new Map(result.tools.map((t) => [t.tool, t]));
      this.outcomes.set(result, byTool);
    }
    return byTool.get(tool);
  }
}

interface Site {
  readonly start: number;
  readonly end: number;
  readonly located: Located;
  /** Tools first, then references, each in document order: who wins when two sites touch. */
  readonly order: number;
}

interface Sorted {
  /** Name sites (tool names, then references), sorted by start offset. */
  readonly sites: readonly Site[];
  /** maxEnd[i]: the largest end among sites[0..i]; non-decreasing, so it can be searched too. */
  readonly maxEnd: readonly number[];
  /** Named tools sorted by the end of their name (where an inlay hint goes). */
  readonly byNameEnd: readonly number[];
}

function sortSites(analysis: Analysis): Sorted {
  const sites: Site[] = [];
  analysis.tools.forEach((tool, i) => {
    if (tool.name !== undefined)
      sites.push({ ...tool.declaration.name.range, located: { kind: 'tool', tool: i }, order: i });
  });
  analysis.references.forEach((ref, i) => {
    sites.push({
      ...ref.reference.range,
      located: { kind: 'reference', reference: i, tool: ref.target },
      order: analysis.tools.length + i,
    });
  });
  sites.sort((a, b) => a.start - b.start || a.order - b.order);
  const maxEnd: number[] = [];
  for (const site of sites) maxEnd.push(Math.max(maxEnd[maxEnd.length - 1] ?? -1, site.end));
  const end = (i: number) => analysis.tools[i]!.declaration.name.range.end;
  const byNameEnd = analysis.tools
    .flatMap((tool, i) => (tool.name === undefined ? [] : [i]))
    .sort((a, b) => end(a) - end(b) || a - b);
  return { sites, maxEnd, byNameEnd };
}

/** `earlier`'s order over `analysis`'s ranges: right when `analysis` is `earlier`'s shifted (see `earlierOrder`). */
function resortedSites(earlier: Sorted, analysis: Analysis): Sorted {
  const sites = earlier.sites.map((site): Site => {
    const located = site.located;
    const range =
      located.kind === 'tool'
        ? analysis.tools[located.tool]!.declaration.name.range
        : analysis.references[located.reference]!.reference.range;
    return { start: range.start, end: range.end, located, order: site.order };
  });
  const maxEnd: number[] = [];
  for (const site of sites) maxEnd.push(Math.max(maxEnd[maxEnd.length - 1] ?? -1, site.end));
  return { sites, maxEnd, byNameEnd: earlier.byNameEnd };
}

/** The first index in [0, length) where `below` turns false (`below` is true, then false). */
function upperBound(length: number, below: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (below(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
