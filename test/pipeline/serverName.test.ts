import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALL_CLIENT_IDS, createToolwireService, parseConfig, type Analysis, type Finding } from '../../server/src/core';
import { mcpList, pretty } from '../core/helpers';
import { memoryWorkspace } from './memoryWorkspace';

/** Runs the one pipeline over an in-memory workspace rooted at /ws. */
function analyse(files: Record<string, string>, path: string, requestedClients: readonly string[] = []): Analysis {
  const service = createToolwireService({ workspace: memoryWorkspace(files) });
  const result = service.analyzeDocument({
    path,
    text: files[path]!,
    workspaceFolder: '/ws',
    configBoundary: '/ws',
    requestedClients: requestedClients as never,
  });
  assert.equal(result.kind, 'analysis');
  return result.kind === 'analysis' ? result.analysis : (undefined as never);
}

/** A finding's code and the codes folded into it (one problem, one diagnostic). */
const codesOf = (f: Finding) => [f.code, ...(f.also ?? [])];

const clientFindings = (analysis: Analysis) =>
  analysis.findings
    .filter((f) => codesOf(f).some((code) => code.startsWith('client-')))
    .map((f) => `${f.severity} ${codesOf(f).join('+')} ${analysis.tools[f.tool!]!.name} [${f.clients!.join(',')}]`);

describe('server names are known or not used (issue #8 item 6)', () => {
  test("a file's name is not a server name: ListToolsResultResponse.json invents no finding", () => {
    const text = pretty({
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          { name: 'get_weather', inputSchema: {} },
          { name: 'get_forecast_for_the_next_seven_days_hourly', inputSchema: {} },
        ],
      },
    });
    const analysis = analyse({ '/ws/ListToolsResultResponse.json': text }, '/ws/ListToolsResultResponse.json');
    assert.equal(analysis.server?.known, false);
    assert.deepEqual(clientFindings(analysis), []);
    assert.ok(analysis.findings.every((f) => !f.message.includes('ListToolsResultResponse')));
    assert.ok(analysis.clients.every((c) => c.server !== 'ListToolsResultResponse'));
    // Nor is Docker's servers/<name>/tools.json folder.
    assert.equal(
      analyse({ '/ws/servers/github/tools.json': mcpList('a') }, '/ws/servers/github/tools.json').server?.known,
      false,
    );
  });

  test('fates that hold whatever the name are reported for every modelled client, as warnings', () => {
    const analysis = analyse({ '/ws/t.json': mcpList('refund.issue') }, '/ws/t.json');
    // One tool, one finding: Cursor's drop folds into the clients' rejection, and the clients add up.
    assert.deepEqual(clientFindings(analysis), [
      'warning client-rejected+client-dropped refund.issue [openai-agents,copilot-cli,continue,litellm,langchain-mcp,mastra,cursor]',
    ]);
    const finding = analysis.findings.find((f) => f.code === 'client-rejected')!;
    assert.match(finding.message, / Also is left out in Cursor\.$/);
    assert.match(finding.detail, /^Left out by Cursor/m);
    assert.equal(new Set(analysis.clients.map((c) => c.client)).size, ALL_CLIENT_IDS.length, 'every modelled client');
    assert.doesNotMatch(finding.detail, /shorten the server name/);
  });

  test('a length-dependent fate is a budget, not a finding; assumedServerNameLength makes it one', () => {
    const tool = 'summarise_every_open_issue_in_the_repository';
    const files = { '/ws/t.json': mcpList(tool) };
    const analysis = analyse(files, '/ws/t.json');
    assert.deepEqual(clientFindings(analysis), []);
    const budget = analysis.server!.budget(0);
    assert.equal(typeof budget, 'number');
    const withLength = (n: number) =>
      analyse({ ...files, '/ws/.toolwire.json': JSON.stringify({ assumedServerNameLength: n }) }, '/ws/t.json');
    assert.deepEqual(clientFindings(withLength(budget!)), [], 'kept at the budget');
    assert.notDeepEqual(clientFindings(withLength(budget! + 1)), [], 'lost one character past it');
    assert.equal(withLength(budget! + 1).server?.assumedLength, budget! + 1);
  });

  test('a budget counts the collisions a cut makes, not only each tool alone', () => {
    // VS Code cuts mcp_<label>_<tool> to 64: past a 3-character label the two names lose their last
    // character and meet, though each alone is kept under any server name.
    const prefix = 'p'.repeat(55);
    const files = { '/ws/t.json': mcpList(`${prefix}1`, `${prefix}2`) };
    const analysis = analyse(files, '/ws/t.json', ['vscode']);
    assert.deepEqual(clientFindings(analysis), []);
    assert.equal(analysis.server!.budget(0), 3);
    const assumed = analyse(
      { ...files, '/ws/.toolwire.json': JSON.stringify({ clients: ['vscode'], assumedServerNameLength: 4 }) },
      '/ws/t.json',
    );
    assert.ok(
      clientFindings(assumed).some((l) => l.includes('client-collision')),
      'a finding one character past the budget',
    );
  });

  test('the name comes from .toolwire.json, serverInfo, or the MCP client configuration that launches the folder', () => {
    const long = 'x'.repeat(50);
    const config = analyse(
      {
        '/ws/.toolwire.json': JSON.stringify({ servers: { 'a-long-server-name': 't.json' } }),
        '/ws/t.json': mcpList(long),
      },
      '/ws/t.json',
    );
    assert.deepEqual(config.server && { name: config.server.name, known: config.server.known }, {
      name: 'a-long-server-name',
      known: true,
    });
    assert.ok(
      clientFindings(config).some((l) => l.includes('client-dropped') && /[[,]cursor[\],]/.test(l)),
      'Cursor drops it under a known long name',
    );

    const recorded = analyse(
      { '/ws/m.json': pretty({ serverInfo: { name: 'server-memory' }, tools: [{ name: 'a', inputSchema: {} }] }) },
      '/ws/m.json',
    );
    assert.equal(recorded.server?.name, 'server-memory');

    const launched = {
      '/ws/.vscode/mcp.json': JSON.stringify({
        servers: {
          billing: { command: 'node', args: ['${workspaceFolder}/servers/billing/dist/index.js'] },
          search: { command: 'npx', args: ['search-mcp'] },
        },
      }),
      '/ws/servers/billing/tools.json': mcpList('a'),
    };
    assert.equal(analyse(launched, '/ws/servers/billing/tools.json').server?.name, 'billing');
    // Two servers launched from the same folder: which one this file is stays unknown.
    const two = {
      ...launched,
      '/ws/.cursor/mcp.json': JSON.stringify({
        mcpServers: { 'billing-v2': { command: 'node', args: ['servers/billing/v2.js'] } },
      }),
    };
    assert.equal(analyse(two, '/ws/servers/billing/tools.json').server?.known, false);
  });

  test('clients chosen and a known name: client findings keep their severity', () => {
    const files = {
      '/ws/.toolwire.json': JSON.stringify({ clients: ['openai-agents'], servers: { billing: 't.json' } }),
      '/ws/t.json': mcpList('refund.issue'),
    };
    assert.deepEqual(clientFindings(analyse(files, '/ws/t.json')), [
      'error client-rejected refund.issue [openai-agents]',
    ]);
  });

  test('assumedServerNameLength: a whole number, else a config problem with its position', () => {
    const text = '{ "assumedServerNameLength": 0 }';
    const { config, problems } = parseConfig(text);
    assert.equal(config.assumedServerNameLength, undefined);
    assert.equal(problems.length, 1);
    assert.equal(text.slice(problems[0]!.range.start, problems[0]!.range.end), '0');
    assert.equal(parseConfig('{ "assumedServerNameLength": 12 }').config.assumedServerNameLength, 12);
  });
});

describe('a file mapped to two servers belongs to both (issue #8 item 8)', () => {
  const files = {
    '/ws/.toolwire.json': JSON.stringify({
      clients: ['openai-agents', 'cursor'],
      servers: {
        github: ['shared.json', 'github.json'],
        'github-enterprise-cloud-edition-server': ['shared.json', 'ghe.json'],
      },
    }),
    '/ws/shared.json': mcpList('list_pull_requests_for_a_repo'),
    '/ws/github.json': mcpList('get_me'),
    '/ws/ghe.json': mcpList('get_me'),
  };

  test('the shared file is censused under each name', () => {
    const analysis = analyse(files, '/ws/shared.json');
    assert.deepEqual(analysis.clients.map((c) => `${c.client} ${c.server}`).sort(), [
      'cursor github',
      'cursor github-enterprise-cloud-edition-server',
      'openai-agents github',
      'openai-agents github-enterprise-cloud-edition-server',
    ]);
    // Only under the long name does Cursor drop it (combined length over 60).
    // (The tool's client problems fold into one finding: its code and `also`.)
    const dropped = analysis.findings.find((f) => codesOf(f).includes('client-dropped'));
    assert.ok(dropped, 'the second name is not ignored');
    assert.ok(dropped.clients?.includes('cursor'));
    // The Agents SDK loads both servers, so the same tool on both fails the run.
    assert.ok(
      analysis.findings.some((f) => codesOf(f).includes('client-collision') && f.clients?.includes('openai-agents')),
    );
  });

  test("each server's other files see the shared file's tools", () => {
    for (const [path, server] of [
      ['/ws/github.json', 'github'],
      ['/ws/ghe.json', 'github-enterprise-cloud-edition-server'],
    ] as const) {
      const analysis = analyse(files, path);
      assert.equal(analysis.server?.name, server);
      // get_me is on both servers: the Agents SDK fails, naming the other file.
      const collision = analysis.findings.find((f) => f.code === 'client-collision');
      assert.ok(collision, path);
      assert.equal(collision.related[0]!.file, path === '/ws/github.json' ? '/ws/ghe.json' : '/ws/github.json');
    }
  });

  test('VS Code numbers two servers that announce one label, whichever snapshot is open (issue #8 item 1)', () => {
    const snapshot = JSON.stringify({ serverInfo: { name: 'colliding' }, tools: [{ name: 'get', inputSchema: {} }] });
    const files = {
      '/ws/a.tools.json': snapshot,
      '/ws/b.tools.json': snapshot,
      '/ws/.toolwire.json': JSON.stringify({
        clients: ['vscode'],
        servers: { first: 'a.tools.json', second: 'b.tools.json' },
      }),
    };
    const wire = (path: string) => analyse(files, path).clients[0]!.tools[0]!.wireName;
    assert.equal(wire('/ws/a.tools.json'), 'mcp_colliding_get');
    assert.equal(wire('/ws/b.tools.json'), 'mcp_colliding2_get');
  });
});
