import { resolve } from 'node:path';
import { analyzeFiles, displayPath } from './analyzeFiles';
import { toSlashes } from './configs';
import type { CheckArgs } from './args';
import { buildReport } from './buildReport';
import type { FileReport } from './model';
import { formatJson } from './report/json';
import { formatSarif } from './report/sarif';
import { formatText } from './report/text';

export interface CommandIO {
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly cwd: string;
  readonly version: string;
}

/**
 * `toolwire check`: exit 0 clean, 1 errors found, 2 usage, configuration or I/O error. `shownAs`
 * names a file in the report when it is not the path itself (`--mcp-config` shows its snapshots as
 * `mcp://<server>/tools/list`); it gets the absolute `/`-separated path.
 */
export async function runCheck(args: CheckArgs, io: CommandIO, shownAs: (absolute: string) => string | undefined = () => undefined): Promise<number> {
  const run = await analyzeFiles({ paths: args.paths, config: args.config, clients: args.clients, cwd: io.cwd, stderr: io.stderr, verbose: args.verbose, maxFileBytes: args.maxFileBytes });
  if (reportConfigProblems(run.configProblems, run.hasConfigErrors, io)) return 2;
  const otherFile = (file: string) => {
    const text = run.workspace.readFile(file);
    return text === undefined ? undefined : { path: shownAs(toSlashes(resolve(io.cwd, file))) ?? displayPath(file, io.cwd), text };
  };
  const reports: FileReport[] = run.files.map((f) => buildReport(shownAs(f.absolute) ?? f.display, f.text, f.analysis, otherFile, f.invalidUtf8));
  io.stdout.write(args.format === 'json' ? formatJson(reports) : args.format === 'sarif' ? formatSarif(reports, io.version) : formatText(reports));
  if (args.format === 'text') io.stderr.write(summary(reports));
  if (run.ioError) return 2;
  return count(reports, 'error') > 0 ? 1 : 0;
}

/** Prints config problems; true when one is an error (nothing is checked with a broken config). */
export function reportConfigProblems(problems: ReadonlyArray<{ path: string; line: number; column: number; severity: string; message: string }>, hasErrors: boolean, io: CommandIO): boolean {
  for (const p of problems) io.stderr.write(`${displayPath(p.path, io.cwd)}:${p.line}:${p.column}: ${p.severity} config ${p.message}\n`);
  if (hasErrors) io.stderr.write('toolwire: fix the configuration above; nothing was checked with a broken configuration.\n');
  return hasErrors;
}

export function summary(reports: readonly FileReport[]): string {
  const tools = reports.reduce((n, r) => n + r.tools.length, 0);
  const parts = [plural(count(reports, 'error'), 'error'), plural(count(reports, 'warning'), 'warning'), plural(count(reports, 'information'), 'info')];
  const hints = count(reports, 'hint');
  const hidden = hints > 0 ? ` (${plural(hints, 'hint')} not shown; --format json lists them)` : '';
  return `toolwire: ${plural(reports.length, 'file')}, ${plural(tools, 'tool')}: ${parts.join(', ')}${hidden}\n`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 || word === 'info' ? '' : 's'}`;
}

export function count(reports: readonly FileReport[], severity: string): number {
  return reports.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === severity).length, 0);
}
