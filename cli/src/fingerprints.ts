import {
  fileFingerprint,
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
