import type { FileReport } from '../model';

interface TextOptions {
  /** `--verbose`: each finding's why and fix, and its related locations, indented under it. */
  readonly verbose?: boolean;
  /** `--hints`: hint-severity findings too. */
  readonly hints?: boolean | undefined;
}

/**
 * `path:line:col: severity code message`, 1-based as compilers print (editors jump to these).
 * The message is one sentence, so a CI log stays one line per finding; `--verbose` adds the
 * detail below it. Hints are left out unless asked for (`--hints`): in a CI log they would bury
 * the errors. renamed-on-wire, one per renamed tool, is not even reported unless `--hints` or a
 * severity setting turns it on; JSON and SARIF keep whatever is reported.
 */
export function formatText(reports: readonly FileReport[], options: TextOptions = {}): string {
  const lines: string[] = [];
  for (const report of reports) {
    for (const d of report.diagnostics) {
      if (d.severity === 'hint' && !options.hints) continue;
      lines.push(
        `${report.path}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code} ${d.message}`,
      );
      if (!options.verbose) continue;
      // A folded finding's detail has one line per code: each is indented under its diagnostic.
      if (d.detail !== undefined) for (const line of d.detail.split('\n')) lines.push(`  ${line}`);
      for (const r of d.related)
        lines.push(`  ${r.path ?? report.path}:${r.range.start.line + 1}:${r.range.start.character + 1}: ${r.message}`);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
