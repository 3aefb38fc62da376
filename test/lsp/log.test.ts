import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { version } from '../../package.json';
import { ALL_CLIENT_IDS, LANGUAGE_IDS } from '../../server/src/core';
import { ALL_PROVIDER_IDS } from '../../server/src/core/profiles/providers';
import { ServerLog } from '../../server/src/explain/log';
import { DEFAULT_SETTINGS } from '../../server/src/settings';
import { TestClient, type ClientOptions } from './client';
import { mcpList } from './fixtures';

/** A workspace folder holding the given files (paths with `/`), and a server started on it. */
async function workspace(
  files: Record<string, string>,
  options: ClientOptions = {},
): Promise<{ folder: string; client: TestClient; uri: (path: string) => string }> {
  const folder = mkdtempSync(join(tmpdir(), 'toolwire-log-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), content);
  }
  const client = await TestClient.start({ ...options, workspaceFolder: folder });
  return { folder, client, uri: (path) => pathToFileURL(join(folder, path)).href };
}

/** The first log line matching `pattern`, waited for; the failure shows the whole log. */
function logLine(client: TestClient, pattern: RegExp): Promise<string> {
  return client.waitFor(
    `a log line matching ${pattern}`,
    () => client.logs.find((line) => pattern.test(line)),
    10_000,
    () => client.logs.join('\n'),
  );
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COLLISION = mcpList('a.b', 'a_b');

describe('the server log says what it is, what each folder configures, and why', () => {
  test('at start: the version, the editor, the folders, every provider and client modelled', async () => {
    const { folder, client } = await workspace({});
    try {
      await logLine(client, /^folder /);
      const first = client.logs[0]!;
      assert.match(first, new RegExp(`^toolwire ${literal(version)} language server on Node v\\d+`));
      assert.match(first, /for toolwire TestClient 1\.0; diagnostics published by the server/);
      assert.ok(client.logs.some((l) => l === `workspace folders: ${folder}`));
      const providers = client.logs.find((l) => l.startsWith('providers modelled'))!;
      const clients = client.logs.find((l) => l.startsWith('MCP clients modelled'))!;
      assert.ok(providers.startsWith(`providers modelled (${ALL_PROVIDER_IDS.length}): `));
      assert.ok(clients.startsWith(`MCP clients modelled (${ALL_CLIENT_IDS.length}): `));
      for (const id of ALL_PROVIDER_IDS) assert.match(providers, new RegExp(`(: |; )${literal(id)} \\(`), id);
      for (const id of ALL_CLIENT_IDS) assert.match(clients, new RegExp(`(: |; )${literal(id)} \\(`), id);
      // The version each client is modelled at is said with it.
      assert.match(clients, /vscode \(VS Code \(Copilot Chat\), [^)]*\d/);
    } finally {
      await client.stop();
    }
  });

  test('a folder with .toolwire.json: its path and what it sets; a tool file: what chose its providers and clients', async () => {
    const { folder, client, uri } = await workspace({
      '.toolwire.json': JSON.stringify({ targets: ['openai'], clients: ['cursor'] }),
      '.vscode/mcp.json': JSON.stringify({ servers: { orders: { command: 'node' } } }),
    });
    try {
      const config = `${folder}/.toolwire.json`;
      const line = await logLine(client, /^folder /);
      assert.equal(
        line,
        `folder ${folder}: config ${config} (targets openai, clients cursor); MCP client configurations: .vscode/mcp.json (vscode); checks every language (toolwire.languages), providers not set (toolwire.providers), clients not set (toolwire.clients)`,
      );
      await client.open(uri('tools.json'), COLLISION);
      const told = await logLine(client, /tools\.json: /);
      assert.equal(
        told,
        `${folder}/tools.json: MCP tool list; providers openai (targets in ${config}); clients cursor (clients in ${config})`,
      );
    } finally {
      await client.stop();
    }
  });

  test('without .toolwire.json: clients from the MCP client configuration, providers by default', async () => {
    const { folder, client, uri } = await workspace({
      '.vscode/mcp.json': JSON.stringify({ servers: { orders: { command: 'node' } } }),
    });
    try {
      assert.match(await logLine(client, /^folder /), /: no \.toolwire\.json \(the editor settings apply\); /);
      await client.open(uri('tools.json'), COLLISION);
      assert.equal(
        await logLine(client, /tools\.json: /),
        `${folder}/tools.json: MCP tool list; providers openai, anthropic, bedrock (default: no provider chosen); clients vscode (configured in ${folder}/.vscode/mcp.json)`,
      );
    } finally {
      await client.stop();
    }
  });

  test('nothing chosen: every modelled client, by default; an edit that changes nothing modelled adds no line', async () => {
    const { folder, client, uri } = await workspace({});
    try {
      const file = uri('tools.json');
      await client.open(file, COLLISION);
      const told = await logLine(client, /tools\.json: /);
      assert.ok(
        told.endsWith(
          `clients every modelled client, ${ALL_CLIENT_IDS.join(', ')} (default: none chosen in .toolwire.json or toolwire.clients, no MCP client configuration in the folder)`,
        ),
        told,
      );
      await client.edit(file, [
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: ' ' },
      ]);
      await client.diagnostics(file);
      // A tool more (typed in) changes nothing modelled either.
      const lines = client.text(file).split('\n').length;
      await client.edit(file, [
        {
          range: { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } },
          newText: mcpList('a.b', 'a_b', 'c'),
        },
      ]);
      await client.diagnostics(file, (d) => d.some((x) => x.code === 'wire-collision'));
      assert.equal(client.logs.filter((l) => l.startsWith(`${folder}/tools.json: `)).length, 1, client.logs.join('\n'));
      // The setting changes what is modelled: told again, with the new reason.
      await client.changeConfiguration({ clients: ['codex'], providers: ['gemini'] });
      assert.equal(
        await logLine(client, /tools\.json: .*clients codex/),
        `${folder}/tools.json: MCP tool list; providers gemini (setting toolwire.providers); clients codex (setting toolwire.clients)`,
      );
      assert.match(
        await logLine(client, /^folder .*clients codex/),
        /providers gemini \(toolwire\.providers\), clients codex \(toolwire\.clients\)$/,
      );
    } finally {
      await client.stop();
    }
  });

  test('a provider request body is judged by its own provider, and says so', async () => {
    const { folder, client, uri } = await workspace({});
    try {
      const body = JSON.stringify({ model: 'gpt-4o', tools: [{ type: 'function', function: { name: 'a' } }] });
      await client.open(uri('request.json'), body);
      assert.match(
        await logLine(client, /request\.json: /),
        new RegExp(`^${literal(folder)}/request\\.json: .*; providers openai \\(the request body's own provider\\)$`),
      );
    } finally {
      await client.stop();
    }
  });

  test('files skipped, and why: too large, a language turned off, ignored by .toolwire.json', async () => {
    const { folder, client, uri } = await workspace(
      { '.toolwire.json': JSON.stringify({ ignore: ['ignored.json'] }) },
      { settings: { maxFileSize: 0.001, languages: ['json', 'jsonc'] } },
    );
    try {
      await client.open(uri('big.json'), mcpList(...Array.from({ length: 40 }, (_, i) => `tool${i}`)));
      assert.match(
        await logLine(client, /big\.json/),
        new RegExp(
          `^skipped ${literal(folder)}/big\\.json: .* over the 0\\.001 MB limit \\(setting toolwire\\.maxFileSize\\)\\.$`,
        ),
      );
      await client.open(uri('tools.yaml'), 'tools:\n  - name: a.b\n  - name: a_b\n', 'yaml');
      assert.equal(
        await logLine(client, /tools\.yaml/),
        `skipped ${folder}/tools.yaml: toolwire does not check yaml files in this folder (setting toolwire.languages).`,
      );
      await client.open(uri('ignored.json'), COLLISION);
      assert.match(
        await logLine(client, /ignored\.json/),
        /^skipped .*ignored\.json: Ignored by .*\.toolwire\.json \("ignore"\)\.$/,
      );
      assert.match(
        await logLine(client, /^folder /),
        /checks json, jsonc \(toolwire\.languages\), .*files over 0\.001 MB skipped \(toolwire\.maxFileSize\)$/,
      );
    } finally {
      await client.stop();
    }
  });
});

describe('toolwire.languages: the languages checked, per resource', () => {
  const YAML = 'tools:\n  - name: a.b\n    description: d\n  - name: a_b\n    description: d\n';

  test('every language by default', async () => {
    const { client, uri } = await workspace({});
    try {
      await client.open(uri('tools.yaml'), YAML, 'yaml');
      const found = await client.diagnostics(uri('tools.yaml'), (d) => d.some((x) => x.code === 'wire-collision'));
      assert.ok(found.length > 0);
    } finally {
      await client.stop();
    }
  });

  test('a language left out gets no diagnostics; one left in still does; turning it back on checks it again', async () => {
    const { client, uri } = await workspace({}, { settings: { languages: ['json'] } });
    try {
      await client.open(uri('tools.json'), COLLISION);
      await client.diagnostics(uri('tools.json'), (d) => d.some((x) => x.code === 'wire-collision'));
      await client.open(uri('tools.yaml'), YAML, 'yaml');
      assert.deepEqual(await client.diagnostics(uri('tools.yaml')), []);
      await client.changeConfiguration({ languages: [...LANGUAGE_IDS] });
      await client.diagnostics(uri('tools.yaml'), (d) => d.some((x) => x.code === 'wire-collision'));
    } finally {
      await client.stop();
    }
  });

  test('per folder: the setting is asked for each document, and each gets its own answer', async () => {
    const { client, uri } = await workspace(
      {},
      { settingsFor: (scope) => (scope?.includes('/off/') ? { languages: ['jsonc'] } : undefined) },
    );
    try {
      await client.open(uri('on/tools.json'), COLLISION);
      await client.open(uri('off/tools.json'), COLLISION);
      await client.diagnostics(uri('on/tools.json'), (d) => d.some((x) => x.code === 'wire-collision'));
      assert.deepEqual(await client.diagnostics(uri('off/tools.json')), []);
    } finally {
      await client.stop();
    }
  });

  test("another editor's language id (Helix's tsx) is judged by the file's syntax", async () => {
    const source = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "const server = new McpServer({ name: 'admin', version: '1.0.0' });",
      "server.registerTool('a.b', { description: 'x' }, async () => ({ content: [] }));",
      "server.registerTool('a_b', { description: 'y' }, async () => ({ content: [] }));",
      '',
    ].join('\n');
    const { client, uri } = await workspace({}, { settings: { languages: ['typescriptreact'] } });
    try {
      await client.open(uri('on.tsx'), source, 'tsx');
      await client.diagnostics(uri('on.tsx'), (d) => d.some((x) => x.code === 'wire-collision'));
      // .ts is read as TypeScript, whose id (typescript) is not in the setting.
      await client.open(uri('off.ts'), source, 'ts');
      assert.deepEqual(await client.diagnostics(uri('off.ts')), []);
    } finally {
      await client.stop();
    }
  });

  test('malformed values: unknown ids are dropped, a non-array means every language', async () => {
    const { client, uri } = await workspace({}, { settings: { languages: 'json' } });
    try {
      await client.open(uri('tools.yaml'), YAML, 'yaml');
      await client.diagnostics(uri('tools.yaml'), (d) => d.some((x) => x.code === 'wire-collision'));
      await client.changeConfiguration({ languages: ['cobol', 'yaml'] });
      await client.open(uri('tools.json'), COLLISION);
      assert.deepEqual(await client.diagnostics(uri('tools.json')), []);
    } finally {
      await client.stop();
    }
  });
});

describe('ServerLog: each subject told once, and again only when it changes', () => {
  const facts = (folder: string, enable = true) => ({
    folder,
    config: undefined,
    clientConfigs: [],
    settings: { ...DEFAULT_SETTINGS, enable },
  });

  test('a description of the folders begun before a newer one is not told', () => {
    const lines: string[] = [];
    const log = new ServerLog({ info: (m) => void lines.push(m), error: (m) => void lines.push(m) });
    const older = log.beginFolders();
    const newer = log.beginFolders();
    log.folder(facts('/w', false), newer);
    log.folder(facts('/w', true), older);
    assert.deepEqual(lines, [
      'folder /w: no .toolwire.json (the editor settings apply); MCP client configurations: none; turned off (toolwire.enable), providers not set (toolwire.providers), clients not set (toolwire.clients)',
    ]);
    // The same facts again add nothing; changed ones are told.
    log.folder(facts('/w', false), newer);
    assert.equal(lines.length, 1);
    log.folder(facts('/w', true), newer);
    assert.equal(lines.length, 2);
    assert.match(lines[1]!, /checks every language/);
  });
});
