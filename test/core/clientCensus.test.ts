import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze, clientContextFor, parseConfig, type AnalysisOptions, type ClientCensusOptions, type ClientId, type WorkspaceHost } from '../../server/src/core';
import { applyEdits, mcpList, pretty } from './helpers';

/** An in-memory workspace (vscode-markdown-languageservice style): path -> text. */
function workspace(files: Record<string, string>): WorkspaceHost {
  return {
    readFile: (path) => files[path],
    findFiles: (folder, globs) =>
      Object.keys(files)
        .filter((p) => p.startsWith(`${folder}/`))
        .map((p) => p.slice(folder.length + 1))
        .filter((p) => globs.some((g) => g === p || (g.endsWith('/*.json') && p.startsWith(g.slice(0, -6)) && p.endsWith('.json')))),
    toolsOf: (path) => analyze(files[path] ?? '').tools.flatMap((t) => (t.name === undefined ? [] : [{ name: t.name, range: t.declaration.name.range }])),
  };
}

function optionsFor(files: Record<string, string>, path: string, requested?: readonly ClientId[]): AnalysisOptions & { clients?: ClientCensusOptions } {
  const configText = files['/ws/.toolwire.json'];
  const config = configText ? parseConfig(configText).config : undefined;
  const clients = clientContextFor({ path, folder: '/ws', config, ...(requested ? { requestedClients: requested } : {}) }, workspace(files));
  return clients ? { clients } : {};
}

const lines = (text: string, options: AnalysisOptions) =>
  analyze(text, options).findings.filter((f) => f.code.startsWith('client-')).map((f) => `${f.code} ${text.slice(f.range.start, f.range.end)} [${f.clients?.join(',')}]`);

describe('the workspace census across files', () => {
  const files = {
    '/ws/.toolwire.json': JSON.stringify({ clients: ['openai-agents', 'claude-code'], servers: { 'cloudflare-browser': 'browser.json', 'cloudflare-radar': ['radar.json'] } }),
    '/ws/browser.json': mcpList('accounts_list', 'take_screenshot'),
    '/ws/radar.json': mcpList('accounts_list', 'get_traffic'),
  };

  test('one name on two servers: found in both files, with the other file as related location', () => {
    for (const [path, other] of [['/ws/browser.json', '/ws/radar.json'], ['/ws/radar.json', '/ws/browser.json']] as const) {
      const analysis = analyze(files[path], optionsFor(files, path));
      const finding = analysis.findings.find((f) => f.code === 'client-collision');
      assert.ok(finding, path);
      assert.deepEqual(finding.clients, ['openai-agents']);
      assert.match(finding.message, /OpenAI Agents SDK v0\.22\.0: sent as "accounts_list", like "accounts_list" of server "cloudflare-(radar|browser)"; the SDK raises UserError/);
      assert.equal(finding.related[0]!.file, other);
      assert.equal(files[other].slice(finding.related[0]!.range.start, finding.related[0]!.range.end), '"accounts_list"');
    }
  });

  test('clients with an MCP configuration send only the servers it lists', () => {
    const withConfigs = {
      ...files,
      '/ws/.toolwire.json': JSON.stringify({ servers: { 'cloudflare-browser': 'browser.json', 'cloudflare-radar': 'radar.json' } }),
      // Claude Code loads both servers; nothing else is configured.
      '/ws/.mcp.json': JSON.stringify({ mcpServers: { 'cloudflare-browser': {}, 'cloudflare-radar': {} } }),
    };
    const options = optionsFor(withConfigs, '/ws/browser.json');
    assert.deepEqual(options.clients?.enabled, ['claude-code']);
    // Claude Code prefixes the server, so the two accounts_list do not collide there.
    assert.deepEqual(lines(withConfigs['/ws/browser.json'], options), []);
    const cursorOnlyRadar = { ...withConfigs, '/ws/.cursor/mcp.json': JSON.stringify({ mcpServers: { 'cloudflare-radar': {} } }) };
    const cursorOptions = optionsFor(cursorOnlyRadar, '/ws/browser.json');
    assert.deepEqual(cursorOptions.clients?.notLoadedBy, ['cursor'], 'Cursor does not load the browser server');
  });

  test('the server name: configured, recorded in the file, or from the path', () => {
    const recorded = pretty({ server_info: { name: 'server-memory' }, tools: [{ name: 'x'.repeat(50), inputSchema: {} }] });
    const analysis = analyze(recorded, { clients: { enabled: ['cursor'], server: 'from-path' } });
    assert.equal(analysis.clients[0]!.server, 'server-memory');
    assert.deepEqual(lines(recorded, { clients: { enabled: ['cursor'], server: 'from-path' } }), [`client-dropped "${'x'.repeat(50)}" [cursor]`]);
    assert.equal(optionsFor({ '/ws/servers/github/tools.json': '[]' }, '/ws/servers/github/tools.json', ['cursor'])?.clients?.server, 'github');
  });

  test('a function for the clients is called only for MCP tool files', () => {
    let calls = 0;
    const clients = () => {
      calls += 1;
      return { enabled: ['cursor' as const], server: 's' };
    };
    analyze(pretty({ name: 'x', version: '1.0.0' }), { clients });
    analyze(pretty({ model: 'gpt-4o', tools: [{ type: 'function', function: { name: 'a' } }] }), { clients });
    assert.equal(calls, 0);
    assert.equal(analyze(mcpList('a.b'), { clients }).clients.length, 1);
    assert.equal(calls, 1);
  });

  test('no client is enabled unless configured or asked for', () => {
    assert.deepEqual(optionsFor({ '/ws/t.json': mcpList('a.b') }, '/ws/t.json'), {});
  });

  test('the rename fix proposes a name that survives every enabled client', () => {
    // z.b and z_b sort after the long name, so VS Code's throw on them loses nothing else.
    const text = mcpList('x'.repeat(55), 'z.b', 'z_b');
    const options: AnalysisOptions = { clients: { enabled: ['cursor', 'claude-code', 'vscode', 'gemini-cli', 'codex', 'openai-agents', 'native-runtime'], server: 'srv' } };
    const analysis = analyze(text, options);
    const fixable = analysis.findings.filter((f) => f.code.startsWith('client-') && f.fix);
    assert.ok(fixable.length >= 2);
    for (const finding of fixable) {
      const fixed = applyEdits(text, finding.fix!.edits);
      const after = analyze(fixed, options).findings.filter((f) => f.code.startsWith('client-') && f.tool === finding.tool);
      assert.deepEqual(after.map((f) => f.message), [], finding.fix!.title);
    }
  });
});
