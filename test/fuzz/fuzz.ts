// The fuzz loop: fast-check generates cases from a seed, each runs against the live server, and
// a failing case is shrunk by fast-check and saved as a replayable JSON file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { runCase, type Counts } from './runCase';
import { Servers } from './session';
import { caseArbitrary, type FuzzCase } from './steps';
import type { Surface } from './surfaces';

export const REPLAY_DIR = resolve(__dirname, '../../.artefacts/fuzz');

export interface FuzzOptions {
  readonly seed: number;
  /** Stop once this many edits ran (whichever comes first with `minutes`). */
  readonly edits?: number;
  readonly minutes?: number;
  /** Steps per case at most. */
  readonly maxSteps?: number;
  /** Deadline for every request, and for pushed diagnostics. */
  readonly boundMs?: number;
  /** Run on after a failure (a long run collects several). */
  readonly keepGoing?: boolean;
  readonly replayDir?: string;
  /** The kinds of document cases open (default: every surface). */
  readonly surfaces?: readonly Surface[];
  readonly log?: (line: string) => void;
}

export interface FuzzFailureReport {
  readonly message: string;
  readonly replayFile: string;
}

export interface FuzzResult {
  readonly cases: number;
  readonly edits: number;
  readonly requests: number;
  readonly fixesChecked: number;
  readonly durationMs: number;
  readonly failures: readonly FuzzFailureReport[];
}

/** What a replay file holds: enough to run the shrunk case again, and to find it with fast-check. */
export interface ReplayFile {
  readonly seed: number;
  readonly path: string;
  readonly failure: string;
  readonly case: FuzzCase;
}

const BATCH = 20;
/**
 * How long fast-check may shrink one failure. A case that fails by timing out costs the whole
 * bound on every shrink attempt, so unbounded shrinking could spend a run's minutes on one case;
 * after this, every further attempt passes and the smallest case so far is saved.
 */
const SHRINK_BUDGET_MS = 90_000;

export async function fuzz(options: FuzzOptions): Promise<FuzzResult> {
  const started = Date.now();
  const deadline = options.minutes === undefined ? Infinity : started + options.minutes * 60_000;
  const targetEdits = options.edits ?? (options.minutes === undefined ? 1000 : Infinity);
  const log = options.log ?? (() => undefined);
  const servers = new Servers();
  const counts: Counts = { edits: 0, requests: 0, fixesChecked: 0 };
  const failures: FuzzFailureReport[] = [];
  let cases = 0;
  let lastLog = started;
  const arbitrary = caseArbitrary(options.maxSteps ?? 40, options.surfaces);
  try {
    for (let batch = 0; counts.edits < targetEdits && Date.now() < deadline; batch++) {
      const seed = options.seed + batch;
      let failedAt: number | undefined;
      const property = fc.asyncProperty(arbitrary, async (fuzzCase) => {
        if (failedAt !== undefined && Date.now() - failedAt > SHRINK_BUDGET_MS) return;
        cases += 1;
        try {
          await runOne(servers, fuzzCase, options.boundMs, counts);
        } catch (error) {
          failedAt ??= Date.now();
          throw error;
        }
      });
      const details = await fc.check(property, { seed, numRuns: BATCH, endOnFailure: false });
      if (details.failed) {
        const replay: ReplayFile = {
          seed,
          path: details.counterexamplePath ?? '',
          failure: messageOf(details.errorInstance),
          case: details.counterexample![0],
        };
        const replayFile = saveReplay(replay, options.replayDir ?? REPLAY_DIR);
        failures.push({ message: replay.failure, replayFile });
        log(
          `FAILURE (seed ${seed}, shrunk to ${replay.case.steps.length} steps): ${replay.failure}\n  replay: npm run fuzz -- --replay ${replayFile}`,
        );
        if (!options.keepGoing) break;
      }
      if (Date.now() - lastLog > 30_000) {
        lastLog = Date.now();
        log(
          `${((lastLog - started) / 60_000).toFixed(1)} min: ${cases} cases, ${counts.edits} edits, ${counts.requests} requests, ${counts.fixesChecked} fixes checked, ${failures.length} failures`,
        );
      }
    }
  } finally {
    await servers.stop();
  }
  return {
    cases,
    edits: counts.edits,
    requests: counts.requests,
    fixesChecked: counts.fixesChecked,
    durationMs: Date.now() - started,
    failures,
  };
}

async function runOne(
  servers: Servers,
  fuzzCase: FuzzCase,
  boundMs: number | undefined,
  counts: Counts,
): Promise<void> {
  const client = await servers.client(fuzzCase.mode);
  const surface = fuzzCase.surface ?? 'json';
  const parsers = surface === 'json' ? undefined : await servers.codeParsers();
  try {
    await runCase(client, servers.nextDocument(surface), fuzzCase, { boundMs: boundMs ?? 10_000 }, counts, parsers);
  } catch (error) {
    // The server may be hung or in a bad state: the next case gets a fresh one.
    await servers.discard(fuzzCase.mode);
    throw error;
  }
}

/** Runs a saved case once: undefined when it passes, else what failed. */
export async function replay(file: string, boundMs?: number): Promise<string | undefined> {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as ReplayFile;
  const servers = new Servers();
  try {
    await runOne(servers, saved.case, boundMs, { edits: 0, requests: 0, fixesChecked: 0 });
    return undefined;
  } catch (error) {
    return messageOf(error);
  } finally {
    await servers.stop();
  }
}

function saveReplay(replayFile: ReplayFile, folder: string): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `seed-${replayFile.seed}-${Date.now()}.json`);
  writeFileSync(file, `${JSON.stringify(replayFile, null, 2)}\n`);
  return file;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
