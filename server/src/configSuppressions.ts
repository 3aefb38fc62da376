import { judgeEntry, parentOf, parseConfig, staleIgnoreEntries, type AnalysisOptions, type DocumentResult, type Finding } from './core';

/** Files one open `.toolwire.json` may analyse to judge its `ignore` entries (each an analysis). */
export const MAX_JUDGED_FILES = 50;

export interface StaleEntryHost<Settings> {
  uriToPath(uri: string): string | undefined;
  /** The config as saved (what the analyses ran with); undefined when none or unreadable. */
  savedConfig(path: string): string | undefined;
  findFiles(folder: string, globs: readonly string[]): readonly string[];
  /** The pipeline over one file under this config, as the editor runs it. */
  analyze(path: string, settings: Settings): DocumentResult;
  /** The editor's severities, which the config's refine (a code off there is not "unused"). */
  baseSeverity(settings: Settings): AnalysisOptions['severity'];
  /** The files judged, so a change to one of them recomputes the config's diagnostics. */
  recordReads(uri: string, paths: readonly string[]): void;
}

/**
 * `unused-suppression` findings for an open `.toolwire.json`: each `ignore` entry is judged over
 * the files its glob matches (analysed through the one pipeline, at most MAX_JUDGED_FILES in all;
 * beyond that nothing is said). Only for the text as saved: entries of an unsaved buffer are not
 * the ones the analyses used, and numbering them against the saved file would be a guess.
 */
export function staleConfigEntries<Settings>(host: StaleEntryHost<Settings>, uri: string, text: string, settings: Settings): Finding[] {
  const path = host.uriToPath(uri);
  if (path === undefined || host.savedConfig(path) !== text) return [];
  const { config } = parseConfig(text);
  const entries = config.suppressions ?? [];
  if (entries.length === 0) return [];
  const folder = parentOf(path);
  const analyses = new Map<string, DocumentResult>();
  const read: string[] = [];
  const severity = { ...host.baseSeverity(settings), ...config.severity };
  const findings = staleIgnoreEntries(entries, severity, (entry) => {
    const matching = host.findFiles(folder, [entry.file]);
    if (matching.length > 0 && analyses.size + matching.filter((f) => !analyses.has(f)).length > MAX_JUDGED_FILES) return { kind: 'unknown' };
    return judgeEntry(entry, matching, (file) => {
      let result = analyses.get(file);
      if (!result) {
        const absolute = `${folder}/${file}`;
        result = host.analyze(absolute, settings);
        analyses.set(file, result);
        read.push(absolute);
      }
      return result.kind === 'analysis' ? result.analysis : undefined;
    });
  });
  host.recordReads(uri, read);
  return findings;
}
