import type { FingerprintParts } from '../../../server/src/core';
import type { FileReport } from '../model';
import { entryHash, entrySite, type BaselineEntry } from './baselineFile';

export interface BaselineMatch {
  /** The reports without the diagnostics the baseline holds. */
  readonly reports: FileReport[];
  /** The remaining diagnostics' fingerprints, in the same order. */
  readonly fingerprints: FingerprintParts[][];
  readonly matched: number;
  /** Entries for a file of this run, or a file that is gone, that no finding matched any more. */
  readonly stale: number;
  /** The baseline without the stale entries (`--prune`); entries for files not checked stay. */
  readonly pruned: BaselineEntry[];
}

/**
 * Takes the baseline's findings out of the reports, as a multiset: an entry matches one finding,
 * so two identical findings need two entries. Two passes: the exact fingerprint first, then, for
 * what is left on both sides, the same code on the same tool (and key) whoever else is involved,
 * so a tool joining a known collision is the one new finding, not every member's. Hints are never
 * matched: they are not reported as problems, and a baseline does not hold them.
 */
export function matchBaseline(
  reports: readonly FileReport[],
  fingerprints: ReadonlyArray<readonly FingerprintParts[]>,
  entries: readonly BaselineEntry[],
  isGone: (file: string) => boolean,
): BaselineMatch {
  const used = entries.map(() => false);
  const matchedAt = reports.map((r) => r.diagnostics.map(() => false));
  let matched = 0;
  const pass = (key: (parts: FingerprintParts) => string) => {
    const free = new Map<string, number[]>();
    entries.forEach((entry, i) => {
      if (used[i]) return;
      const k = key(entry);
      (free.get(k) ?? free.set(k, []).get(k)!).push(i);
    });
    reports.forEach((report, file) => {
      report.diagnostics.forEach((d, i) => {
        if (d.severity === 'hint' || matchedAt[file]![i]) return;
        const queue = free.get(key(fingerprints[file]![i]!));
        const entry = queue?.shift();
        if (entry === undefined) return;
        used[entry] = true;
        matchedAt[file]![i] = true;
        matched++;
      });
    });
  };
  pass(entryHash);
  pass(entrySite);
  const checked = new Set(reports.map((r) => r.path));
  const pruned = entries.filter((entry, i) => used[i] || !(checked.has(entry.file) || isGone(entry.file)));
  return {
    reports: reports.map((report, file) => ({
      ...report,
      diagnostics: report.diagnostics.filter((_, i) => !matchedAt[file]![i]),
    })),
    fingerprints: fingerprints.map((prints, file) => prints.filter((_, i) => !matchedAt[file]![i])),
    matched,
    stale: entries.length - pruned.length,
    pruned,
  };
}
