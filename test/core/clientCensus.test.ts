import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALL_CLIENT_IDS, parseConfig, type AnalysisOptions, type ClientId, type Finding } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { clientContextFor, type WorkspaceHost } from '../../server/src/core/workspace/clientContext';
import { runClientCensus, type ClientCensusOptions } from '../../server/src/core/clients/census';
import type { ClientContext } from '../../server/src/core/workspace/model';
import { applyEdits, mcpList, pretty, fixedAnalysis } from './helpers';

/** An in-memory workspace (vscode-markdown-languageservice style): path -> text. */
function workspace(files: Record<string, string>): WorkspaceHost {
  return {
    readFile: (path) => files[path],
    findFiles: (folder, globs) =>
      Object.keys(files)
        .filter((p) => p.startsWith(`${folder}/`))
        .map((p) => p.slice(folder.length + 1))
        .filter((p) =>
          globs.some((g) => g === p || (g.endsWith('/*.json') && p.startsWith(g.slice(0, -6)) && p.endsWith('.json'))),
        ),
    toolsOf: (path) =>
      analyze(files[path] ?? '').tools.flatMap((t) =>
        t.name === undefined ? [] : [{ name: t.name, range: t.declaration.name.range }],
      ),
  };
}

function optionsFor(
  files: Record<string, string>,
  path: string,
  requested?: readonly ClientId[],
): AnalysisOptions & { clients?: ClientContext } {
  const configText = files['/ws/.toolwire.json'];
  const config = configText ? parseConfig(configText).config : undefined;
  const clients = clientContextFor(
    { path, folder: '/ws', config, ...(requested ? { requestedClients: requested } : {}) },
    workspace(files),
  );
  return { clients };
}

const lines = (text: string, options: AnalysisOptions) =>
  analyze(text, options)
    .findings.filter((f) => f.code.startsWith('client-'))
    .map((f) => `${f.code} ${text.slice(f.range.start, f.range.end)} [${f.clients?.join(',')}]`);

describe('the workspace census across files', () => {
  const files = {
    '/ws/.toolwire.json': JSON.stringify({
      clients: ['openai-agents', 'claude-code'],
      servers: { 'cloudflare-browser': 'browser.json', 'cloudflare-radar': ['radar.json'] },
    }),
    '/ws/browser.json': mcpList('accounts_list', 'take_screenshot'),
    '/ws/radar.json': mcpList('accounts_list', 'get_traffic'),
  };

  test('one name on two servers: found in both files, with the other file as related location', () => {
    for (const [path, other] of [
      ['/ws/browser.json', '/ws/radar.json'],
      ['/ws/radar.json', '/ws/browser.json'],
    ] as const) {
      const analysis = analyze(files[path], optionsFor(files, path));
      const finding = analysis.findings.find((f) => f.code === 'client-collision');
      assert.ok(finding, path);
      assert.deepEqual(finding.clients, ['openai-agents']);
      assert.match(
        finding.message,
        /^Sent by OpenAI Agents SDK under the same name as "accounts_list" of server "cloudflare-(radar|browser)"\.$/,
      );
      assert.match(
        finding.detail,
        /OpenAI Agents SDK v0\.22\.0: sent under the same name as "accounts_list" of server "cloudflare-(radar|browser)"; the SDK raises UserError/,
      );
      assert.equal(finding.related[0]!.file, other);
      assert.equal(
        files[other].slice(finding.related[0]!.range.start, finding.related[0]!.range.end),
        '"accounts_list"',
      );
    }
  });

  test('clients with an MCP configuration send only the servers it lists', () => {
    const withConfigs = {
      ...files,
      '/ws/.toolwire.json': JSON.stringify({
        servers: { 'cloudflare-browser': 'browser.json', 'cloudflare-radar': 'radar.json' },
      }),
      // Claude Code loads both servers; nothing else is configured.
      '/ws/.mcp.json': JSON.stringify({ mcpServers: { 'cloudflare-browser': {}, 'cloudflare-radar': {} } }),
    };
    const options = optionsFor(withConfigs, '/ws/browser.json');
    assert.deepEqual(options.clients?.enabled, ['claude-code']);
    // Claude Code prefixes the server, so the two accounts_list do not collide there.
    assert.deepEqual(lines(withConfigs['/ws/browser.json'], options), []);
    const cursorOnlyRadar = {
      ...withConfigs,
      '/ws/.cursor/mcp.json': JSON.stringify({ mcpServers: { 'cloudflare-radar': {} } }),
    };
    const cursorOptions = optionsFor(cursorOnlyRadar, '/ws/browser.json');
    assert.deepEqual(cursorOptions.clients?.notLoadedBy, ['cursor'], 'Cursor does not load the browser server');
  });

  test('the server name: configured, recorded in the file, given, and never the path', () => {
    const recorded = pretty({
      server_info: { name: 'server-memory' },
      tools: [{ name: 'x'.repeat(50), inputSchema: {} }],
    });
    const analysis = analyze(recorded, { clients: { enabled: ['cursor'], server: 'given' } });
    assert.equal(analysis.clients[0]!.server, 'server-memory');
    assert.deepEqual(
      { ...analysis.server, budget: analysis.server?.budget(0) },
      { name: 'server-memory', known: true, budget: undefined },
    );
    assert.deepEqual(lines(recorded, { clients: { enabled: ['cursor'], server: 'given' } }), [
      `client-dropped "${'x'.repeat(50)}" [cursor]`,
    ]);
    // Docker's servers/<name>/tools.json and a file's own name are not server names.
    assert.equal(
      optionsFor({ '/ws/servers/github/tools.json': '[]' }, '/ws/servers/github/tools.json', ['cursor']).clients
        ?.server,
      undefined,
    );
    assert.equal(
      optionsFor({ '/ws/ListToolsResultResponse.json': '[]' }, '/ws/ListToolsResultResponse.json', ['cursor']).clients
        ?.server,
      undefined,
    );
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

  test('with no client configured or asked for, every modelled client is checked, by default', () => {
    const context = optionsFor({ '/ws/t.json': mcpList('a.b') }, '/ws/t.json').clients!;
    assert.deepEqual(context.enabled, ALL_CLIENT_IDS);
    assert.equal(context.byDefault, true);
  });

  test('the rename fix proposes a name that survives every enabled client', () => {
    // z.b and z_b sort after the long name, so VS Code's throw on them loses nothing else.
    const text = mcpList('x'.repeat(55), 'z.b', 'z_b');
    const options: AnalysisOptions = {
      clients: {
        enabled: ['cursor', 'claude-code', 'vscode', 'gemini-cli', 'codex', 'openai-agents', 'native-runtime'],
        server: 'srv',
      },
    };
    const analysis = fixedAnalysis(text, options);
    // z.b's client problems fold into its one finding (the kept z_b has none): its codes and `also`.
    const clientCodes = (f: Finding) => [f.code, ...(f.also ?? [])].filter((code) => code.startsWith('client-'));
    const fixable = analysis.findings.filter((f) => clientCodes(f).length > 0 && f.fix);
    assert.equal(fixable.length, 1);
    assert.deepEqual(clientCodes(fixable[0]!), ['client-rejected', 'client-collision', 'client-dropped']);
    for (const finding of fixable) {
      const fixed = applyEdits(text, finding.fix!.edits);
      const after = analyze(fixed, options).findings.filter(
        (f) => clientCodes(f).length > 0 && f.tool === finding.tool,
      );
      assert.deepEqual(
        after.map((f) => f.message),
        [],
        finding.fix!.title,
      );
    }
  });
});

describe('registration order across files (issue #8 items 1 and 2)', () => {
  const range = { start: 0, end: 1 };
  const servers = ['My Server', 'my server', 'my/server'];
  /** The census as seen from the file of `own`, with every other server foreign. */
  const seenFrom = (own: string, client: ClientId, tool: string, extra: Partial<ClientCensusOptions> = {}) =>
    runClientCensus([{ name: tool, tool: 0 }], {
      enabled: [client],
      server: own,
      others: servers
        .filter((s) => s !== own)
        .map((server) => ({ server, file: `/ws/${server}.json`, tools: [{ name: tool, range }], clients: [client] })),
      ...extra,
    })[0]!.tools[0]!;

  test('VS Code numbers servers in configuration order, whichever file is open', () => {
    const serverOrder = ['my/server', 'My Server', 'my server'];
    const expected: Record<string, string> = {
      'my/server': 'mcp_my_server_t',
      'My Server': 'mcp_my_server2_t',
      'my server': 'mcp_my_server3_t',
    };
    for (const own of servers) assert.equal(seenFrom(own, 'vscode', 't', { serverOrder }).wireName, expected[own], own);
  });

  test("a client's own configuration order wins over .toolwire.json's", () => {
    const serverLists = [{ client: 'vscode' as const, servers: ['my server', 'my/server', 'My Server'] }];
    assert.equal(
      seenFrom('my server', 'vscode', 't', { serverOrder: servers, serverLists }).wireName,
      'mcp_my_server_t',
    );
    assert.equal(
      seenFrom('My Server', 'vscode', 't', { serverOrder: servers, serverLists }).wireName,
      'mcp_my_server3_t',
    );
  });

  test('without an order, servers go in name order: every file still agrees', () => {
    const names = servers.map((own) => seenFrom(own, 'vscode', 't').wireName);
    assert.equal(new Set(names).size, 3);
    // Code-unit order: "My Server" < "my server" < "my/server".
    assert.deepEqual(names, ['mcp_my_server_t', 'mcp_my_server2_t', 'mcp_my_server3_t']);
  });

  test('the announced name labels the server in VS Code', () => {
    const outcome = runClientCensus([{ name: 'resolve-library-id', tool: 0 }], {
      enabled: ['vscode'],
      server: 'io.github.upstash/context7',
      announced: 'Context7',
    })[0]!.tools[0]!;
    assert.equal(outcome.wireName, 'mcp_context7_resolve-library-id');
    const foreign = runClientCensus([{ name: 'x', tool: 0 }], {
      enabled: ['vscode'],
      server: 'b',
      announced: 'Shared',
      others: [
        { server: 'a', file: '/ws/a.json', tools: [{ name: 'x', range }], clients: ['vscode'], announced: 'shared' },
      ],
      serverOrder: ['a', 'b'],
    })[0]!.tools[0]!;
    assert.equal(foreign.wireName, 'mcp_shared2_x');
  });

  test('Gemini CLI: of two servers overwriting each other, exactly one survives, the same in both files', () => {
    const order = ['a', 'a_b'];
    const fromA = runClientCensus([{ name: 'b_c', tool: 0 }], {
      enabled: ['gemini-cli'],
      server: 'a',
      serverOrder: order,
      others: [{ server: 'a_b', file: '/ws/ab.json', tools: [{ name: 'c', range }], clients: ['gemini-cli'] }],
    })[0]!.tools[0]!;
    const fromAB = runClientCensus([{ name: 'c', tool: 0 }], {
      enabled: ['gemini-cli'],
      server: 'a_b',
      serverOrder: order,
      others: [{ server: 'a', file: '/ws/a.json', tools: [{ name: 'b_c', range }], clients: ['gemini-cli'] }],
    })[0]!.tools[0]!;
    assert.deepEqual(
      [fromA.wireName, fromA.fate, fromAB.wireName, fromAB.fate],
      ['mcp_a_b_c', 'dropped', 'mcp_a_b_c', 'renamed'],
    );
    assert.equal(fromA.survivor?.server, 'a_b');
    assert.equal(fromAB.survivor?.server, 'a_b');
  });

  test('VS Code: a tool lost after a throw is reported with the reason', () => {
    const text = mcpList('a.b', 'a_b', 'zed');
    const analysis = analyze(text, { clients: { enabled: ['vscode'], server: 's' } });
    const zed = analysis.clients[0]!.tools.find((t) => t.wireName === 'mcp_s_zed')!;
    assert.equal(zed.fate, 'dropped');
    assert.match(zed.reason ?? '', /stopped this server's tools at 'Tool "mcp_s_a_b" is already registered\.'/);
  });
});

describe('one server split over two files', () => {
  const range = { start: 0, end: 1 };
  test('Gemini CLI keeps the tool of the later file by path, whichever file is open', () => {
    const from = (path: string, own: string, other: string, otherPath: string) =>
      runClientCensus([{ name: own, tool: 0 }], {
        enabled: ['gemini-cli'],
        server: 's',
        path,
        others: [{ server: 's', file: otherPath, tools: [{ name: other, range }], clients: ['gemini-cli'] }],
      })[0]!.tools[0]!;
    const a = from('/ws/a.json', 'x y', 'x_y', '/ws/b.json');
    const b = from('/ws/b.json', 'x_y', 'x y', '/ws/a.json');
    assert.deepEqual([a.fate, b.fate], ['dropped', 'renamed']);
  });
});

describe('a request the provider rejects fails as a whole', () => {
  const census = (names: readonly string[], server = 'shop') =>
    runClientCensus(
      names.map((name, tool) => ({ name, tool })),
      { enabled: ['openai-agents', 'claude-code'], server },
    );

  test('one rejected name takes every tool of the request down with it, in the clients that send it', () => {
    const [agents, claude] = census(['orders.get', 'list', 'search']);
    // The OpenAI Agents SDK sends "orders.get" as it is: OpenAI answers 400, so no tool arrives.
    assert.deepEqual(
      agents!.tools.map((t) => [t.fate, t.collateral === true, t.cause?.name]),
      [
        ['request-fails', false, undefined],
        ['request-fails', true, 'orders.get'],
        ['request-fails', true, 'orders.get'],
      ],
    );
    assert.match(agents!.tools[1]!.reason!, /the request fails because of "orders\.get"/);
    // Claude Code rewrites the dot: its request holds no bad name, so every tool is sent.
    assert.ok(claude!.tools.every((t) => t.fate === 'renamed' && t.collateral !== true));
  });

  test('a request with no rejected name is left as the client sends it', () => {
    const [agents] = census(['orders_get', 'list']);
    assert.deepEqual(
      agents!.tools.map((t) => t.fate),
      ['sent', 'sent'],
    );
  });

  test('one root-cause finding, with how many tools it takes down; the others get none', () => {
    const text = mcpList('orders.get', 'list', 'search');
    const byName = (analysis: ReturnType<typeof analyze>) =>
      analysis.findings
        .filter((f) => f.code === 'client-rejected')
        .map((f) => [text.slice(f.range.start + 1, f.range.end - 1), f.message]);
    const found = byName(analyze(text, optionsFor({ '/ws/a.json': text }, '/ws/a.json', ['openai-agents'])));
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.equal(found[0]![0], 'orders.get');
    assert.match(found[0]![1]!, /the whole request fails \(and 2 other tools with it\)/);
  });
});
