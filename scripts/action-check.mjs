// The GitHub Action's one step of logic (action.yml runs it; test/package/action.test.ts runs it
// locally with the same INPUT_* variables): build toolwire in the action's own checkout, run
// `toolwire check` over the inputs (SARIF written to a file for upload-sarif, or GitHub workflow
// annotations), set outputs and a job summary, and exit with a status that says whether the job fails.
//
// Exit status: 0 clean (or findings with fail-on-findings: false), 1 findings that fail the job,
// 2 toolwire could not check (usage, configuration or I/O error: always fails the job), 3 toolwire
// itself could not be installed or built in the action's checkout (not a finding about your files).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ACTION_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;

/** The status of a failed install or build, apart from 2 (toolwire ran and could not check). */
const SETUP_FAILED = 3;

/** An input as the composite passes it (`INPUT_FAIL_ON_FINDINGS` for `fail-on-findings`), trimmed. */
const input = (name) => (env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] ?? '').trim();

/** Paths: one per line when the input has several lines (a path may hold spaces), else separated by spaces. */
function pathsInput(value) {
  return (value.includes('\n') ? value.split('\n') : value.split(/\s+/))
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

function booleanInput(name, fallback) {
  const value = input(name).toLowerCase();
  if (value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  fail(`input ${name} must be true or false, not "${input(name)}"`);
}

/** `sarif` (code scanning) or `github` (annotations on the pull request, no upload). */
function formatInput() {
  const value = input('format').toLowerCase() || 'sarif';
  if (value === 'sarif' || value === 'github') return value;
  fail(`input format must be sarif or github, not "${input('format')}"`);
}

function fail(message, status = 2) {
  process.stderr.write(`::error title=toolwire::${message}\n`);
  process.exit(status);
}

/**
 * The CLI to run: TOOLWIRE_CLI (a cli.js, for tests), else this checkout's dist/cli.js, built
 * here first when it is not there. toolwire is not on the npm registry, and a name on a registry
 * would not be this checkout's code anyway: `uses: toolwire/toolwire@v0.1.0` runs exactly the
 * source of that tag. A failure here exits SETUP_FAILED with its own message, never as findings.
 */
function cliPath() {
  if (env.TOOLWIRE_CLI) return env.TOOLWIRE_CLI;
  const cli = join(ACTION_ROOT, 'dist', 'cli.js');
  if (existsSync(cli)) return cli;
  // --ignore-scripts: the build needs no install script (esbuild's binary comes as an optional
  // dependency), and none of the build tools' scripts run in the user's job.
  if (!existsSync(join(ACTION_ROOT, 'node_modules')))
    setupStep('installing its build tools (npm ci)', npmCommand(), [
      'ci',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
    ]);
  setupStep('building it (node scripts/build.mjs)', process.execPath, ['scripts/build.mjs', '--production']);
  if (!existsSync(cli)) fail(`building toolwire in ${ACTION_ROOT} wrote no dist/cli.js`, SETUP_FAILED);
  return cli;
}

function npmCommand() {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/** One install or build command in the action's checkout; its output goes to the log (stderr). */
function setupStep(what, command, args) {
  process.stderr.write(`toolwire: ${what} in ${ACTION_ROOT}\n`);
  const result = spawnSync(command, args, {
    cwd: ACTION_ROOT,
    // Both to the log's stderr (fd 2): the step's stdout carries only what toolwire reports.
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32',
  });
  if (!result.error && result.status === 0) return;
  const why = result.error
    ? result.error.message
    : result.signal
      ? `killed by ${result.signal}`
      : `exit status ${result.status}`;
  fail(`toolwire could not be set up: ${what} failed (${why}); your files were not checked`, SETUP_FAILED);
}

function checkArgs(format) {
  const args = ['check', '--format', format];
  const config = input('config');
  if (config) args.push('--config', config);
  // Client ids hold no spaces or commas: any mix of the two separates them.
  const clients = input('clients')
    .split(/[\s,]+/)
    .filter((id) => id.length > 0);
  if (clients.length > 0) args.push('--client', clients.join(','));
  // For `check --baseline FILE`: only findings not in the baseline fail.
  const baseline = input('baseline');
  if (baseline) args.push('--baseline', baseline);
  const paths = pathsInput(input('paths'));
  // `--` so a path that starts with a dash is never read as an option.
  return [...args, '--', ...(paths.length > 0 ? paths : ['.'])];
}

function setOutput(name, value) {
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `${name}=${value}\n`);
}

function main() {
  const failOnFindings = booleanInput('fail-on-findings', true);
  const format = formatInput();
  const cli = cliPath();
  const result = spawnSync(process.execPath, [cli, ...checkArgs(format)], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.error) fail(`cannot run toolwire: ${result.error.message}`);
  const status = result.status ?? 2;
  const report = format === 'sarif' ? sarifReport(result.stdout, status) : annotations(result.stdout);
  setOutput('exit-code', String(status));
  setOutput('errors', String(report.levels.error));
  setOutput('warnings', String(report.levels.warning));
  const { error, warning, note } = report.levels;
  const counts = `${error} error(s), ${warning} warning(s), ${note} note(s)`;
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `### toolwire\n\n${counts}; ${report.where}.\n`);
  process.stdout.write(`toolwire: ${counts}; ${report.where}\n`);
  // A partial report after an I/O error (an unreadable file) is still uploaded, but the job fails.
  if (status === 2) fail('toolwire could not read every input (see above)');
  if (status === 1 && failOnFindings) {
    process.stderr.write(
      `::error title=toolwire::toolwire check found errors${input('baseline') ? ' not in the baseline' : ''} (${counts})\n`,
    );
    process.exit(1);
  }
  if (status === 1) process.stdout.write('toolwire: errors found; fail-on-findings is false, so the job goes on.\n');
  process.exit(0);
}

/** `--format sarif`: the report written where upload-sarif reads it, its results counted by level. */
function sarifReport(stdout, status) {
  let results;
  try {
    results = JSON.parse(stdout).runs.flatMap((run) => run.results ?? []);
  } catch {
    // Usage, configuration or I/O errors print no SARIF: toolwire said why on stderr.
    setOutput('exit-code', String(status));
    fail(`toolwire check exited with status ${status} and no SARIF report (its messages are above)`);
  }
  const sarifFile = resolve(input('sarif-file') || join(env.RUNNER_TEMP || '.', 'toolwire.sarif'));
  writeFileSync(sarifFile, stdout);
  setOutput('sarif-file', sarifFile);
  const levels = { error: 0, warning: 0, note: 0 };
  for (const r of results) levels[r.level in levels ? r.level : 'warning'] += 1;
  return { levels, where: `SARIF written to ${sarifFile}` };
}

/**
 * `--format github`: the workflow commands go to the log, where the runner turns each into an
 * annotation on the pull request; nothing to upload (the upload step sees no sarif-file).
 */
function annotations(stdout) {
  process.stdout.write(stdout);
  const levels = { error: 0, warning: 0, note: 0 };
  for (const line of stdout.split('\n')) {
    const command = /^::(error|warning|notice) /.exec(line)?.[1];
    if (command) levels[command === 'notice' ? 'note' : command] += 1;
  }
  return { levels, where: 'annotations on the changed files' };
}

main();
