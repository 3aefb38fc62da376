import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalysisOptions } from '../server/src/core';

const CHILD = join(__dirname, 'memoryChild.ts');

/**
 * Peak JS heap of one `analyze(text)` above the process's baseline (the text already read), as a
 * multiple of the file's size, measured in a fresh child process (see memoryChild.ts for how).
 * Undefined when the child fails.
 */
export function peakMemoryRatio(text: string, options: AnalysisOptions = {}): number | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'toolwire-mem-'));
  try {
    const file = join(dir, 'tools.json');
    writeFileSync(file, text);
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', '--trace-gc', CHILD, file, JSON.stringify(options)],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    const peak = peakFromTrace(child.stdout ?? '');
    return peak === undefined ? undefined : peak / Buffer.byteLength(text);
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
