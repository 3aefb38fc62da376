import assert from 'node:assert/strict';
import { join, sep } from 'node:path';
import { describe, test } from 'node:test';
import { planMcpConfig, workspaceFolderOf, type VariableScope } from '../../cli/src/live/mcpConfig';

const scope: VariableScope = {
  env: { TOKEN: 't0k', HOME_DIR: '/h' },
  workspaceFolder: '/w',
  userHome: '/home/u',
  inputs: {},
};

describe('planMcpConfig: variables resolved as each client documents them, or the server skipped', () => {
  test('VS Code: env, workspaceFolder, userHome; an ${input:} without --input skips the server with the reason', () => {
    const text = JSON.stringify({
      servers: {
        ok: {
          command: '${userHome}/bin/s',
          args: ['${workspaceFolder}/a', '${env:TOKEN}'],
          env: { K: '${pathSeparator}' },
          cwd: 'sub',
        },
        asks: { type: 'http', url: 'https://x/mcp', headers: { Authorization: 'Bearer ${input:tok}' } },
        missing: { command: 'x', env: { K: '${env:NOPE}' } },
        unknown: { command: '${config:editor.fontSize}' },
      },
    });
    const plan = planMcpConfig('/w/.vscode/mcp.json', text, scope);
    assert.equal(plan.client, 'vscode');
    assert.deepEqual(plan.servers, [
      {
        name: 'ok',
        target: {
          kind: 'stdio',
          name: 'ok',
          command: '/home/u/bin/s',
          args: ['/w/a', 't0k'],
          env: { K: sep },
          cwd: join('/w', 'sub'),
        },
      },
      { name: 'asks', skipped: 'not started: cannot resolve ${input:tok} (give it with --input ID=VALUE)' },
      { name: 'missing', skipped: 'not started: cannot resolve ${env:NOPE}' },
      { name: 'unknown', skipped: 'not started: cannot resolve ${config:editor.fontSize}' },
    ]);
    const given = planMcpConfig('/w/.vscode/mcp.json', text, { ...scope, inputs: { tok: 's3' } }, ['asks']);
    assert.deepEqual(given.servers, [
      {
        name: 'asks',
        target: { kind: 'http', name: 'asks', url: 'https://x/mcp', headers: { Authorization: 'Bearer s3' } },
      },
    ]);
  });

  test('Claude Code ${X} and ${X:-default}; Gemini CLI $X; Cursor has no ${input:}; Claude Desktop substitutes nothing', () => {
    const claude = planMcpConfig(
      '/w/.mcp.json',
      JSON.stringify({
        mcpServers: { a: { command: '${HOME_DIR}/s', args: ['${PORT:-8080}'] }, b: { command: '${NOPE}' } },
      }),
      scope,
    );
    assert.deepEqual(claude.servers, [
      { name: 'a', target: { kind: 'stdio', name: 'a', command: '/h/s', args: ['8080'], env: {} } },
      { name: 'b', skipped: 'not started: cannot resolve ${NOPE}' },
    ]);
    const gemini = planMcpConfig(
      '/w/.gemini/settings.json',
      JSON.stringify({ mcpServers: { g: { command: 'run', env: { T: '$TOKEN', U: '${TOKEN}' } } } }),
      scope,
    );
    assert.deepEqual(gemini.servers, [
      { name: 'g', target: { kind: 'stdio', name: 'g', command: 'run', args: [], env: { T: 't0k', U: 't0k' } } },
    ]);
    const cursor = planMcpConfig(
      '/w/.cursor/mcp.json',
      JSON.stringify({ mcpServers: { c: { command: 'x', args: ['${input:a}'] } } }),
      { ...scope, inputs: { a: 'v' } },
    );
    assert.equal(
      'skipped' in cursor.servers[0]! && cursor.servers[0].skipped,
      'not started: cannot resolve ${input:a} (give it with --input ID=VALUE)',
    );
    const desktop = planMcpConfig(
      '/h/claude_desktop_config.json',
      JSON.stringify({ mcpServers: { d: { command: '${TOKEN}' } } }),
      scope,
    );
    assert.deepEqual(desktop.servers, [
      { name: 'd', target: { kind: 'stdio', name: 'd', command: '${TOKEN}', args: [], env: {} } },
    ]);
  });

  test('"type": "sse", and Gemini CLI\'s url without httpUrl, plan an SSE target; other HTTP entries leave the transport open', () => {
    const vscode = planMcpConfig(
      '/w/.vscode/mcp.json',
      JSON.stringify({
        servers: { old: { type: 'sse', url: 'https://x/sse' }, new: { type: 'http', url: 'https://x/mcp' } },
      }),
      scope,
    );
    assert.deepEqual(vscode.servers, [
      { name: 'old', target: { kind: 'http', name: 'old', url: 'https://x/sse', headers: {}, transport: 'sse' } },
      { name: 'new', target: { kind: 'http', name: 'new', url: 'https://x/mcp', headers: {} } },
    ]);
    const gemini = planMcpConfig(
      '/w/.gemini/settings.json',
      JSON.stringify({ mcpServers: { s: { url: 'https://x/sse' }, h: { httpUrl: 'https://x/mcp' } } }),
      scope,
    );
    assert.deepEqual(
      gemini.servers.map((p) => 'target' in p && p.target.kind === 'http' && p.target.transport),
      ['sse', undefined],
    );
  });

  test('disabled and invalid entries are skipped with a reason; the workspace folder holds .vscode/', () => {
    const plan = planMcpConfig(
      '/w/.cursor/mcp.json',
      JSON.stringify({ mcpServers: { off: { command: 'x', disabled: true }, bad: {} } }),
      scope,
    );
    assert.deepEqual(plan.servers, [
      { name: 'off', skipped: 'disabled in the configuration' },
      { name: 'bad', skipped: 'cannot be started: it has no "command" and no "url"' },
    ]);
    assert.equal(workspaceFolderOf(join('/p', '.vscode', 'mcp.json')), join('/p'));
    assert.equal(workspaceFolderOf(join('/p', '.mcp.json')), join('/p'));
  });
});
