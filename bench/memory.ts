import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalysisOptions } from '../server/src/core';

const CHILD = join(__dirname, 'memoryChild.ts');

/** Peak memory of one analysis above the process's baseline, each as a multiple of the file's size. */
export interface PeakMemory {
  /** The JS heap, from V8's GC trace. */
  readonly heap: number;
  /** The process's resident set, from the kernel's high-water mark; undefined when it was set before the analysis. */
  readonly rss: number | undefined;
}

/**
 * Peak memory of one `analyze(text)` above the process's baseline (the text already read), as
 * multiples of the file's size, measured in a fresh child process (see memoryChild.ts for how).
 * Undefined when the child fails.
 */
export function peakMemory(text: string, options: AnalysisOptions = {}): PeakMemory | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'toolwire-mem-'));
  try {
    const file = join(dir, 'tools.json');
    writeFileSync(file, text);
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', '--trace-gc', CHILD, file, JSON.stringify(options)],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    const out = child.stdout ?? '';
    const peak = peakFromTrace(out);
    if (peak === undefined) return undefined;
    const size = Buffer.byteLength(text);
    const rss = /^@@rss (\d+) (-?\d+)$/m.exec(out);
    const high = rss ? Number(rss[2]) : -1;
    return { heap: peak / size, rss: high < 0 ? undefined : (high - Number(rss![1])) / size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The largest heap size seen between the markers (GC "before" sizes, and the end), minus the baseline, in bytes. */
export function peakFromTrace(trace: string): number | undefined {
  let baseline: number | undefined;
  let peak = 0;
  for (const line of trace.split('\n')) {
    if (line.startsWith('@@start ')) {
      baseline = Number(line.split(' ')[1]);
      continue;
    }
    if (baseline === undefined) continue;
    if (line.startsWith('@@end ')) return Math.max(peak, Number(line.split(' ')[1])) - baseline;
    // "[pid:0x..]  1234 ms: Scavenge 12.3 (14.5) -> 11.2 (15.5) MB, ..." (also Mark-Compact and friends)
    const match = /ms: [^\d]*?(\d+(?:\.\d+)?) \([\d.]+\) -> /.exec(line);
    if (match) peak = Math.max(peak, Number(match[1]) * 1024 * 1024);
  }
  return undefined;
}
