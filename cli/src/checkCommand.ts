import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { analyze } from '../../server/src/core';
import type { CheckArgs } from './args';
import { buildReport } from './buildReport';
import { ConfigResolver } from './configs';
import { collectFiles, describeError } from './files';
import type { FileReport } from './model';
import { Progress } from './progress';
import { formatJson } from './report/json';
import { formatSarif } from './report/sarif';
import { formatText } from './report/text';

export interface CommandIO {
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly cwd: string;
  readonly version: string;
}

/** `toolwire check`: exit 0 clean, 1 errors found, 2 usage, configuration or I/O error. */
export function runCheck(args: CheckArgs, io: CommandIO): number {
  const { files, errors: pathErrors } = collectFiles(args.paths);
  let ioError = pathErrors.length > 0;
  for (const message of pathErrors) io.stderr.write(`toolwire: ${message}\n`);

  const configs = new ConfigResolver(args.config);
  const progress = new Progress(files.length, io.stderr);
  const reports: FileReport[] = [];
  files.forEach((file, i) => {
    const options = configs.optionsFor(file);
    if (options !== 'ignored' && options !== undefined) {
      const text = readText(file, io);
      if (text === undefined) ioError = true;
      else reports.push(buildReport(displayPath(file, io.cwd), text, analyze(text, options)));
    }
    progress.tick(i + 1);
  });

  for (const p of configs.problems) io.stderr.write(`${displayPath(p.path, io.cwd)}:${p.line}:${p.column}: ${p.severity} config ${p.message}\n`);
  if (configs.hasErrors) {
    io.stderr.write('toolwire: fix the configuration above; nothing was checked with a broken configuration.\n');
    return 2;
  }

  io.stdout.write(args.format === 'json' ? formatJson(reports) : args.format === 'sarif' ? formatSarif(reports, io.version) : formatText(reports));
  const errors = count(reports, 'error');
  if (args.format === 'text') io.stderr.write(summary(reports));
  if (ioError) return 2;
  return errors > 0 ? 1 : 0;
}

function readText(file: string, io: CommandIO): string | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    // Editors drop a UTF-8 BOM; do the same so columns match what the user sees.
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (error) {
    io.stderr.write(`toolwire: ${file}: ${describeError(error)}\n`);
    return undefined;
  }
}

function summary(reports: readonly FileReport[]): string {
  const tools = reports.reduce((n, r) => n + r.tools.length, 0);
  const parts = [plural(count(reports, 'error'), 'error'), plural(count(reports, 'warning'), 'warning'), plural(count(reports, 'information'), 'info')];
  const hints = count(reports, 'hint');
  const hidden = hints > 0 ? ` (${plural(hints, 'hint')} not shown; --format json lists them)` : '';
  return `toolwire: ${plural(reports.length, 'file')}, ${plural(tools, 'tool')}: ${parts.join(', ')}${hidden}\n`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 || word === 'info' ? '' : 's'}`;
}

function count(reports: readonly FileReport[], severity: string): number {
  return reports.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === severity).length, 0);
}

/** Relative to the working folder when inside it, with `/` separators for stable output. */
function displayPath(file: string, cwd: string): string {
  const absolute = resolve(cwd, file);
  const rel = relative(cwd, absolute);
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : absolute;
  return shown.split('\\').join('/');
}
