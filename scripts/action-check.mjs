// The GitHub Action's one step of logic (action.yml runs it; test/package/action.test.ts runs it
// locally with the same INPUT_* variables): `toolwire check --format sarif` over the inputs, the
// SARIF written to a file for upload-sarif, outputs and a job summary, and an exit status that
// says whether the job fails.
//
// Exit status: 0 clean (or findings with fail-on-findings: false), 1 findings that fail the job,
// 2 toolwire could not check (usage, configuration or I/O error: always fails the job).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ACTION_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;

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

function fail(message) {
  process.stderr.write(`::error title=toolwire::${message}\n`);
  process.exit(2);
}

/**
 * The CLI to run. TOOLWIRE_CLI (a cli.js) or a built checkout of the action (dist/cli.js) first;
 * otherwise the published package at the action's own version through npx: `uses:
 * toolwire/toolwire@v0.1.0` then runs exactly `npx toolwire@0.1.0`, and the user's job installs one
 * self-contained package instead of building this repository with its dev tools (esbuild, vsce, tsc).
 */
function cliCommand() {
  const local =
    env.TOOLWIRE_CLI || (existsSync(join(ACTION_ROOT, 'dist', 'cli.js')) ? join(ACTION_ROOT, 'dist', 'cli.js') : '');
  if (local) return { command: process.execPath, prefix: [local] };
  const version = input('version') || JSON.parse(readFileSync(join(ACTION_ROOT, 'package.json'), 'utf8')).version;
  return { command: process.platform === 'win32' ? 'npx.cmd' : 'npx', prefix: ['--yes', `toolwire@${version}`] };
}

function checkArgs() {
  const args = ['check', '--format', 'sarif'];
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
  const sarifFile = resolve(input('sarif-file') || join(env.RUNNER_TEMP || '.', 'toolwire.sarif'));
  const { command, prefix } = cliCommand();
  const result = spawnSync(command, [...prefix, ...checkArgs()], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (result.error) fail(`cannot run toolwire: ${result.error.message}`);
  const status = result.status ?? 2;
  let results;
  try {
    results = JSON.parse(result.stdout).runs.flatMap((run) => run.results ?? []);
  } catch {
    // Usage, configuration or I/O errors print no SARIF: toolwire said why on stderr.
    setOutput('exit-code', String(status));
    fail(`toolwire check exited with status ${status} and no SARIF report (its messages are above)`);
  }
  writeFileSync(sarifFile, result.stdout);
  const levels = { error: 0, warning: 0, note: 0 };
  for (const r of results) levels[r.level in levels ? r.level : 'warning'] += 1;
  setOutput('sarif-file', sarifFile);
  setOutput('exit-code', String(status));
  setOutput('errors', String(levels.error));
  setOutput('warnings', String(levels.warning));
  const counts = `${levels.error} error(s), ${levels.warning} warning(s), ${levels.note} note(s)`;
  if (env.GITHUB_STEP_SUMMARY)
    appendFileSync(env.GITHUB_STEP_SUMMARY, `### toolwire\n\n${counts}; SARIF in \`${sarifFile}\`.\n`);
  process.stdout.write(`toolwire: ${counts}; SARIF written to ${sarifFile}\n`);
  // A partial SARIF after an I/O error (an unreadable file) is uploaded, but the job still fails.
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

main();
