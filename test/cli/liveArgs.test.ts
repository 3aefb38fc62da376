import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseArgs } from '../../cli/src/args';
import { snapshotFileName, snapshotText, virtualPath } from '../../cli/src/live/snapshot';

describe('live server arguments', () => {
  test('--server passes the command and its arguments as they are (no shell)', () => {
    const args = parseArgs([
      'check',
      '--env',
      'A=1=2',
      '--cwd',
      '/srv',
      '--timeout',
      '1.5',
      '--server',
      '--',
      'node',
      'a b.js',
      '--flag',
      '$HOME',
    ]);
    assert.ok(args.command === 'check' && args.live);
    assert.deepEqual(args.live.target, {
      kind: 'stdio',
      command: 'node',
      args: ['a b.js', '--flag', '$HOME'],
      env: { A: '1=2' },
      cwd: '/srv',
    });
    assert.equal(args.live.timeoutMs, 1500);
    assert.deepEqual(args.paths, []);
  });

  test('--url with headers; the default timeout is 30 s', () => {
    const args = parseArgs([
      'check',
      '--url',
      'https://example.test/mcp',
      '--header',
      'Authorization: Bearer x:y',
      '--server-name',
      'gh',
    ]);
    assert.ok(args.command === 'check' && args.live);
    assert.deepEqual(args.live.target, {
      kind: 'http',
      url: 'https://example.test/mcp',
      headers: { Authorization: 'Bearer x:y' },
      name: 'gh',
    });
    assert.equal(args.live.timeoutMs, 30_000);
    assert.equal(args.live.serverName, 'gh');
  });

  test('mistakes are usage errors', () => {
    for (const argv of [
      ['check', '--server', '--url', 'http://x/mcp', '--', 'node'],
      ['check', '--url', 'file:///etc/passwd'],
      ['check', '--url', 'http://x/mcp', 'extra.json'],
      ['check', '--env', 'NOVALUE', '--server', '--', 'node'],
      ['check', '--header', 'nocolon', '--url', 'http://x/mcp'],
      ['check', '--save', 'out'],
    ])
      assert.equal(parseArgs(argv).command, 'usage-error', argv.join(' '));
  });
});

describe('snapshots', () => {
  test('file names are safe whatever the server calls itself', () => {
    assert.equal(snapshotFileName('github'), 'github.tools.json');
    assert.doesNotMatch(snapshotFileName('../../etc/x'), /\/|^\./);
    assert.equal(snapshotFileName('con'), '_con.tools.json');
    assert.equal(snapshotFileName(''), '_.tools.json');
    assert.ok(snapshotFileName('x'.repeat(500)).length <= 111);
  });

  test('the snapshot is serverInfo plus tools, pretty-printed; --server-name replaces name and title', () => {
    const served = { serverInfo: { name: 'srv', title: 'Server', version: '1' }, tools: [{ name: 'a' }] };
    assert.equal(snapshotText(served), `${JSON.stringify(served, null, 2)}\n`);
    assert.deepEqual(JSON.parse(snapshotText(served, 'ops')).serverInfo, { name: 'ops', version: '1' });
    assert.equal(virtualPath('mcp-servers/everything'), 'mcp://mcp-servers/everything/tools/list');
  });
});
