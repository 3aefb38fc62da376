import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type * as vscode from 'vscode';
import { runCli } from '../../client/src/cliProcess';
import { CLI, ROOT, scratch } from '../cli/run';

// The editor command's process runner, without an editor: a CancellationToken is all it needs.
function token(): { token: vscode.CancellationToken; cancel: () => void } {
  const events = new EventEmitter();
  let requested = false;
  const onCancellationRequested = ((listener: () => void) => {
    events.on('cancel', listener);
    return { dispose: () => events.off('cancel', listener) };
  }) as unknown as vscode.CancellationToken['onCancellationRequested'];
  return {
    token: {
      get isCancellationRequested() {
        return requested;
      },
      onCancellationRequested,
    },
    cancel: () => {
      requested = true;
      events.emit('cancel');
    },
  };
}

const FIXTURE = join(ROOT, 'test/fixtures/servers/colliding.mjs');

describe('the editor command runs the CLI bundle as a process', () => {
  test('--mcp-config --format json --save: the report and the snapshot paths come back', async () => {
    const dir = scratch({
      '.vscode/mcp.json': JSON.stringify({ servers: { one: { command: process.execPath, args: [FIXTURE, 'a.b'] } } }),
    });
    const run = await runCli(
      CLI,
      ['check', '--mcp-config', '.vscode/mcp.json', '--format', 'json', '--save', join(dir, 'snaps')],
      dir,
      token().token,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.cancelled, false);
    assert.deepEqual(
      (JSON.parse(run.stdout) as { files: Array<{ path: string }> }).files.map((f) => f.path),
      ['snaps/one.tools.json'],
    );
  });

  test('cancelling ends the CLI even while a server never answers', { timeout: 120_000 }, async () => {
    // A server that starts and never answers: only cancellation ends this run (the timeout is an hour).
    const dir = scratch({
      'hang.mjs': 'setInterval(() => {}, 1 << 30);\n',
      '.mcp.json': JSON.stringify({ mcpServers: { hang: { command: process.execPath, args: ['hang.mjs'] } } }),
    });
    const { token: t, cancel } = token();
    const running = runCli(CLI, ['check', '--mcp-config', '.mcp.json', '--timeout', '3600'], dir, t);
    cancel();
    const run = await running;
    assert.equal(run.cancelled, true);
    assert.notEqual(run.code, 0);
  });
});
