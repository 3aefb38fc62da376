import { existsSync, writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { FingerprintParts } from '../../../server/src/core';
import { readFileBounded } from '../../../server/src/node/files';
import type { BaselineUse } from '../argTypes';
import type { FileReport } from '../model';
import { formatBaseline, parseBaseline, type BaselineEntry } from './baselineFile';
import { matchBaseline, type BaselineMatch } from './match';

interface BaselineIO {
  readonly stderr: NodeJS.WritableStream;
  readonly cwd: string;
}

/**
 * `check --baseline FILE [--prune]`: the reports without the findings FILE holds, and a line on
 * stderr saying how many matched and how many entries are stale. Undefined (exit 2) when FILE
 * cannot be read or is not a baseline: a CI job must not pass because its baseline vanished.
 */
export function applyBaseline(
  use: BaselineUse,
  reports: readonly FileReport[],
  fingerprints: ReadonlyArray<readonly FingerprintParts[]>,
  io: BaselineIO,
): BaselineMatch | undefined {
  const path = resolve(io.cwd, use.path);
  const read = readFileBounded(path);
  if (read.kind !== 'text') {
    io.stderr.write(
      `toolwire: cannot read the baseline ${use.path}: ${read.kind === 'error' ? read.reason : read.kind === 'special' ? read.what : 'too large'}\n`,
    );
    return undefined;
  }
  const parsed = parseBaseline(read.text);
  if ('problem' in parsed) {
    io.stderr.write(`toolwire: ${use.path} is not a usable baseline: ${parsed.problem}\n`);
    return undefined;
  }
  const isGone = (file: string) => !existsSync(isAbsolute(file) ? file : resolve(io.cwd, file));
  const match = matchBaseline(reports, fingerprints, parsed.entries, isGone);
  const staleNote =
    match.stale === 0
      ? ''
      : use.prune
        ? `; ${plural(match.stale, 'entry', 'entries')} no longer matched and ${match.stale === 1 ? 'was' : 'were'} removed`
        : `; ${plural(match.stale, 'entry', 'entries')} no longer ${match.stale === 1 ? 'matches' : 'match'} (fixed: --prune removes ${match.stale === 1 ? 'it' : 'them'})`;
  io.stderr.write(
    `toolwire: baseline ${use.path}: ${plural(match.matched, 'finding', 'findings')} matched, not reported${staleNote}\n`,
  );
  if (use.prune && match.stale > 0 && !rewrite(path, match.pruned, use.path, io)) return undefined;
  return match;
}

function rewrite(path: string, entries: readonly BaselineEntry[], shown: string, io: BaselineIO): boolean {
  try {
    writeFileSync(path, formatBaseline(entries));
    return true;
  } catch (error) {
    io.stderr.write(
      `toolwire: cannot rewrite the baseline ${shown}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return false;
  }
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
