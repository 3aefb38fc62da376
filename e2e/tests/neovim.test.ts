// Neovim (Debian's 0.7.2) as a second, independent LSP client of the bundled server
// (`node dist/server.js --stdio`): the same diagnostics, a hover and a code action that applies and
// clears its diagnostic. e2e/nvim/check-toolwire.lua drives it and writes a JSON report.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { describeRun } from '../harness/process.js';
import { runNeovim } from '../harness/neovim.js';
import { E2E_DIR, SERVER_BUNDLE } from '../harness/paths.js';
import { requirePrerequisites, skipUnlessAvailable, type Need } from '../harness/prerequisites.js';
import { copyFixture, withScratch } from '../harness/scratch.js';

const NEEDS: readonly Need[] = ['nvim', 'server-bundle'];
const LONG = '"com.example.fulfilment.warehouse-operations.reserve-inventory-for-order"';
const ERROR = 1; // vim.diagnostic.severity.ERROR

interface SeenDiagnostic {
  code: string | null;
  severity: number;
  text: string;
  source: string | null;
}

interface Report {
  nvim: string;
  steps: string[];
  error?: string;
  diagnostics?: SeenDiagnostic[];
  hover?: string | null;
  actions?: string[];
  applied?: string;
  after?: SeenDiagnostic[];
  text?: string;
}

/** `severity code text`, errors and warnings only (hints are the wire-name notes). */
const problems = (ds: readonly SeenDiagnostic[] = []): string[] =>
  ds.filter((d) => d.severity <= 2).map((d) => `${d.severity === ERROR ? 'error' : 'warning'} ${d.code} ${d.text}`);

test('Neovim 0.7 against node dist/server.js --stdio: diagnostics, hover, code action', {
  ...skipUnlessAvailable(NEEDS),
  timeout: 60_000,
}, async (t) => {
  requirePrerequisites(NEEDS);
  await withScratch('neovim', async (scratch) => {
    const workspace = await copyFixture('neovim', scratch);
    const reportPath = path.join(scratch, 'report.json');
    const run = await runNeovim({
      initLua: path.join(E2E_DIR, 'nvim', 'check-toolwire.lua'),
      file: path.join(workspace, '.well-known', 'agent-discovery.json'),
      scratchDir: scratch,
      cwd: workspace,
      timeoutMs: 45_000,
      env: {
        TOOLWIRE_E2E_NODE: process.execPath,
        TOOLWIRE_E2E_SERVER: SERVER_BUNDLE,
        TOOLWIRE_E2E_REPORT: reportPath,
        TOOLWIRE_E2E_ROOT: workspace,
      },
    });
    const reportText = await readFile(reportPath, 'utf8').catch(() => undefined);
    const context = `${describeRun(run)}\n--- report ---\n${reportText ?? '(none written)'}`;
    assert.ok(reportText, `Neovim wrote no report\n${context}`);
    const report = JSON.parse(reportText) as Report;
    t.diagnostic(`nvim ${report.nvim}, ${run.durationMs} ms, steps: ${report.steps.join(' → ')}`);
    assert.equal(report.error, undefined, `the Neovim session failed\n${context}`);
    assert.equal(run.exitCode, 0, context);

    // The first capability keeps the shared name: only the second has a wire-collision.
    assert.deepEqual(problems(report.diagnostics), [
      'error wire-collision "com.example.orders-get"',
      `error not-invocable ${LONG}`,
    ]);
    assert.ok(
      report.diagnostics?.every((d) => d.source === 'toolwire'),
      'every diagnostic comes from toolwire',
    );
    assert.match(report.hover ?? '', /Wire name: `com-example-orders-get`/);
    assert.deepEqual(report.actions, [
      'Add invocationName "fulfilment-warehouse-operations-reserve-inventory-for-order"',
    ]);
    assert.deepEqual(problems(report.after), problems(report.diagnostics).slice(0, 1));
    const fixed = JSON.parse(report.text ?? '') as { capabilities: Array<{ invocationName?: string }> };
    assert.equal(fixed.capabilities[2]?.invocationName, 'fulfilment-warehouse-operations-reserve-inventory-for-order');
  });
});
