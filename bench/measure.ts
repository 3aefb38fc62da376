/** Median wall time of `fn` over `runs` runs, after `warmup` runs; interleaving is the caller's job. */
export function timeOnce(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Runs baseline and subject alternately (so machine noise hits both alike) and returns the
 * median of each and the median of the per-pair ratios.
 */
export function compare(
  baseline: () => void,
  subject: () => void,
  runs: number,
  warmup = 3,
): { baseline: number; subject: number; ratio: number } {
  for (let i = 0; i < warmup; i++) {
    baseline();
    subject();
  }
  const base: number[] = [];
  const subj: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const b = timeOnce(baseline);
    const s = timeOnce(subject);
    base.push(b);
    subj.push(s);
    ratios.push(s / b);
  }
  return { baseline: median(base), subject: median(subj), ratio: median(ratios) };
}
