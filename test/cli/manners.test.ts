import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Log } from 'sarif';
import { parseArgs } from '../../cli/src/args';
import { formatGithub } from '../../cli/src/report/github';
import { CHECKED_EXTENSIONS } from '../../server/src/core';
import { CLI, ROOT, runCli, scratch } from './run';

// What a linter's command line is expected to do: short usage errors, a help that lists
// everything, --quiet, --max-warnings, GitHub annotations, -o, and a quiet end on a closed pipe.

const CLIENTS_OFF = '{ "clients": [] }';
/** Two errors (a wire collision, one on each member) and one warning (a space in a name). */
const MIXED = JSON.stringify({
  tools: [
    { name: 'a.b', inputSchema: {} },
    { name: 'a_b', inputSchema: {} },
    { name: 'c d', inputSchema: {} },
  ],
});
/** Three warnings and no error. */
const WARNINGS = `${[1, 2, 3].map(() => JSON.stringify({ tools: [{ name: 'c d', inputSchema: {} }] })).join('\n')}\n`;

describe('toolwire command-line manners', () => {
  test('a usage error is one line and a pointer to --help, exit 2', () => {
    for (const argv of [['check', '--nope', '.'], ['lint'], ['check'], ['check', '--max-warnings', '-1', '.']]) {
      const result = runCli(argv);
      assert.equal(result.status, 2, argv.join(' '));
      const lines = result.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 2, result.stderr);
      assert.match(lines[0]!, /^toolwire: /);
      assert.match(lines[1]!, /run `toolwire --help`/i);
      assert.equal(result.stdout, '');
    }
  });

  test('--help lists every command and every extension folders are walked for', () => {
    const result = runCli(['--help']);
    assert.equal(result.status, 0);
    for (const command of ['check', 'census', 'fix', 'baseline', 'explain'])
      assert.match(result.stdout, new RegExp(`^ {2}${command} `, 'm'), command);
    const walked = /Folders are walked for ([^\n]*)/.exec(result.stdout)?.[1] ?? '';
    assert.deepEqual(
      walked.split(', ').map((e) => e.replace(/^\*/, '')),
      [...CHECKED_EXTENSIONS],
    );
    for (const flag of ['--quiet', '--max-warnings', '--output-file', 'github'])
      assert.ok(result.stdout.includes(flag), flag);
  });

  test('--quiet reports errors alone, in every format; the exit status is unchanged', () => {
    const dir = scratch({ 'mix.json': MIXED, '.toolwire.json': CLIENTS_OFF });
    const text = runCli(['check', '--quiet', 'mix.json'], dir);
    assert.equal(text.status, 1);
    assert.deepEqual(
      text.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split(' ')[1]),
      // a.b's wire-collision (a_b keeps the name: one problem, one diagnostic); c d's warning hidden.
      ['error'],
    );
    const log = JSON.parse(runCli(['check', '--quiet', '--format', 'sarif', 'mix.json'], dir).stdout) as Log;
    assert.deepEqual(
      log.runs[0]!.results!.map((r) => r.level),
      ['error'],
    );
    const quietWarnings = runCli(
      ['check', '--quiet', 'w.jsonl'],
      scratch({ 'w.jsonl': WARNINGS, '.toolwire.json': CLIENTS_OFF }),
    );
    assert.equal(quietWarnings.status, 0);
    assert.equal(quietWarnings.stdout, '');
  });

  test('--max-warnings N: exit 1 when there are more than N warnings, even under --quiet', () => {
    const dir = scratch({ 'w.jsonl': WARNINGS, '.toolwire.json': CLIENTS_OFF });
    assert.equal(runCli(['check', '--max-warnings', '3', 'w.jsonl'], dir).status, 0);
    const over = runCli(['check', '--max-warnings', '2', 'w.jsonl'], dir);
    assert.equal(over.status, 1);
    assert.match(over.stderr, /3 warnings, more than --max-warnings 2/);
    assert.equal(runCli(['check', '--quiet', '--max-warnings=0', 'w.jsonl'], dir).status, 1);
    assert.equal(runCli(['check', 'w.jsonl'], dir).status, 0, 'no limit without the flag');
  });

  test('--format github prints one workflow annotation per finding', () => {
    const dir = scratch({ 'mix.json': MIXED, '.toolwire.json': CLIENTS_OFF });
    const result = runCli(['check', '--format', 'github', 'mix.json'], dir);
    assert.equal(result.status, 1);
    const lines = result.stdout.trimEnd().split('\n');
    // a.b's wire-collision (the kept a_b has none) and c d's warning.
    assert.equal(lines.length, 2);
    assert.match(
      lines[0]!,
      /^::error file=mix\.json,line=1,col=19,endLine=1,endColumn=\d+,title=[^:]*::.*\(wire-collision\)$/,
    );
    assert.match(lines[1]!, /^::warning file=mix\.json,line=1,col=83,.*\(invalid-name\)$/);
  });

  test('a github annotation cannot be ended or forged by what a name holds', () => {
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
    const out = formatGithub([
      {
        path: 'a,b:c.json',
        format: null,
        tools: [],
        diagnostics: [
          { code: 'invalid-name', severity: 'information', message: 'bad\n::error::forged 100%', range, related: [] },
        ],
      },
    ]);
    assert.equal(out.split('\n').length, 2, 'one line and the final newline');
    assert.match(out, /^::notice file=a%2Cb%3Ac\.json,/);
    assert.ok(out.includes('bad%0A::error::forged 100%25'));
  });

  test('-o FILE writes the report there and nothing on stdout', () => {
    const dir = scratch({ 'mix.json': MIXED, '.toolwire.json': CLIENTS_OFF });
    const result = runCli(['check', '--format', 'sarif', '-o', 'out.sarif', 'mix.json'], dir);
    assert.equal(result.status, 1, result.stderr);
    assert.equal(result.stdout, '');
    const log = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')) as Log;
    assert.equal(log.runs[0]!.results!.length, 2);
    const text = runCli(['check', '--output-file=out.txt', 'mix.json'], dir);
    assert.equal(text.stdout, '');
    assert.match(readFileSync(join(dir, 'out.txt'), 'utf8'), /^mix\.json:1:19: error wire-collision/);
    assert.match(text.stderr, /1 error, 1 warning/, 'the summary stays on stderr');
    const unwritable = runCli(['check', '-o', 'no/such/dir/out.txt', 'mix.json'], dir);
    assert.equal(unwritable.status, 2);
    assert.match(unwritable.stderr, /cannot write no\/such\/dir\/out\.txt/);
  });

  test('check-only flags are usage errors elsewhere', () => {
    for (const argv of [
      ['census', '--quiet', '.'],
      ['census', '--format', 'github', '.'],
      ['fix', '--quiet', '.'],
      ['fix', '-o', 'x', '.'],
      ['baseline', '--max-warnings', '1', '.'],
      ['check', '--quiet=yes', '.'],
      ['check', '--max-warnings', '1.5', '.'],
      ['check', '-o'],
    ])
      assert.equal(parseArgs(argv).command, 'usage-error', argv.join(' '));
    const parsed = parseArgs(['check', '--quiet', '--max-warnings', '0', '-o', 'r.txt', '--baseline', 'b.json', '.']);
    assert.ok(parsed.command === 'check');
    assert.deepEqual(
      [parsed.quiet, parsed.maxWarnings, parsed.outputFile, parsed.baseline?.path],
      [true, 0, 'r.txt', 'b.json'],
    );
  });

  test("Node's parseArgs splits the words: --flag=value, -oFILE, a value never read as a flag", () => {
    const inline = parseArgs(['check', '--format=json', '-or.json', '--client=vscode,cursor', 'a', '--', '-b']);
    assert.ok(inline.command === 'check');
    assert.deepEqual(
      [inline.format, inline.outputFile, inline.clients, inline.paths],
      ['json', 'r.json', ['vscode', 'cursor'], ['a', '-b']],
    );
    // `--config --dry-run`: a config file of that name, not fix's flag.
    const fix = parseArgs(['fix', '--config', '--dry-run', '.']);
    assert.ok(fix.command === 'fix');
    assert.deepEqual([fix.config, fix.dryRun, fix.paths], ['--dry-run', false, ['.']]);
    const baseline = parseArgs(['check', '--baseline=b.json', '--prune', '.']);
    assert.ok(baseline.command === 'check');
    assert.deepEqual(baseline.baseline, { path: 'b.json', prune: true });
    assert.deepEqual(parseArgs(['check', '-qx', '.']), { command: 'usage-error', message: 'Unknown option "-q".' });
    assert.deepEqual(parseArgs(['fix', '--dry-run=yes', '.']), {
      command: 'usage-error',
      message: '--dry-run takes no value.',
    });
  });

  test('a reader that closes the pipe early (fix --dry-run | head) ends toolwire quietly, with its usual status', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolwire-epipe-'));
    // Enough diff that it cannot all sit in the pipe's buffer before the reader is gone.
    for (let i = 0; i < 20; i++) cpSync(join(ROOT, 'examples'), join(dir, `copy${i}`), { recursive: true });
    assert.ok(existsSync(join(dir, 'copy0')));
    const child = spawn(process.execPath, [CLI, 'fix', '--unsafe', '--dry-run', '.'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Like head -1: read the first chunk, then close the pipe.
    await once(child.stdout, 'data');
    child.stdout.destroy();
    const [status] = (await once(child, 'close')) as [number | null];
    assert.equal(status, 0, stderr);
    assert.doesNotMatch(stderr, /EPIPE|internal error|\n {4}at /);
  });
});
