import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FingerprintParts } from '../../server/src/core';
import { analyzeFiles, displayPath, hintsBase } from './analyzeFiles';
import { applyBaseline } from './baseline/useBaseline';
import { toSlashes } from './configs';
import type { CheckArgs } from './argTypes';
import { buildReport } from './buildReport';
import { reportFingerprints, sarifFingerprints } from './fingerprints';
import type { FileReport } from './model';
import { formatJson } from './report/json';
import { formatSarif } from './report/sarif';
import { modelledLine, shownModelled } from './report/modelled';
import { formatText } from './report/text';
import { formatGithub } from './report/github';
import { staleSuppressionFiles } from './staleSuppressions';

export interface CommandIO {
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly cwd: string;
  readonly version: string;
  /** What `-` reads (default: the process's standard input). */
  readonly stdin?: NodeJS.ReadableStream;
}

/**
 * `toolwire check`: exit 0 clean, 1 errors found, 2 usage, configuration or I/O error. `shownAs`
 * names a file in the report when it is not the path itself (`--mcp-config` shows its snapshots as
 * `mcp://<server>/tools/list`, and its generated config as what chose the clients); it gets the
 * absolute `/`-separated path.
 */
export async function runCheck(
  args: CheckArgs,
  io: CommandIO,
  shownAs: (absolute: string) => string | undefined = () => undefined,
): Promise<number> {
  const run = await analyzeFiles({
    paths: args.paths,
    config: args.config,
    clients: args.clients,
    cwd: io.cwd,
    stderr: io.stderr,
    verbose: args.verbose,
    maxFileBytes: args.maxFileBytes,
    hints: args.hints,
    stdin: io.stdin,
    stdinFilename: args.stdinFilename,
  });
  if (reportConfigProblems(run.configProblems, run.hasConfigErrors, io)) return 2;
  const otherFile = (file: string) => {
    const text = run.workspace.readFile(file);
    return text === undefined
      ? undefined
      : { path: shownAs(toSlashes(resolve(io.cwd, file))) ?? displayPath(file, io.cwd), text };
  };
  const files = [
    ...run.files,
    ...staleSuppressionFiles(
      run.configs,
      run.files,
      run.workspace,
      (path) => displayPath(path, io.cwd),
      hintsBase(args.hints).base?.severity,
    ),
  ];
  let reports: FileReport[] = files.map((f) => ({
    ...buildReport(shownAs(f.absolute) ?? f.display, f.text, f.analysis, otherFile, f.invalidUtf8),
    modelled: shownModelled(f.modelled, (path) => shownAs(path) ?? displayPath(path, io.cwd)),
  }));
  let prints = files.map((f, i) => reportFingerprints(reports[i]!, f.text, f.analysis, otherFile));
  if (args.baseline) {
    const matched = applyBaseline(args.baseline, reports, prints, io);
    if (!matched) return 2;
    ({ reports, fingerprints: prints } = matched);
  }
  const status = writeCheckReport(reports, prints, args, io, run.brokenSkipped);
  if (run.ioError) return 2;
  return status;
}

/**
 * Writes check's report as `--format`, `--quiet`, `-o` ask, and returns its exit status: 1 on an
 * error, or on more warnings than `--max-warnings`; 2 when `-o` cannot be written. Fingerprints
 * are taken over every finding before `--quiet` hides any, so a finding's SARIF value does not
 * depend on what else is shown.
 */
export function writeCheckReport(
  reports: readonly FileReport[],
  prints: ReadonlyArray<readonly FingerprintParts[]>,
  args: CheckArgs,
  io: CommandIO,
  brokenSkipped = 0,
): number {
  const shownFinding = (d: { severity: string }) => !args.quiet || d.severity === 'error';
  // Only SARIF carries them: hashing every finding (a SHA-1 each) was a twentieth of a corpus run.
  const fingerprints = () =>
    sarifFingerprints(reports, prints).map((values, file) =>
      values.filter((_, i) => shownFinding(reports[file]!.diagnostics[i]!)),
    );
  const shown = args.quiet ? reports.map((r) => ({ ...r, diagnostics: r.diagnostics.filter(shownFinding) })) : reports;
  if (args.format === 'text') writeModelledLine(shown, io);
  const report =
    args.format === 'json'
      ? formatJson(shown)
      : args.format === 'sarif'
        ? formatSarif(shown, io.version, fingerprints())
        : args.format === 'github'
          ? formatGithub(shown, { hints: args.hints === true })
          : formatText(shown, { verbose: args.verbose, hints: args.hints });
  if (args.outputFile !== undefined) {
    try {
      writeFileSync(resolve(io.cwd, args.outputFile), report);
    } catch (error) {
      io.stderr.write(`toolwire: cannot write ${args.outputFile}: ${(error as Error).message}\n`);
      return 2;
    }
  } else io.stdout.write(report);
  if (args.format === 'text' || args.format === 'github') io.stderr.write(summary(shown, args.hints, brokenSkipped));
  if (count(reports, 'error') > 0) return 1;
  const warnings = count(reports, 'warning');
  if (args.maxWarnings !== undefined && warnings > args.maxWarnings) {
    io.stderr.write(`toolwire: ${plural(warnings, 'warning')}, more than --max-warnings ${args.maxWarnings} allows.\n`);
    return 1;
  }
  return 0;
}

/**
 * The text report's first line: what was modelled and who chose it. On stderr with the counts, so
 * stdout stays `path:line:col:` lines for problem matchers and pipes (empty on a clean run).
 */
export function writeModelledLine(reports: readonly FileReport[], io: CommandIO): void {
  const line = modelledLine(reports.flatMap((r) => (r.modelled ? [r.modelled] : [])));
  if (line !== undefined) io.stderr.write(`${line}\n`);
}

/** Prints config problems; true when one is an error (nothing is checked with a broken config). */
export function reportConfigProblems(
  problems: ReadonlyArray<{ path: string; line: number; column: number; severity: string; message: string }>,
  hasErrors: boolean,
  io: CommandIO,
): boolean {
  for (const p of problems)
    io.stderr.write(`${displayPath(p.path, io.cwd)}:${p.line}:${p.column}: ${p.severity} config ${p.message}\n`);
  if (hasErrors)
    io.stderr.write('toolwire: fix the configuration above; nothing was checked with a broken configuration.\n');
  return hasErrors;
}

/**
 * The counts line. `brokenSkipped`: broken files a folder walk met that do not look like tool
 * definitions, said here so "N files" never hides a file toolwire could not read.
 */
export function summary(reports: readonly FileReport[], hintsShown?: boolean, brokenSkipped = 0): string {
  const tools = reports.reduce((n, r) => n + r.tools.length, 0);
  const parts = [
    plural(count(reports, 'error'), 'error'),
    plural(count(reports, 'warning'), 'warning'),
    plural(count(reports, 'information'), 'info'),
  ];
  const hints = count(reports, 'hint');
  const hidden =
    hints > 0
      ? hintsShown
        ? `, ${plural(hints, 'hint')}`
        : ` (${plural(hints, 'hint')} not shown; --hints lists them)`
      : '';
  const broken =
    brokenSkipped > 0
      ? `; ${plural(brokenSkipped, 'file')} skipped: not valid JSON or YAML, and not tool definitions (--verbose lists ${brokenSkipped === 1 ? 'it' : 'them'})`
      : '';
  return `toolwire: ${plural(reports.length, 'file')}, ${plural(tools, 'tool')}: ${parts.join(', ')}${hidden}${broken}\n`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 || word === 'info' ? '' : 's'}`;
}

export function count(reports: readonly FileReport[], severity: string): number {
  return reports.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === severity).length, 0);
}
