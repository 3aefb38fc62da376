// The outer side of caseReport.ts's line protocol for a node:test file: each case the extension
// host reported becomes a subtest, then the run as a whole is checked. No third-party imports:
// test files load it before deciding to skip.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { parseCaseReports } from './caseReport.js';

/**
 * Turns an extension-host run's logs into subtests (one per case, failing with its error), then
 * asserts that the suite started, every planned case reported, and the host exited 0. `context`
 * is appended to those three failures (logs that show why).
 */
export async function reportCases(
  t: TestContext,
  run: { readonly logs: readonly string[]; readonly exitCode: number },
  context: string,
): Promise<void> {
  const { planned, cases } = parseCaseReports(run.logs);
  for (const report of cases) {
    await t.test(report.name, (sub) => {
      sub.diagnostic(`${report.durationMs} ms in the extension host`);
      if (!report.ok) throw new Error(report.error ?? 'failed');
    });
  }
  assert.ok(planned, `the suite never started (no plan line)\n${context}`);
  assert.deepEqual(
    cases.map((c) => c.name),
    [...planned],
    `every planned case reported\n${context}`,
  );
  assert.equal(run.exitCode, 0, `the extension-host run failed\n${context}`);
}
