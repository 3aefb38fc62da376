import {
  fileFingerprint,
  fingerprintHash,
  fingerprinter,
  type Analysis,
  type FingerprintParts,
  type OtherFile,
} from '../../server/src/core';
import type { FileReport } from './model';

/**
 * The fingerprint of each diagnostic of one file's report, in the report's order (the core's
 * `fingerprint.ts`): the baseline stores them, SARIF carries their hashes. `buildReport` puts the
 * CLI's own input diagnostics (invalid-json) first, then the core's findings one for one.
 */
export function reportFingerprints(
  report: FileReport,
  text: string,
  analysis: Analysis,
  otherFile: OtherFile = () => undefined,
): FingerprintParts[] {
  const of = fingerprinter(report.path, text, analysis, otherFile);
  const input = report.diagnostics.length - analysis.findings.length;
  return report.diagnostics.map((d, i) => {
    const finding = i < input ? undefined : analysis.findings[i - input];
    // A diagnostic that is not the core's finding (or no longer lines up with one) is the file's.
    return finding && finding.code === d.code ? of(finding) : fileFingerprint(report.path, d.code);
  });
}

/**
 * Each diagnostic's SARIF `partialFingerprints` value: one per finding of the run. The parts
 * hash (`fingerprintHash`) names no line, so identical findings in one file (the same tool in
 * two requests of a JSON Lines file, one collision reported on each member's line) share it; a
 * code-scanning service would then merge them into one alert. The second and later of each
 * hash in a file, in document order, get `:2`, `:3`... (as GitHub's own `primaryLocationLineHash`
 * does): still no line in it, so moving lines keeps every value, and the first keeps the bare
 * hash, so a finding that was already unique keeps the value earlier runs uploaded.
 */
export function sarifFingerprints(
  reports: readonly FileReport[],
  prints: ReadonlyArray<readonly FingerprintParts[]>,
): string[][] {
  return reports.map((report, file) => {
    const hashes = (prints[file] ?? []).map(fingerprintHash);
    const order = report.diagnostics
      .map((d, i) => ({ start: d.range.start, i }))
      .sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character || a.i - b.i);
    const seen = new Map<string, number>();
    const out = [...hashes];
    for (const { i } of order) {
      const hash = hashes[i];
      if (hash === undefined) continue;
      const ordinal = (seen.get(hash) ?? 0) + 1;
      seen.set(hash, ordinal);
      if (ordinal > 1) out[i] = `${hash}:${ordinal}`;
    }
    return out;
  });
}
