import { FindingSink } from '../checks/sink';
import type { IgnoreEntry } from '../config/model';
import { isCodeOff, type Finding } from '../findings';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';

/** What an adapter knows of one `ignore` entry across the files it analysed. */
export type EntryVerdict =
  | { readonly kind: 'used' }
  /** Its glob matches no file in the config's folder: the file moved or was removed. */
  | { readonly kind: 'no-file' }
  /** Every file it matches was analysed, and it silenced nothing in any. */
  | { readonly kind: 'unused'; readonly files: number }
  /** Files it matches were not analysed: nothing can be said. */
  | { readonly kind: 'unknown' };

/**
 * `unused-suppression` findings for the `.toolwire.json` entries that silence nothing, located in
 * the config (their ranges are offsets into it). An entry is judged across every file its glob
 * matches, which only the adapter can enumerate; an entry whose codes are all turned off is not
 * unused (severities and suppressions compose).
 */
export function staleIgnoreEntries(
  entries: readonly IgnoreEntry[],
  severity: AnalysisOptions['severity'],
  verdict: (entry: IgnoreEntry) => EntryVerdict,
): Finding[] {
  const sink = new FindingSink(severity);
  if (!sink.enabled('unused-suppression')) return [];
  for (const entry of entries) {
    if (entry.codes.every((c) => isCodeOff(severity, c.code))) continue;
    const judged = verdict(entry);
    const what = `This ignore entry (${entry.codes.map((c) => c.code).join(', ')}${entry.tool !== undefined ? ` for ${JSON.stringify(entry.tool)}` : ''})`;
    if (judged.kind === 'no-file')
      sink.add('unused-suppression', 'warning', {
        range: entry.range,
        pointer: '',
        related: [],
        message: `${what} matches no file.`,
        detail: `"${entry.file}" names no file checked here; remove or update the entry.`,
      });
    else if (judged.kind === 'unused')
      sink.add('unused-suppression', 'warning', {
        range: entry.range,
        pointer: '',
        related: [],
        message: `${what} silences nothing in the ${judged.files === 1 ? 'file' : `${judged.files} files`} it matches.`,
        detail: 'A stale entry would hide the next real finding it matches; remove it.',
      });
  }
  return sink.findings;
}

/**
 * The verdict on one entry from the files its glob matches (`matching`, relative to the config's
 * folder, found by the adapter) and the analyses it has of them: used when any used it; unused
 * only when every matching file was analysed (a run over some files says nothing of the others).
 */
export function judgeEntry(
  entry: IgnoreEntry,
  matching: readonly string[],
  analysisOf: (file: string) => Pick<Analysis, 'suppression'> | undefined,
): EntryVerdict {
  if (matching.length === 0) return { kind: 'no-file' };
  let missing = false;
  for (const file of matching) {
    const analysis = analysisOf(file);
    if (analysis === undefined) missing = true;
    else if (analysis.suppression?.usedEntries.includes(entry.index)) return { kind: 'used' };
  }
  return missing ? { kind: 'unknown' } : { kind: 'unused', files: matching.length };
}
