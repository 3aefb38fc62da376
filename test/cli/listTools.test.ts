import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { listServerTools } from '../../cli/src/live/listTools';
import { ROOT } from './run';

// The API the --mcp-config command calls: one server in, its serverInfo and raw tools out, never a throw.
const STDIO = join(ROOT, 'test/fixtures/servers/stdio.mjs');

describe('listServerTools', () => {
  test('returns serverInfo (with title) and the tools as served, across pages', async () => {
    const logged: string[] = [];
    const result = await listServerTools(
      {
        kind: 'stdio',
        command: process.execPath,
        args: [STDIO, 'pages', 'srv'],
        env: { FIXTURE_SERVER_TITLE: 'My Server' },
      },
      { timeoutMs: 30_000, stderr: (chunk) => logged.push(chunk) },
    );
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(result.serverInfo, { name: 'srv', title: 'My Server', version: '1.2.3' });
    assert.deepEqual(
      result.tools.map((t) => (t as { name: string }).name),
      ['admin.tools.list', 'admin_tools_list', 'has space'],
    );
    assert.match(logged.join(''), /ready, pid=/, "the server's stderr reaches the sink");
  });

  test('a crash is a result, not a throw, with the stderr tail', async () => {
    const result = await listServerTools(
      { kind: 'stdio', command: process.execPath, args: [STDIO, 'crash'] },
      { timeoutMs: 30_000 },
    );
    assert.equal(result.ok, false);
    assert.ok(!result.ok && /about to crash/.test(result.stderrTail));
  });
});
