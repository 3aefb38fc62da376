// A minimal sequential test runner for the extension host (no mocha: nothing to install, and the
// outer node:test run does the reporting). Each case gets a deadline of its own, so one hung wait
// fails that case with its own message instead of eating the whole run's time.
import { formatCase, formatPlan, type CaseReport } from '../../harness/caseReport.js';

export interface Case {
  readonly name: string;
  /** Deadline for the whole case; its waits have shorter deadlines that say what they saw. */
  readonly timeoutMs: number;
  readonly run: () => Promise<void>;
}

/** Runs `cases` in order, reports each through the console, and rejects if any failed. */
export async function runCases(cases: readonly Case[]): Promise<void> {
  console.log(formatPlan(cases.map((c) => c.name)));
  const reports: CaseReport[] = [];
  for (const c of cases) {
    const start = Date.now();
    let report: CaseReport;
    try {
      await withTimeout(c.run(), c.timeoutMs, c.name);
      report = { name: c.name, ok: true, durationMs: Date.now() - start };
    } catch (error) {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      report = { name: c.name, ok: false, durationMs: Date.now() - start, error: text };
    }
    reports.push(report);
    console.log(formatCase(report));
  }
  const failed = reports.filter((r) => !r.ok);
  if (failed.length > 0)
    throw new Error(
      `${failed.length} of ${reports.length} extension-host cases failed: ${failed.map((r) => r.name).join(', ')}`,
    );
}

async function withTimeout(promise: Promise<void>, timeoutMs: number, name: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`case "${name}" did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}
