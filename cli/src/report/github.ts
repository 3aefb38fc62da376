import type { FileReport } from '../model';

/**
 * GitHub Actions workflow commands, one per finding: `::error file=P,line=L,col=C,...::message`,
 * which the runner turns into annotations on the pull request's diff, with no SARIF upload and
 * no code-scanning licence. Lines and columns are 1-based; information becomes `notice`. Hints
 * are left out as in the text report (each would be an annotation). The message carries the code,
 * since an annotation shows the title apart from the text.
 */
export function formatGithub(reports: readonly FileReport[], options: { readonly hints?: boolean } = {}): string {
  const lines: string[] = [];
  for (const report of reports) {
    for (const d of report.diagnostics) {
      if (d.severity === 'hint' && !options.hints) continue;
      const command = d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'notice';
      const props = [
        `file=${property(report.path)}`,
        `line=${d.range.start.line + 1}`,
        `col=${d.range.start.character + 1}`,
        `endLine=${d.range.end.line + 1}`,
        `endColumn=${d.range.end.character + 1}`,
        `title=${property(`toolwire ${d.code}`)}`,
      ];
      lines.push(`::${command} ${props.join(',')}::${data(`${d.message} (${d.code})`)}`);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/**
 * The runner's escaping (actions/toolkit's command.ts): a newline in a message would end the
 * command and a `::` begin another, so a tool name cannot forge an annotation.
 */
function data(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property also escapes `:` and `,`, which separate properties. */
function property(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
