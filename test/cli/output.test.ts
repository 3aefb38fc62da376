import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { ROOT, runCli, scratch } from './run';

// Issue 11 item 6: what the report says it modelled, --hints, census totals and --only-problems.

const tools = (...names: string[]) =>
  JSON.stringify({ tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) }, null, 2);
const OPENAI_BODY = JSON.stringify({
  model: 'gpt-4.1',
  messages: [],
  tools: [{ type: 'function', function: { name: 'lookup', parameters: {} } }],
});

/** The first line on stderr: the modelled line comes before the findings and the counts. */
function modelledLine(stderr: string): string {
  return stderr.split('\n')[0]!;
}

describe('check: the report names what it modelled and who chose it', () => {
  test('nothing chosen: the default providers and every modelled client, said as defaults', () => {
    const dir = scratch({ 'tools.json': tools('ok') });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 0);
    assert.equal(
      modelledLine(result.stderr),
      'toolwire: modelled providers openai, anthropic, bedrock (default); clients every modelled client (default: none chosen or configured)',
    );
    assert.equal(result.stdout, '', 'stdout stays the findings alone');
  });

  test('.toolwire.json targets and clients are named with the config that set them', () => {
    const dir = scratch({
      'sub/.toolwire.json': JSON.stringify({ targets: ['gemini'], clients: ['cursor', 'codex'] }),
      'sub/tools.json': tools('ok'),
    });
    const result = runCli(['check', 'sub'], dir);
    assert.equal(
      modelledLine(result.stderr),
      'toolwire: modelled providers gemini (sub/.toolwire.json); clients cursor, codex (sub/.toolwire.json)',
    );
  });

  test('an MCP client configuration in the folder names itself; --client says so', () => {
    const dir = scratch({
      '.vscode/mcp.json': JSON.stringify({ servers: { srv: { command: 'x' } } }),
      'tools.json': tools('ok'),
    });
    assert.equal(
      modelledLine(runCli(['check', 'tools.json'], dir).stderr),
      'toolwire: modelled providers openai, anthropic, bedrock (default); clients vscode (.vscode/mcp.json)',
    );
    assert.equal(
      modelledLine(runCli(['check', '--client', 'claude-code', 'tools.json'], dir).stderr),
      'toolwire: modelled providers openai, anthropic, bedrock (default); clients claude-code (--client)',
    );
  });

  test('files that differ are counted group by group; a request body is judged by its own provider', () => {
    const dir = scratch({ 'a.json': tools('a'), 'b.json': tools('b'), 'req.json': OPENAI_BODY });
    const result = runCli(['check', '.'], dir);
    assert.equal(
      modelledLine(result.stderr),
      "toolwire: modelled providers openai, anthropic, bedrock (default, 2 files) | openai (the request body's own, 1 file); clients every modelled client (default: none chosen or configured)",
    );
  });

  test('a run without MCP tool files says no client was modelled; one without tools says nothing', () => {
    const dir = scratch({ 'req.json': OPENAI_BODY, 'package.json': '{"name":"x"}' });
    assert.equal(
      modelledLine(runCli(['check', 'req.json'], dir).stderr),
      "toolwire: modelled providers openai (the request body's own); clients none (no MCP tool files)",
    );
    assert.match(modelledLine(runCli(['check', 'package.json'], dir).stderr), /^toolwire: 1 file, 0 tools/);
  });

  test('--format json carries the same data per file, paths as the report shows them', () => {
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ clients: ['vscode'] }),
      'tools.json': tools('ok'),
      'req.json': OPENAI_BODY,
    });
    const out = JSON.parse(runCli(['check', '--format', 'json', '.'], dir).stdout) as {
      files: Array<{ path: string; modelled: unknown }>;
    };
    const byPath = Object.fromEntries(out.files.map((f) => [f.path, f.modelled]));
    assert.deepEqual(byPath['tools.json'], {
      providers: [{ ids: ['openai', 'anthropic', 'bedrock'], source: 'default' }],
      clients: { ids: ['vscode'], source: 'config' },
      configPath: '.toolwire.json',
    });
    assert.deepEqual(byPath['req.json'], {
      providers: [{ ids: ['openai'], source: 'request-body' }],
      configPath: '.toolwire.json',
    });
  });

  test('check --mcp-config names the MCP configuration (or --client), never its generated temporary config', () => {
    const server = { command: process.execPath, args: [join(ROOT, 'test/fixtures/servers/colliding.mjs'), 'a_b'] };
    const dir = scratch({ '.vscode/mcp.json': JSON.stringify({ servers: { code: server } }) });
    const fromConfig = runCli(['check', '--mcp-config', '.vscode/mcp.json'], dir);
    assert.equal(fromConfig.status, 0, fromConfig.stderr);
    assert.equal(
      modelledLine(fromConfig.stderr),
      'toolwire: modelled providers openai, anthropic, bedrock (default); clients vscode (.vscode/mcp.json)',
    );
    assert.equal(
      modelledLine(runCli(['check', '--mcp-config', '.vscode/mcp.json', '--client', 'cursor'], dir).stderr),
      'toolwire: modelled providers openai, anthropic, bedrock (default); clients cursor (--client)',
    );
  });

  test('a .toolwire.json override is the source of the providers it sets', () => {
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ overrides: [{ files: ['req.json'], targets: ['mistral'] }] }),
      'req.json': OPENAI_BODY,
    });
    assert.equal(
      modelledLine(runCli(['check', 'req.json'], dir).stderr),
      'toolwire: modelled providers mistral (.toolwire.json); clients none (no MCP tool files)',
    );
  });
});

describe('check --hints', () => {
  test('renamed-on-wire is off by default in every format; --hints reports it', () => {
    const dir = scratch({ 'tools.json': tools('a.b'), '.toolwire.json': JSON.stringify({ clients: [] }) });
    const plain = runCli(['check', 'tools.json'], dir);
    assert.doesNotMatch(plain.stdout, /renamed-on-wire/);
    assert.doesNotMatch(plain.stderr, /hint/);
    // JSON diagnostics carry `"code"`, SARIF results `"ruleId"` (SARIF lists every rule, reported or not).
    for (const [format, reported] of [
      ['json', /"code": ?"renamed-on-wire"/],
      ['sarif', /"ruleId": ?"renamed-on-wire"/],
    ] as const) {
      assert.doesNotMatch(runCli(['check', '--format', format, 'tools.json'], dir).stdout, reported, format);
      assert.match(runCli(['check', '--hints', '--format', format, 'tools.json'], dir).stdout, reported, format);
    }
    const hints = runCli(['check', '--hints', 'tools.json'], dir);
    assert.match(hints.stdout, /^tools\.json:4:15: hint renamed-on-wire /m);
    assert.match(hints.stderr, /0 info, 1 hint\n/);
    assert.equal(hints.status, plain.status, 'hints never change the exit status');
  });

  test('a severity in .toolwire.json turns renamed-on-wire on; hints stay out of the text report unless asked for', () => {
    const config = { clients: [], severity: { 'renamed-on-wire': 'hint' } };
    const dir = scratch({ 'tools.json': tools('a.b'), '.toolwire.json': JSON.stringify(config) });
    const plain = runCli(['check', 'tools.json'], dir);
    assert.doesNotMatch(plain.stdout, / hint renamed-on-wire /);
    assert.match(plain.stderr, /1 hint not shown; --hints lists them/);
    assert.match(runCli(['check', '--format', 'json', 'tools.json'], dir).stdout, /"code": ?"renamed-on-wire"/);
    const raised = scratch({
      'tools.json': tools('a.b'),
      '.toolwire.json': JSON.stringify({ clients: [], severity: { 'renamed-on-wire': 'information' } }),
    });
    assert.match(runCli(['check', 'tools.json'], raised).stdout, /^tools\.json:4:15: information renamed-on-wire /m);
    const off = scratch({
      'tools.json': tools('a.b'),
      '.toolwire.json': JSON.stringify({ clients: [], severity: { 'renamed-on-wire': 'off' } }),
    });
    assert.doesNotMatch(runCli(['check', '--hints', 'tools.json'], off).stdout, /renamed-on-wire/, 'the config wins');
  });

  test('--hints belongs to check, --only-problems to census', () => {
    assert.equal(runCli(['census', '--hints', '.']).status, 2);
    assert.match(runCli(['check', '--only-problems', '.']).stderr, /--only-problems works with census alone/);
    assert.match(runCli(['check', '--hints=yes', '.']).stderr, /--hints takes no value/);
  });
});

describe('census totals and --only-problems', () => {
  const files = {
    '.toolwire.json': JSON.stringify({
      clients: ['claude-code', 'cursor'],
      servers: { github: 'github.json', billing: 'billing.json' },
    }),
    'github.json': tools('create_pull_request', 'list_issues'),
    'billing.json': tools('refund.issue', 'refund_issue', 'charge'),
  };

  test('the text ends with one row per client over every file: tools, sent, renamed, dropped, failing, colliding', () => {
    const result = runCli(['census', '.'], scratch(files));
    const tail = result.stdout.trimEnd().split('\n').slice(-4);
    assert.equal(tail[0], 'Totals per client (2 MCP tool files):');
    assert.deepEqual(tail[1]!.trim().split(/\s{2,}/), [
      'client',
      'tools',
      'sent',
      'renamed',
      'dropped',
      'failing',
      'colliding',
    ]);
    // Claude Code: refund.issue and refund_issue both become mcp__billing__refund_issue, and the API
    // refuses duplicate names: the one request holding both servers' tools fails, all 5 with it.
    assert.match(tail[2]!, /^ {2}Claude Code\s+5\s+0\s+0\s+0\s+5\s+2$/);
    // Cursor: refund.issue is left out (a dot); the rest are prefixed.
    assert.match(tail[3]!, /^ {2}Cursor\s+5\s+0\s+4\s+1\s+0\s+0$/);
    assert.match(modelledLine(result.stderr), /clients claude-code, cursor \(\.toolwire\.json\)$/);
  });

  test('--only-problems keeps the dropped, failing, colliding and changed rows, never a bare prefix', () => {
    const dir = scratch(files);
    const full = runCli(['census', '.'], dir);
    const only = runCli(['census', '--only-problems', '.'], dir);
    assert.equal(only.status, full.status, 'the exit status counts every tool');
    // Cursor prefixes create_pull_request and sends it: a prefix alone is no problem row. Claude
    // Code sends it in the request billing's duplicate names fail: that row is a problem.
    assert.match(full.stdout, /create_pull_request\s+mcp_github_create_pull_request\s+renamed/);
    assert.doesNotMatch(
      only.stdout,
      /mcp_github_create_pull_request|mcp_billing_charge/,
      'a prefix alone is no problem',
    );
    assert.match(
      only.stdout,
      /create_pull_request\s+mcp__github__create_pull_request\s+request-fails\s+the request fails because of "refund\.issue" of server "billing"/,
    );
    assert.match(only.stdout, /refund\.issue\s+mcp__billing__refund_issue\s+request-fails/);
    assert.match(only.stdout, /refund\.issue\s+—\s+dropped/);
    assert.match(only.stdout, /Totals per client \(2 MCP tool files\):/, 'the totals still count every file');
  });

  test('--only-problems in JSON: the same rows, and the totals as fields', () => {
    const out = JSON.parse(runCli(['census', '--format', 'json', '--only-problems', '.'], scratch(files)).stdout) as {
      files: Array<{ path: string; clients: Array<{ client: string; tools: Array<{ name: string }> }> }>;
      totals: Array<{ client: string; tools: number; dropped: number }>;
    };
    assert.deepEqual(
      out.files.map((f) => [f.path, f.clients.map((c) => [c.client, c.tools.map((t) => t.name)])]),
      [
        [
          'billing.json',
          [
            ['claude-code', ['refund.issue', 'refund_issue', 'charge']],
            ['cursor', ['refund.issue']],
          ],
        ],
        // Only Claude Code's failed request reaches github.json's tools; Cursor sends them.
        ['github.json', [['claude-code', ['create_pull_request', 'list_issues']]]],
      ],
    );
    assert.deepEqual(
      out.totals.map((t) => [t.client, t.tools, t.dropped]),
      [
        ['claude-code', 5, 0],
        ['cursor', 5, 1],
      ],
    );
  });

  test('a name the client changes beyond its prefix is a problem row', () => {
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ clients: ['vscode'], servers: { srv: 'srv.json' } }),
      'srv.json': tools('has space', 'fine'),
    });
    const only = runCli(['census', '--only-problems', 'srv.json'], dir).stdout;
    assert.match(only, /has space/);
    assert.doesNotMatch(only, /fine/);
  });
});
