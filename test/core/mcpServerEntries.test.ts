import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inputsReferenced, readMcpServerEntries } from '../../server/src/core';

describe('readMcpServerEntries: every server of an MCP client configuration', () => {
  test('VS Code: servers in order, stdio and http, inputs, comments and trailing commas', () => {
    const read = readMcpServerEntries(
      '/w/.vscode/mcp.json',
      `{
      // comment
      "inputs": [{ "id": "token", "type": "promptString", "password": true }],
      "servers": {
        "github": { "type": "http", "url": "https://api.example/mcp", "headers": { "Authorization": "Bearer \${input:token}" } },
        "files": { "type": "stdio", "command": "npx", "args": ["-y", "server", 3], "env": { "A": "1", "N": 2 }, "cwd": "\${workspaceFolder}/srv" },
      },
    }`,
    );
    assert.equal(read.client, 'vscode');
    assert.equal(read.syntax, 'vscode');
    assert.deepEqual(read.inputs, ['token']);
    assert.deepEqual(read.servers, [
      {
        name: 'github',
        disabled: false,
        launch: { kind: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${input:token}' } },
      },
      {
        name: 'files',
        disabled: false,
        launch: {
          kind: 'stdio',
          command: 'npx',
          args: ['-y', 'server', '3'],
          env: { A: '1', N: '2' },
          cwd: '${workspaceFolder}/srv',
        },
      },
    ]);
  });

  test('Gemini CLI: httpUrl before url; Windsurf serverUrl; an entry that cannot start says why', () => {
    const read = readMcpServerEntries(
      '/w/.gemini/settings.json',
      JSON.stringify({
        mcpServers: {
          a: { httpUrl: 'http://h/mcp', url: 'http://h/sse' },
          b: { serverUrl: 'http://s' },
          c: { type: 'sse' },
          d: 7,
          e: { command: 'x', disabled: true },
        },
      }),
    );
    assert.equal(read.client, 'gemini-cli');
    assert.deepEqual(
      read.servers.map((s) => s.launch),
      [
        { kind: 'http', url: 'http://h/mcp', headers: {} },
        { kind: 'http', url: 'http://s', headers: {} },
        { kind: 'invalid', reason: 'its type "sse" has no "url"' },
        { kind: 'invalid', reason: 'its entry is not an object' },
        { kind: 'stdio', command: 'x', args: [], env: {} },
      ],
    );
    assert.equal(read.servers[4]!.disabled, true);
  });

  test('the client comes from the path; Claude Desktop is none; a broken file lists none, never throws', () => {
    assert.equal(readMcpServerEntries('/w/.mcp.json', '{"mcpServers":{}}').client, 'claude-code');
    assert.equal(readMcpServerEntries('/w/.cursor/mcp.json', '{"mcpServers":{}}').syntax, 'cursor');
    const desktop = readMcpServerEntries('/h/claude_desktop_config.json', '{"mcpServers":{"x":{"command":"y"}}}');
    assert.deepEqual([desktop.client, desktop.syntax, desktop.servers.length], [undefined, 'none', 1]);
    assert.equal(readMcpServerEntries('/w/.vscode/mcp.json', '[').problem, 'not a JSON object');
    assert.equal(readMcpServerEntries('/w/.vscode/mcp.json', '{"mcpServers":{}}').problem, 'no "servers" object');
    assert.equal(
      readMcpServerEntries('/w/other.json', '{"servers":{"a":{"command":"b"}}}').servers[0]!.name,
      'a',
      'an unknown file name: the key it holds',
    );
  });

  test('inputsReferenced: the ${input:} ids VS Code would ask for, of servers that would start', () => {
    const text = JSON.stringify({
      servers: {
        a: { url: 'http://x', headers: { A: '${input:tok} ${input:tok}' } },
        b: { command: 'c', env: { E: '${input:key}' } },
        off: { command: 'c', args: ['${input:never}'], disabled: true },
      },
    });
    assert.deepEqual(inputsReferenced(readMcpServerEntries('/w/.vscode/mcp.json', text)), ['tok', 'key']);
    assert.deepEqual(
      inputsReferenced(readMcpServerEntries('/w/.cursor/mcp.json', text.replace('"servers"', '"mcpServers"'))),
      [],
      'only VS Code has inputs',
    );
  });
});
