import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT, runCli, scratch } from './run';

// Servers that answer what the SDK's own server never sends: too much, terminal escapes, a banner.
const HOSTILE = join(ROOT, 'test/fixtures/servers/hostile.mjs');

function hostile(mode: string, ...args: string[]) {
  return runCli(['check', ...args, '--server', '--', process.execPath, HOSTILE, mode]);
}

/** The lines toolwire itself wrote (the rest is the server's stderr tail, each line under `  | `). */
function ownLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.startsWith('toolwire:'));
}

function assertNoStack(stderr: string): void {
  assert.doesNotMatch(stderr, /^\s+at .+\(.*:\d+:\d+\)$/m, stderr);
  assert.doesNotMatch(stderr, /Node\.js v\d/, stderr);
}

describe('toolwire check --server: hostile answers', () => {
  test('an answer over 10 MiB: exit 2, one clear line, no stack trace', () => {
    const result = hostile('huge', '--timeout', '30');
    assert.equal(result.status, 2, result.stderr.slice(0, 2000));
    assert.equal(result.stdout, '');
    assertNoStack(result.stderr);
    const lines = ownLines(result.stderr);
    assert.equal(lines.length, 1, result.stderr.slice(0, 2000));
    assert.match(lines[0]!, /: answer over 10 MiB: not read$/);
  });

  test('a banner on stdout before initialize: exit 2 at once, not at the timeout', () => {
    const started = Date.now();
    const result = hostile('banner', '--timeout', '60');
    assert.equal(result.status, 2);
    assert.ok(Date.now() - started < 30_000, 'failed fast');
    assertNoStack(result.stderr);
    assert.match(result.stderr, /^toolwire: .*answered something that is not MCP/m);
  });

  test('a server name holding ESC, C1 and bidi overrides reaches the terminal escaped', () => {
    const result = hostile('escapes');
    assert.ok(result.status === 0 || result.status === 1, result.stderr);
    for (const out of [result.stdout, result.stderr])
      assert.doesNotMatch(out, /[\u001b\u0007\u009b\u202a-\u202e\u2066-\u2069]/, JSON.stringify(out));
    assert.match(result.stdout + result.stderr, /U\+001B/);
    assert.match(result.stdout + result.stderr, /U\+202E/);
  });
});

describe('toolwire check --mcp-config: failure messages keep secrets out', () => {
  test('an ${env:…} argument is printed as written, its value nowhere in the output', () => {
    const secret = 'tw-secret-4f9c2a71';
    const dir = scratch({
      '.vscode/mcp.json': JSON.stringify({
        servers: {
          echoes: {
            command: process.execPath,
            // A server that fails and, as some do, echoes its argv on stderr first.
            args: ['-e', 'console.error("argv:", process.argv[1]); process.exit(3)', '${env:TOOLWIRE_TEST_SECRET}'],
          },
          missing: { command: 'toolwire-no-such-command', args: ['--token', '${env:TOOLWIRE_TEST_SECRET}'] },
        },
      }),
    });
    process.env.TOOLWIRE_TEST_SECRET = secret;
    let result: ReturnType<typeof runCli>;
    try {
      result = runCli(['check', '--mcp-config', '.vscode/mcp.json', '--timeout', '30'], dir);
    } finally {
      delete process.env.TOOLWIRE_TEST_SECRET;
    }
    assert.equal(result.status, 2, result.stderr);
    assertNoStack(result.stderr);
    assert.ok(!(result.stdout + result.stderr).includes(secret), result.stderr);
    const failed = ownLines(result.stderr).filter((l) => l.includes('failed:'));
    assert.equal(failed.length, 2, result.stderr);
    assert.match(result.stderr, /--token \$\{env:TOOLWIRE_TEST_SECRET\}": cannot start: command not found$/m);
    assert.match(result.stderr, /^ {2}\| argv: \$\{env:TOOLWIRE_TEST_SECRET\}$/m);
  });
});
