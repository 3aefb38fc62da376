// Neovim as a second, independent LSP client of the bundled server (`node dist/server.js --stdio`):
// the same diagnostics, a hover and a code action that applies and clears its diagnostic
// (e2e/nvim/check-toolwire.lua drives it and writes a JSON report), and the configuration
// docs/editors.md gives users. Each runs in Debian 12's Neovim 0.7 and in the later Debian builds
// scripts/setup-neovims.sh unpacks (0.10 and 0.11+), so every path of editors/neovim is taken.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { describeRun } from '../harness/process.js';
import { LATER_NEOVIM_SUITES, laterNeovim, NVIM_EXECUTABLE, runNeovim } from '../harness/neovim.js';
import { E2E_DIR, REPO_ROOT, SERVER_BUNDLE } from '../harness/paths.js';
import { requirePrerequisites, skipUnlessAvailable, type Need } from '../harness/prerequisites.js';
import { copyFixture, withScratch } from '../harness/scratch.js';

const NEEDS: readonly Need[] = ['nvim', 'later-nvim', 'server-bundle'];
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

/** Neovim driven by e2e/nvim/check-toolwire.lua: diagnostics, hover, a code action applied. */
async function secondClient(t: TestContext, executable: string): Promise<void> {
  await withScratch('neovim', async (scratch) => {
    const workspace = await copyFixture('neovim', scratch);
    const reportPath = path.join(scratch, 'report.json');
    const run = await runNeovim({
      initLua: path.join(E2E_DIR, 'nvim', 'check-toolwire.lua'),
      executable,
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
}

interface UserConfigReport {
  nvim: string;
  steps: string[];
  error?: string;
  via?: string | null;
  filetype?: string;
  second_filetype?: string;
  json?: string[];
  yaml?: string[];
  clients?: number;
  root?: string | null;
  log_buffer?: string[];
}

const WARNING = 2; // vim.diagnostic.severity.WARN

/**
 * The configuration docs/editors.md gives users: editors/neovim/lua/toolwire.lua and one setup()
 * call. `lspconfig`: an nvim-lspconfig checkout to load first (its 0.1.x releases run on 0.7).
 */
async function runUserConfig(t: TestContext, executable: string, lspconfig?: string): Promise<UserConfigReport> {
  return withScratch('neovim-user', async (scratch) => {
    const workspace = await copyFixture('other-editors', scratch);
    const reportPath = path.join(scratch, 'report.json');
    const run = await runNeovim({
      initLua: path.join(E2E_DIR, 'nvim', 'user-config.lua'),
      executable,
      file: path.join(workspace, 'tools.json'),
      scratchDir: scratch,
      cwd: scratch,
      timeoutMs: 45_000,
      env: {
        TOOLWIRE_E2E_NODE: process.execPath,
        TOOLWIRE_E2E_SERVER: SERVER_BUNDLE,
        TOOLWIRE_E2E_REPORT: reportPath,
        TOOLWIRE_E2E_PLUGIN: path.join(REPO_ROOT, 'editors', 'neovim'),
        TOOLWIRE_E2E_SECOND: path.join(workspace, 'tools.yaml'),
        TOOLWIRE_E2E_LSPCONFIG: lspconfig ?? '',
      },
    });
    const reportText = await readFile(reportPath, 'utf8').catch(() => undefined);
    const context = `${describeRun(run)}\n--- report ---\n${reportText ?? '(none written)'}`;
    assert.ok(reportText, `Neovim wrote no report\n${context}`);
    const report = JSON.parse(reportText) as UserConfigReport;
    t.diagnostic(`nvim ${report.nvim} via ${report.via}, ${run.durationMs} ms, steps: ${report.steps.join(' → ')}`);
    assert.equal(report.error, undefined, `the Neovim session failed\n${context}`);
    assert.equal(run.exitCode, 0, context);
    assert.equal(report.filetype, 'json');
    assert.equal(report.second_filetype, 'yaml');
    // The severity setting reached the server (workspace/configuration): the collision is a warning.
    assert.deepEqual(report.json, [`${WARNING} wire-collision`]);
    assert.deepEqual(report.yaml, [`${WARNING} wire-collision`]);
    assert.equal(report.clients, 1, 'one server for the folder, both files attached to it');
    assert.equal(report.root, workspace, 'the folder holding .toolwire.json is the root');
    const log = report.log_buffer ?? [];
    const config = `${workspace}/.toolwire.json`;
    assert.match(log[0] ?? '', /^toolwire \d+\.\d+\.\d+ language server on Node v\d+.*, for Neovim /, log.join('\n'));
    assert.ok(
      log.includes(
        `folder ${workspace}: config ${config} (targets openai); MCP client configurations: none; checks every language (toolwire.languages), providers not set (toolwire.providers), clients not set (toolwire.clients)`,
      ),
      log.join('\n'),
    );
    assert.ok(
      log.some((l) =>
        l.startsWith(
          `${workspace}/tools.yaml: MCP tool list; providers openai (targets in ${config}); clients every modelled client`,
        ),
      ),
      log.join('\n'),
    );
    return report;
  });
}

// nvim-lspconfig is no Debian or npm package: point TOOLWIRE_E2E_LSPCONFIG at a checkout (v0.1.6,
// the last release for Neovim 0.7, on 0.7) to run that case; docs/editors.md says how.
const LSPCONFIG = process.env.TOOLWIRE_E2E_LSPCONFIG;
// A current nvim-lspconfig checkout (2.x, for Neovim 0.10 on), run on the later Neovims.
const LSPCONFIG_CURRENT = process.env.TOOLWIRE_E2E_LSPCONFIG_CURRENT;

/** `major.minor` of a reported version, to tell which way setup() must have taken. */
function minorOf(version: string): number {
  const [major, minor] = version.split('.').map(Number) as [number, number];
  return major * 100 + minor;
}

const NEOVIMS = [
  { label: "Debian 12's Neovim", executable: NVIM_EXECUTABLE },
  ...LATER_NEOVIM_SUITES.map((suite) => ({ label: `Debian ${suite}'s Neovim`, executable: laterNeovim(suite) })),
];

// One top-level test per file (test/fresh/freshMachine.test.ts counts them), its cases as subtests.
test('Neovim against node dist/server.js --stdio', { ...skipUnlessAvailable(NEEDS), timeout: 300_000 }, async (t) => {
  requirePrerequisites(NEEDS);
  const versions: number[] = [];
  for (const { label, executable } of NEOVIMS) {
    await t.test(`${label}: a second LSP client: diagnostics, hover, code action`, (t) => secondClient(t, executable));
    await t.test(`${label}: the configuration of docs/editors.md, without nvim-lspconfig`, async (t) => {
      const report = await runUserConfig(t, executable);
      // Which way setup() took follows from the Neovim running.
      const version = minorOf(report.nvim);
      versions.push(version);
      assert.equal(report.via, version < 8 ? 'start_client' : version < 11 ? 'start' : 'config');
    });
  }
  // Each of setup()'s three ways ran: below 0.8, 0.8 to 0.10, and 0.11 on.
  assert.deepEqual(
    [versions.some((v) => v < 8), versions.some((v) => v >= 8 && v < 11), versions.some((v) => v >= 11)],
    [true, true, true],
    `Neovim versions run: ${versions.join(', ')}`,
  );
  await t.test(
    "Debian 12's Neovim: the configuration of docs/editors.md, with nvim-lspconfig",
    LSPCONFIG ? {} : { skip: 'set TOOLWIRE_E2E_LSPCONFIG to an nvim-lspconfig checkout' },
    async (t) => {
      const report = await runUserConfig(t, NVIM_EXECUTABLE, LSPCONFIG);
      assert.equal(report.via, 'lspconfig');
    },
  );
  for (const { label, executable } of NEOVIMS.slice(1))
    await t.test(
      `${label}: the configuration of docs/editors.md, with a current nvim-lspconfig`,
      LSPCONFIG_CURRENT ? {} : { skip: 'set TOOLWIRE_E2E_LSPCONFIG_CURRENT to an nvim-lspconfig 2.x checkout' },
      async (t) => {
        const report = await runUserConfig(t, executable, LSPCONFIG_CURRENT);
        // From 0.11 the built-in configuration wins (nvim-lspconfig 2 itself only feeds it).
        assert.equal(report.via, minorOf(report.nvim) < 11 ? 'lspconfig' : 'config');
      },
    );
});
