import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyzeFiles, displayPath } from '../analyzeFiles';
import { buildReport } from '../buildReport';
import { reportConfigProblems, type CommandIO } from '../checkCommand';
import { reportFingerprints } from '../fingerprints';
import { staleSuppressionFiles } from '../staleSuppressions';
import type { BaselineArgs } from '../argTypes';
import { formatBaseline, type BaselineEntry } from './baselineFile';

/**
 * `toolwire baseline PATH...`: every finding check would report (hints aside), as a baseline on
 * stdout or in `--output FILE`. Exit 0 written, 2 on a configuration or I/O error (a file that
 * could not be read would be missing from the baseline, and fail CI later).
 */
export async function runBaseline(args: BaselineArgs, io: CommandIO): Promise<number> {
  const run = await analyzeFiles({
    paths: args.paths,
    config: args.config,
    clients: args.clients,
    cwd: io.cwd,
    stderr: io.stderr,
    verbose: args.verbose,
    maxFileBytes: args.maxFileBytes,
    hints: args.hints,
  });
  if (reportConfigProblems(run.configProblems, run.hasConfigErrors, io)) return 2;
  if (run.ioError) {
    io.stderr.write('toolwire: no baseline written: a file above could not be read.\n');
    return 2;
  }
  const otherFile = (file: string) => {
    const text = run.workspace.readFile(file);
    return text === undefined ? undefined : { path: displayPath(file, io.cwd), text };
  };
  const entries: BaselineEntry[] = [];
  // As `check` reports them: the tool files, then the configs' stale `ignore` entries.
  const files = [
    ...run.files,
    ...staleSuppressionFiles(run.configs, run.files, run.workspace, (path) => displayPath(path, io.cwd)),
  ];
  for (const f of files) {
    const report = buildReport(f.display, f.text, f.analysis, otherFile, f.invalidUtf8);
    const prints = reportFingerprints(report, f.text, f.analysis, otherFile);
    report.diagnostics.forEach((d, i) => {
      if (d.severity !== 'hint') entries.push(prints[i]!);
    });
  }
  const text = formatBaseline(entries);
  if (args.output === undefined) {
    io.stdout.write(text);
  } else {
    try {
      writeFileSync(resolve(io.cwd, args.output), text);
    } catch (error) {
      io.stderr.write(
        `toolwire: cannot write ${args.output}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      return 2;
    }
  }
  io.stderr.write(
    `toolwire: baseline of ${entries.length} ${entries.length === 1 ? 'finding' : 'findings'} in ${run.files.length} ${run.files.length === 1 ? 'file' : 'files'}${args.output === undefined ? '' : ` written to ${args.output}`}\n`,
  );
  return 0;
}
