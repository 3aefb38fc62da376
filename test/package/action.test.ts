import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { scratch } from '../cli/run';
import { cleanCopy } from './cleanCopy';

/**
 * The GitHub Action. action.yml is checked for its wiring; its script runs here with the variables
 * the composite step sets, against the built CLI (npm run build first), a recording stand-in that
 * shows the exact command line, or its own build in a copy of the checkout.
 */
const ROOT = resolve(__dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/action-check.mjs');
const CLI = join(ROOT, 'dist/cli.js');

interface ActionStep {
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string; description: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;
const envName = (input: string) => `INPUT_${input.toUpperCase().replace(/-/g, '_')}`;

interface ActionRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
  readonly summary: string;
}

/**
 * The script as the composite runs it: each input as INPUT_*, with GitHub's output files. `cli`
 * stands in for the build (TOOLWIRE_CLI); null, the script builds its own checkout, `script`'s.
 */
function runAction(cwd: string, inputs: Record<string, string>, cli: string | null = CLI, script = SCRIPT): ActionRun {
  const github = mkdtempSync(join(tmpdir(), 'toolwire-action-'));
  const files = {
    GITHUB_OUTPUT: join(github, 'output'),
    GITHUB_STEP_SUMMARY: join(github, 'summary'),
    RUNNER_TEMP: github,
  };
  writeFileSync(files.GITHUB_OUTPUT, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    npm_config_update_notifier: 'false',
    ...(cli !== null ? { TOOLWIRE_CLI: cli } : {}),
    ...files,
  };
  // Every input, as the composite passes it: the default when the workflow does not set it.
  for (const [name, spec] of Object.entries(action.inputs)) env[envName(name)] = inputs[name] ?? spec.default ?? '';
  const result = spawnSync(process.execPath, [script], { cwd, env, encoding: 'utf8' });
  const outputs = Object.fromEntries(
    readFileSync(files.GITHUB_OUTPUT, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  const summary = existsSync(files.GITHUB_STEP_SUMMARY) ? readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8') : '';
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, outputs, summary };
}

const COLLISION = JSON.stringify(
  {
    tools: [
      { name: 'a.b', inputSchema: {} },
      { name: 'a_b', inputSchema: {} },
    ],
  },
  null,
  2,
);
const CLEAN = JSON.stringify({ tools: [{ name: 'ok', inputSchema: {} }] });

describe('action.yml', () => {
  test('is a composite action whose every input reaches the script under its INPUT_ name', () => {
    assert.equal(action.runs.using, 'composite');
    assert.deepEqual(
      Object.keys(action.inputs).filter((i) =>
        ['paths', 'config', 'clients', 'baseline', 'fail-on-findings'].includes(i),
      ),
      ['paths', 'config', 'clients', 'baseline', 'fail-on-findings'],
    );
    // toolwire is built from the action's own checkout, never fetched from a registry by name.
    assert.equal(action.inputs.version, undefined, 'no version of a registry package to choose');
    assert.doesNotMatch(readFileSync(SCRIPT, 'utf8'), /\bnpx\b/);
    const check = action.runs.steps.find((s) => s.id === 'check');
    assert.ok(check, 'a step with id check');
    assert.ok(check.run?.includes('scripts/action-check.mjs'), 'the check step runs the script');
    const script = readFileSync(SCRIPT, 'utf8');
    // `upload` is the composite's own: it decides the upload step.
    for (const name of Object.keys(action.inputs).filter((i) => i !== 'upload')) {
      assert.equal(check.env?.[envName(name)], `\${{ inputs.${name} }}`, `${name} is passed as ${envName(name)}`);
      assert.match(script, new RegExp(`(?:input|booleanInput)\\('${name}'`), `the script reads ${name}`);
    }
    assert.deepEqual(
      Object.keys(check.env ?? {}).sort(),
      Object.keys(action.inputs)
        .filter((i) => i !== 'upload')
        .map(envName)
        .sort(),
      'no variable without an input',
    );
  });

  test("uploads the script's SARIF file with upload-sarif, even when the check step failed", () => {
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    assert.ok(upload, 'an upload-sarif step');
    assert.equal(upload.with?.sarif_file, '${{ steps.check.outputs.sarif-file }}');
    assert.match(upload.if ?? '', /always\(\)/);
    assert.match(upload.if ?? '', /inputs\.upload == 'true'/);
  });
});

test("the CI docs' workflow parses, uses this action at the package's version, with inputs it has", () => {
  const readme = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## GitHub Action'));
  const block = /```yaml\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'a yaml block under ## GitHub Action');
  const workflow = parse(block[1]!) as { jobs: Record<string, { steps: ActionStep[] }> };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const step = steps.find((s) => s.uses?.startsWith('toolwire/toolwire@'));
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  assert.equal(step?.uses, `toolwire/toolwire@v${version}`);
  for (const name of Object.keys(step.with ?? {}))
    assert.ok(name in action.inputs, `${name} is an input of action.yml`);
});

describe('scripts/action-check.mjs', () => {
  test('findings: exit 1, the SARIF file written and named in the outputs, a job summary', () => {
    const dir = scratch({ 'tools/mcp.json': COLLISION, 'other/clean.json': CLEAN });
    const run = runAction(dir, { paths: 'tools' });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /^::error title=toolwire::toolwire check found errors/m);
    const sarif = JSON.parse(readFileSync(run.outputs['sarif-file']!, 'utf8'));
    assert.equal(sarif.version, '2.1.0');
    const uris = new Set(
      sarif.runs[0].results.map(
        (r: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) =>
          r.locations[0]!.physicalLocation.artifactLocation.uri,
      ),
    );
    assert.deepEqual([...uris], ['tools/mcp.json'], 'paths relative to the workspace, only the paths given');
    assert.equal(run.outputs['exit-code'], '1');
    // One problem, one diagnostic: a.b's wire-collision; the kept a_b has none.
    assert.equal(run.outputs.errors, '1');
    assert.match(run.summary, /^### toolwire\n\n1 error\(s\)/);
  });

  test('fail-on-findings: false reports the same SARIF and lets the job go on', () => {
    const dir = scratch({ 'mcp.json': COLLISION });
    const run = runAction(dir, { 'fail-on-findings': 'false' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.outputs['exit-code'], '1');
    assert.ok(JSON.parse(readFileSync(run.outputs['sarif-file']!, 'utf8')).runs[0].results.length > 0);
  });

  test('a clean tree exits 0 and still writes a SARIF file (code scanning then closes old alerts)', () => {
    const dir = scratch({ 'mcp.json': CLEAN, '.toolwire.json': JSON.stringify({ clients: ['vscode'] }) });
    const run = runAction(dir, {});
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(readFileSync(run.outputs['sarif-file']!, 'utf8')).runs[0].results, []);
    assert.equal(run.outputs.errors, '0');
  });

  test('config and clients change what the real CLI checks', () => {
    const dir = scratch({
      'mcp.json': JSON.stringify({ tools: [{ name: 'x'.repeat(60), inputSchema: {} }] }),
      'ci/toolwire.json': JSON.stringify({ servers: { srv: '../mcp.json' } }),
    });
    const codes = (run: ActionRun) =>
      JSON.parse(readFileSync(run.outputs['sarif-file']!, 'utf8')).runs[0].results.map(
        (r: { ruleId: string }) => r.ruleId,
      );
    assert.deepEqual(codes(runAction(dir, { clients: 'cursor', config: 'ci/toolwire.json', paths: 'mcp.json' })), [
      'client-dropped',
    ]);
    assert.deepEqual(codes(runAction(dir, { clients: 'openai-agents', paths: 'mcp.json' })), []);
  });

  test('every input becomes its flag: the exact command line', () => {
    const dir = scratch({
      'record.mjs':
        "import { writeFileSync } from 'node:fs';\nwriteFileSync('argv.json', JSON.stringify(process.argv.slice(2)));\nprocess.stdout.write(JSON.stringify({ version: '2.1.0', runs: [{ results: [] }] }));\n",
    });
    const run = runAction(
      dir,
      {
        paths: 'servers/a b\n-odd.json\n',
        config: 'ci/.toolwire.json',
        clients: 'vscode, cursor\nclaude-code',
        baseline: '.toolwire-baseline.json',
      },
      join(dir, 'record.mjs'),
    );
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'argv.json'), 'utf8')), [
      'check',
      '--format',
      'sarif',
      '--config',
      'ci/.toolwire.json',
      '--client',
      'vscode,cursor,claude-code',
      '--baseline',
      '.toolwire-baseline.json',
      '--',
      'servers/a b',
      '-odd.json',
    ]);
    runAction(dir, { paths: 'a.json  b.json' }, join(dir, 'record.mjs'));
    assert.deepEqual(
      JSON.parse(readFileSync(join(dir, 'argv.json'), 'utf8')),
      ['check', '--format', 'sarif', '--', 'a.json', 'b.json'],
      'one line: separated by spaces; no empty flags',
    );
  });

  test('toolwire cannot check (a broken config): exit 2, no SARIF to upload; a bad boolean is refused', () => {
    const dir = scratch({ 'mcp.json': CLEAN, '.toolwire.json': '{"targets": ["nope"]}' });
    const broken = runAction(dir, {});
    assert.equal(broken.status, 2);
    assert.equal(broken.outputs['sarif-file'], undefined, 'the upload step is skipped');
    assert.match(broken.stderr, /config/);
    const bad = runAction(dir, { 'fail-on-findings': 'yes' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /fail-on-findings must be true or false/);
  });
});

describe('scripts/action-check.mjs, annotations instead of SARIF (format: github)', () => {
  test('findings become workflow commands in the log; nothing to upload; exit 1', () => {
    const dir = scratch({ 'mcp.json': COLLISION });
    const run = runAction(dir, { format: 'github' });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^::error file=mcp\.json,line=4,col=15,.*title=toolwire wire-collision::/m);
    assert.equal(run.outputs['sarif-file'], undefined, 'the upload step is skipped');
    assert.equal(run.outputs.errors, '1');
    assert.equal(run.outputs['exit-code'], '1');
    assert.match(run.summary, /1 error\(s\), 0 warning\(s\), 0 note\(s\); annotations/);
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    assert.match(upload?.if ?? '', /steps\.check\.outputs\.sarif-file != ''/);
  });

  test('a clean tree prints no annotation and exits 0; an unknown format is refused', () => {
    const dir = scratch({ 'mcp.json': CLEAN, '.toolwire.json': JSON.stringify({ clients: ['vscode'] }) });
    const clean = runAction(dir, { format: 'github' });
    assert.equal(clean.status, 0, clean.stderr);
    assert.doesNotMatch(clean.stdout, /^::/m);
    const bad = runAction(dir, { format: 'json' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /format must be sarif or github/);
  });
});

/**
 * The npm registry answers (`npm ping`): the fresh-checkout case needs it. Under CI=true it must
 * (CI has the registry), so that case fails there rather than skip.
 */
function registryReachable(): { skip?: string } {
  if (process.env.CI === 'true' || process.env.CI === '1') return {};
  const ping = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ping'], {
    timeout: 15_000,
    stdio: 'ignore',
  });
  return ping.status === 0 ? {} : { skip: 'the npm registry does not answer (npm ping): npm ci cannot run' };
}

describe("scripts/action-check.mjs in the action's own checkout (no TOOLWIRE_CLI)", { timeout: 300_000 }, () => {
  test('builds toolwire there when dist/ is missing, as in a fresh checkout of the tag, and runs it', () => {
    const checkout = cleanCopy('toolwire-action-checkout-');
    assert.equal(existsSync(join(checkout, 'dist')), false, 'a checkout holds no bundles');
    const dir = scratch({ 'mcp.json': COLLISION });
    const run = runAction(dir, {}, null, join(checkout, 'scripts/action-check.mjs'));
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /toolwire: building it \(node scripts\/build\.mjs\)/);
    assert.ok(existsSync(join(checkout, 'dist/cli.js')), 'built in the checkout');
    assert.equal(JSON.parse(readFileSync(run.outputs['sarif-file']!, 'utf8')).runs[0].results.length, 1);
  });

  test(
    'a checkout of the tag as the runner has it: npm ci from the registry, the build, then the check',
    registryReachable(),
    () => {
      // The action's real first run: no node_modules, no dist/. Needs the npm registry (CI has it).
      const checkout = cleanCopy('toolwire-action-fresh-', { nodeModules: false });
      try {
        const dir = scratch({ 'mcp.json': COLLISION });
        const run = runAction(dir, {}, null, join(checkout, 'scripts/action-check.mjs'));
        assert.equal(run.status, 1, run.stderr);
        assert.match(run.stderr, /toolwire: installing its build tools \(npm ci\)/);
        assert.match(run.stderr, /toolwire: building it \(node scripts\/build\.mjs\)/);
        assert.ok(existsSync(join(checkout, 'node_modules/esbuild')), 'installed in the checkout');
        assert.equal(JSON.parse(readFileSync(run.outputs['sarif-file']!, 'utf8')).runs[0].results.length, 1);
      } finally {
        // Its own node_modules, about 150 MB: not left in the temporary folder.
        rmSync(checkout, { recursive: true, force: true });
      }
    },
  );

  test('an install that fails exits 3 with its own message, not as findings, and checks nothing', () => {
    // A checkout whose `npm ci` cannot succeed: no lock file (npm ci refuses before any download).
    const checkout = mkdtempSync(join(tmpdir(), 'toolwire-action-broken-'));
    mkdirSync(join(checkout, 'scripts'));
    copyFileSync(SCRIPT, join(checkout, 'scripts/action-check.mjs'));
    writeFileSync(join(checkout, 'package.json'), '{"name":"toolwire","version":"0.0.0","private":true}\n');
    const dir = scratch({ 'mcp.json': COLLISION });
    const run = runAction(dir, {}, null, join(checkout, 'scripts/action-check.mjs'));
    assert.equal(run.status, 3, run.stderr);
    assert.match(
      run.stderr,
      /^::error title=toolwire::toolwire could not be set up: installing its build tools \(npm ci\) failed \(exit status \d+\); your files were not checked$/m,
    );
    assert.doesNotMatch(run.stderr, /found errors/);
    assert.deepEqual(run.outputs, {}, 'no exit-code, no SARIF: nothing was checked');
  });

  test('a build that fails exits 3 too', () => {
    const checkout = mkdtempSync(join(tmpdir(), 'toolwire-action-nobuild-'));
    mkdirSync(join(checkout, 'scripts'));
    mkdirSync(join(checkout, 'node_modules'));
    copyFileSync(SCRIPT, join(checkout, 'scripts/action-check.mjs'));
    writeFileSync(join(checkout, 'scripts/build.mjs'), "throw new Error('esbuild is missing');\n");
    const run = runAction(scratch({ 'mcp.json': CLEAN }), {}, null, join(checkout, 'scripts/action-check.mjs'));
    assert.equal(run.status, 3, run.stderr);
    assert.match(
      run.stderr,
      /toolwire could not be set up: building it \(node scripts\/build\.mjs\) failed \(exit status 1\)/,
    );
  });
});
