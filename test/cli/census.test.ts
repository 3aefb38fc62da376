import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

const tools = (...names: string[]) =>
  JSON.stringify({ tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) }, null, 2);

describe('toolwire census and --client', () => {
  test('census prints a table per client, every client by default', () => {
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ servers: { billing: 'servers/billing/*.json' } }),
      'servers/billing/tools.json': tools('refund.issue', 'refund_issue'),
    });
    const result = runCli(['census', '.'], dir);
    assert.equal(result.status, 1, 'a collision in some client');
    assert.match(result.stdout, /^servers\/billing\/tools\.json \(server "billing"\)/);
    for (const label of [
      'Agent runtime',
      'VS Code',
      'Claude Code',
      'Cursor',
      'Gemini CLI',
      'Codex CLI',
      'OpenAI Agents SDK',
    ])
      assert.match(result.stdout, new RegExp(label));
    assert.match(
      result.stdout,
      /refund\.issue\s+mcp__billing__refund_issue\s+request-fails\s+shares its name with refund_issue/,
    );
    assert.match(result.stdout, /refund\.issue\s+mcp_billing_refund\.issue\s+renamed/, 'Gemini CLI keeps the dot');
  });

  test('census shows the schema each client sends as a diff, in text and JSON', () => {
    const schemaTools = JSON.stringify({
      tools: [
        { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string', pattern: '^a' } } } },
        { name: 'plain', inputSchema: { type: 'object' } },
      ],
    });
    const dir = scratch({ 'tools.json': schemaTools });
    const text = runCli(['census', '--client', 'codex,claude-code', 'tools.json'], dir).stdout;
    assert.match(
      text,
      /Codex CLI[^\n]*\n(?:.*\n)*? {4}schema as sent \(− dropped, ~ rewritten, ≈ same contract\):\n {6}search {2}−\/properties\/q\/pattern\n/,
    );
    // Claude Code sends it as written: no schema lines under its table.
    const claude = text.slice(text.indexOf('Claude Code'));
    assert.doesNotMatch(claude.slice(0, claude.indexOf('Totals')), /schema as sent/);
    const json = JSON.parse(runCli(['census', '--format', 'json', '--client', 'codex', 'tools.json'], dir).stdout);
    const [search, plain] = json.files[0].clients[0].tools;
    assert.deepEqual(search.schemaChanges, [
      { at: '/properties/q/pattern', keyword: 'pattern', change: 'dropped', contract: 'changed' },
    ]);
    assert.equal(plain.schemaChanges, undefined, 'as written: no key');
  });

  test('census --format json, one client', () => {
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ servers: { github: 'github.json' } }),
      'github.json': tools('create_pull_request'),
    });
    const out = JSON.parse(runCli(['census', '--format', 'json', '--client', 'codex', 'github.json'], dir).stdout);
    assert.deepEqual(out, {
      version: 1,
      files: [
        {
          path: 'github.json',
          server: 'github',
          modelled: {
            providers: [{ ids: ['openai', 'anthropic', 'bedrock'], source: 'default' }],
            clients: { ids: ['codex'], source: 'requested' },
            configPath: '.toolwire.json',
          },
          clients: [
            {
              client: 'codex',
              version: 'codex-rs @00a35b1b (2026-04)',
              tools: [
                {
                  name: 'create_pull_request',
                  wireName: 'mcp__github__create_pull_request',
                  fate: 'renamed',
                  collidesWith: [],
                },
              ],
            },
          ],
        },
      ],
      totals: [
        {
          client: 'codex',
          version: 'codex-rs @00a35b1b (2026-04)',
          tools: 1,
          sent: 0,
          renamed: 1,
          dropped: 0,
          failing: 0,
          colliding: 0,
        },
      ],
    });
  });

  test('check --client adds client findings and per-client wire names to the JSON', () => {
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ servers: { srv: 'srv.json' } }),
      'srv.json': tools('x'.repeat(60)),
    });
    const out = JSON.parse(
      runCli(['check', '--format', 'json', '--client', 'cursor,claude-code', 'srv.json'], dir).stdout,
    );
    const file = out.files[0];
    assert.deepEqual(file.tools[0].clients, {
      'claude-code': { wireName: `mcp__srv__${'x'.repeat(60)}`, fate: 'renamed' },
      cursor: { wireName: null, fate: 'dropped' },
    });
    assert.deepEqual(
      file.diagnostics.map((d: { code: string }) => d.code),
      ['client-dropped'],
    );
    assert.equal(runCli(['check', '--client', 'nope', 'srv.json'], dir).status, 2);
  });

  test('servers in .toolwire.json form one census across files, and collisions name the other file', () => {
    const dir = scratch({
      '.toolwire.json': JSON.stringify({
        clients: ['openai-agents'],
        servers: { 'cloudflare-browser': 'browser.json', 'cloudflare-radar': 'radar.json' },
      }),
      'browser.json': tools('accounts_list', 'take_screenshot'),
      'radar.json': tools('get_traffic', 'accounts_list'),
    });
    const out = JSON.parse(runCli(['check', '--format', 'json', '.'], dir).stdout);
    const collisions = out.files.flatMap(
      (f: {
        path: string;
        diagnostics: Array<{ code: string; related: Array<{ path?: string; range: { start: { line: number } } }> }>;
      }) =>
        f.diagnostics
          .filter((d) => d.code === 'client-collision')
          .map((d) => [f.path, d.related[0]!.path, d.related[0]!.range.start.line]),
    );
    assert.deepEqual(collisions, [
      ['browser.json', 'radar.json', 9],
      ['radar.json', 'browser.json', 3],
    ]);
  });

  test('an MCP client configuration in the folder enables its client', () => {
    const dir = scratch({
      '.cursor/mcp.json': JSON.stringify({ mcpServers: { srv: { command: 'x' } } }),
      'srv.json': tools('a.b'),
    });
    const text = runCli(['check', 'srv.json'], dir).stdout;
    assert.match(text, /warning client-dropped Left out by Cursor: the model never sees this tool\.\n/);
    const verbose = runCli(['check', '--verbose', 'srv.json'], dir).stdout;
    assert.match(
      verbose,
      /warning client-dropped Left out by Cursor: the model never sees this tool\.\n {2}Whatever the server is called: Cursor /,
    );
  });
});
