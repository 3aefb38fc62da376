import {
  judgeEntry,
  parentOf,
  parseConfig,
  staleIgnoreEntries,
  type Analysis,
  type AnalysisOptions,
  type DocumentResult,
  type Finding,
  type IgnoreEntry,
  isCodeOff,
} from './core';

/** Files one open `.toolwire.json` may analyse to judge its `ignore` entries (each an analysis). */
const MAX_JUDGED_FILES = 50;

interface StaleEntryHost<Settings> {
  uriToPath(uri: string): string | undefined;
  /** The config as saved (what the analyses ran with); undefined when none or unreadable. */
  savedConfig(path: string): string | undefined;
  findFiles(folder: string, globs: readonly string[]): readonly string[];
  /**
   * Waits for reads and listings still in flight (a browser's, answered by the client); the
   * Node runtime has none. A listing asked for and not yet answered reads as empty until then.
   */
  settle?(): Promise<void>;
  /** The pipeline over one file under this config, as the editor runs it. */
  analyze(path: string, settings: Settings): DocumentResult | Promise<DocumentResult>;
  /** The editor's severities, which the config's refine (a code off there is not "unused"). */
  baseSeverity(settings: Settings): AnalysisOptions['severity'];
  /** The files judged, so a change to one of them recomputes the config's diagnostics. */
  recordReads(uri: string, paths: readonly string[]): void;
}

/**
 * `unused-suppression` findings for an open `.toolwire.json`: each `ignore` entry is judged over
 * the files its glob matches (analysed through the one pipeline, at most MAX_JUDGED_FILES in all;
 * beyond that nothing is said). Only for the text as saved: entries of an unsaved buffer are not
 * the ones the analyses used, and numbering them against the saved file would be a guess. The
 * files are gathered first and analysed one by one (the pipeline is async: a source file may
 * load its grammar), then the entries are judged.
 */
export async function staleConfigEntries<Settings>(
  host: StaleEntryHost<Settings>,
  uri: string,
  text: string,
  settings: Settings,
): Promise<Finding[]> {
  const path = host.uriToPath(uri);
  if (path === undefined || host.savedConfig(path) !== text) return [];
  const { config } = parseConfig(text);
  const entries = config.suppressions ?? [];
  const severity = { ...host.baseSeverity(settings), ...config.severity };
  if (entries.length === 0 || isCodeOff(severity, 'unused-suppression')) return [];
  const folder = parentOf(path);
  // Ask for every listing first, then wait for them: an entry must not "match no file" because
  // the answer was still on its way.
  if (host.settle) {
    for (const entry of entries) host.findFiles(folder, [entry.file]);
    await host.settle();
  }
  const matches = new Map<IgnoreEntry, readonly string[]>();
  const judged = new Set<string>();
  for (const entry of entries) {
    // An entry whose codes are all off is never judged (staleIgnoreEntries skips it).
    if (entry.codes.every((c) => isCodeOff(severity, c.code))) continue;
    const matching = host.findFiles(folder, [entry.file]);
    const fresh = matching.filter((f) => !judged.has(f));
    if (matching.length > 0 && judged.size + fresh.length > MAX_JUDGED_FILES) continue; // unknown
    for (const file of fresh) judged.add(file);
    matches.set(entry, matching);
  }
  const analyses = new Map<string, Pick<Analysis, 'suppression'> | undefined>();
  for (const file of judged) {
    const result = await host.analyze(`${folder}/${file}`, settings);
    if (result.kind !== 'analysis') analyses.set(file, undefined);
    // Governed by a nearer config: it uses none of this one's entries (their numbers are another's).
    else analyses.set(file, result.config?.found.path === path ? result.analysis : { suppression: undefined });
  }
  host.recordReads(
    uri,
    [...judged].map((file) => `${folder}/${file}`),
  );
  return staleIgnoreEntries(entries, severity, (entry) => {
    const matching = matches.get(entry);
    return matching === undefined ? { kind: 'unknown' } : judgeEntry(entry, matching, (file) => analyses.get(file));
  });
}
