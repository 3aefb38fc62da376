// Issue 13, item 1: on a machine with only Node and npm, `npm ci && npm test` passes; the editor
// end-to-end tests skip with one line saying what is missing and how to install it, and never
// import what is not installed. This runs the real e2e test files with the editors hidden
// (TOOLWIRE_E2E_HIDE=1 for the prerequisite checks, hideEditorModules.mjs for playwright-core and
// code-server), so it proves it on CI too, where the editors are installed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(__dirname, '../..');
const E2E_TESTS = readdirSync(join(ROOT, 'e2e', 'tests'))
  .filter((f) => f.endsWith('.test.ts'))
  .sort()
  .map((f) => join('e2e', 'tests', f));
const HIDE = './test/fresh/hideEditorModules.mjs';

interface TapResult {
  readonly name: string;
  readonly ok: boolean;
  readonly skip: string | undefined;
}

/** Runs the e2e files as npm test does, on a "fresh machine"; CI is set only when asked. */
function runHidden(ci: boolean): { status: number | null; output: string; results: TapResult[] } {
  const env: NodeJS.ProcessEnv = { ...process.env, TOOLWIRE_E2E_HIDE: '1' };
  delete env.CI;
  // Set by node:test in its child processes; left in, the nested run would report to us in the
  // runner's internal format instead of TAP.
  delete env.NODE_TEST_CONTEXT;
  if (ci) env.CI = 'true';
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', HIDE, '--test', '--test-reporter=tap', ...E2E_TESTS],
    { cwd: ROOT, env, encoding: 'utf8' },
  );
  const output = `${run.stdout}${run.stderr}`;
  // Top-level TAP results only ("ok 1 - name # SKIP reason"); subtests are indented.
  const results = [...run.stdout.matchAll(/^(not ok|ok) \d+ - (.*?)(?: # SKIP (.*))?$/gm)].map((m) => ({
    name: m[2]!,
    ok: m[1] === 'ok',
    skip: m[3],
  }));
  return { status: run.status, output, results };
}

test('the hook really hides playwright-core (so the runs below prove something)', () => {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      HIDE,
      '-e',
      "import('./e2e/harness/browser.ts').then(() => process.exit(0), (e) => { console.log(e.code, e.message); process.exit(3); })",
    ],
    { cwd: ROOT, env, encoding: 'utf8' },
  );
  assert.equal(run.status, 3, `browser.ts loaded although playwright-core was hidden:\n${run.stdout}${run.stderr}`);
  assert.match(run.stdout, /ERR_MODULE_NOT_FOUND Cannot find package 'playwright-core' \(hidden by/);
});

test('outside CI, every e2e test file skips with one line saying what is missing and how to install it', () => {
  const { status, output, results } = runHidden(false);
  assert.ok(E2E_TESTS.length >= 3, `e2e test files: ${E2E_TESTS.join(', ')}`);
  assert.equal(results.length, E2E_TESTS.length, `one top-level test per e2e file\n${output}`);
  for (const result of results) {
    assert.ok(result.ok && result.skip !== undefined, `"${result.name}" did not skip\n${output}`);
    assert.match(
      result.skip,
      /is not (installed|on PATH)\b.*: run `bash scripts\/setup-e2e\.sh`/,
      `"${result.name}": ${result.skip}`,
    );
  }
  assert.doesNotMatch(
    output,
    /ERR_MODULE_NOT_FOUND|Cannot find (package|module)/,
    'nothing imported what is not installed',
  );
  assert.match(output, /^# fail 0$/m, output);
  assert.equal(status, 0, output);
});

test('under CI=true, a missing editor fails every e2e test instead of skipping it', () => {
  const { status, output, results } = runHidden(true);
  assert.equal(results.length, E2E_TESTS.length, `one top-level test per e2e file\n${output}`);
  for (const result of results)
    assert.ok(!result.ok && result.skip === undefined, `"${result.name}" did not fail\n${output}`);
  assert.match(output, /CI=true, so a missing editor or browser is a failure, not a skip/);
  assert.doesNotMatch(
    output,
    /ERR_MODULE_NOT_FOUND|Cannot find (package|module)/,
    'it fails on the check, not on an import',
  );
  assert.notEqual(status, 0);
});
