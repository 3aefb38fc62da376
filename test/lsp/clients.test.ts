import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { TestClient, positionOf, rangeText } from './client';
import { mcpList } from './fixtures';

function workspace(files: Record<string, string>): { folder: string; uri: (path: string) => string } {
  const folder = mkdtempSync(join(tmpdir(), 'toolwire-census-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return { folder, uri: (path) => pathToFileURL(join(folder, path)).href };
}

const collisions = (ds: Diagnostic[]) => ds.filter((d) => d.code === 'client-collision');

const FILES = {
  '.toolwire.json': JSON.stringify({
    clients: ['openai-agents'],
    servers: { 'cloudflare-browser': 'browser.json', 'cloudflare-radar': 'radar.json' },
  }),
  'browser.json': mcpList('accounts_list', 'take_screenshot'),
  'radar.json': mcpList('get_traffic', 'accounts_list'),
};

for (const pull of [false, true]) {
  describe(`cross-file client census (${pull ? 'pull' : 'push'} diagnostics)`, () => {
    /** Diagnostics of a document, by push event or by pulling, until `accept` holds. */
    async function diagnostics(
      client: TestClient,
      uri: string,
      accept: (d: Diagnostic[]) => boolean,
    ): Promise<Diagnostic[]> {
      if (!pull) return client.diagnostics(uri, accept);
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
        const report = await client.pull(uri);
        if (report.kind === 'full' && accept(report.items)) return report.items;
        // Wait for the server's refresh request instead of polling blindly.
        const seen = client.refreshes.length;
        await client
          .waitFor('a diagnostics refresh', () => (client.refreshes.length > seen ? true : undefined), 5_000)
          .catch(() => undefined);
      }
      throw new Error(`diagnostics for ${uri} never matched`);
    }

    test('a collision between two files shows in both, and clears in both when one is renamed', async () => {
      const ws = workspace(FILES);
      const client = await TestClient.start({ workspaceFolder: ws.folder, pull });
      try {
        const browser = ws.uri('browser.json');
        const radar = ws.uri('radar.json');
        await client.open(browser, FILES['browser.json']);
        await client.open(radar, FILES['radar.json']);
        const inBrowser = collisions(await diagnostics(client, browser, (d) => collisions(d).length === 1));
        assert.equal(inBrowser[0]!.relatedInformation![0]!.location.uri, radar);
        assert.equal(
          rangeText(FILES['radar.json'], inBrowser[0]!.relatedInformation![0]!.location.range),
          '"accounts_list"',
        );
        await diagnostics(client, radar, (d) => collisions(d).length === 1);

        // Rename accounts_list in radar.json (unsaved): browser.json must follow.
        const at = positionOf(FILES['radar.json'], '"accounts_list"');
        await client.edit(radar, [
          {
            range: { start: at, end: { ...at, character: at.character + 'accounts_list'.length } },
            newText: 'radar_accounts',
          },
        ]);
        await diagnostics(client, browser, (d) => collisions(d).length === 0);
        await diagnostics(client, radar, (d) => collisions(d).length === 0);

        // Closing radar.json without saving: its text on disk applies again.
        await client.close(radar);
        await diagnostics(client, browser, (d) => collisions(d).length === 1);
      } finally {
        await client.stop();
      }
    });
  });
}

describe('client hover and census', () => {
  test('hover shows what every client sends, even with none enabled', async () => {
    const ws = workspace({
      '.toolwire.json': JSON.stringify({ servers: { billing: 'billing/tools.json' } }),
      'billing/tools.json': mcpList('refund.issue'),
    });
    const client = await TestClient.start({ workspaceFolder: ws.folder });
    try {
      const uri = ws.uri('billing/tools.json');
      const text = mcpList('refund.issue');
      await client.open(uri, text);
      const hover = await client.hover(uri, positionOf(text, '"refund.issue"', 0, 2));
      const value = (hover!.contents as MarkupContent).value;
      assert.match(value, /\*\*MCP clients\*\* \(server `billing`\)/);
      assert.match(value, /\| Claude Code [^|]+ \| `mcp__billing__refund_issue` \| renamed \|/);
      assert.match(value, /\| Cursor as reported 2026-02 to 2026-07 \| `—` \| dropped: Cursor filters tool names/);
      const census = (await client.connection.sendRequest('toolwire/census', { uri })) as { markdown: string };
      assert.match(census.markdown, /## Gemini CLI v0\.33\.0 to v0\.61\.0/);
      assert.match(census.markdown, /\| `refund\.issue` \| `mcp_billing_refund\.issue` \| renamed \|/);
    } finally {
      await client.stop();
    }
  });

  test('the census shows the schema each enabled client sends, as a diff against the written one', async () => {
    const text = JSON.stringify(
      {
        tools: [
          { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string', pattern: '^a' } } } },
          { name: 'plain', inputSchema: { type: 'object', properties: { x: { type: 'string' } } } },
        ],
      },
      null,
      2,
    );
    const ws = workspace({ 'srv.json': text });
    const client = await TestClient.start({
      workspaceFolder: ws.folder,
      settings: { clients: ['codex', 'claude-code'] },
    });
    try {
      const uri = ws.uri('srv.json');
      await client.open(uri, text);
      await client.diagnostics(uri, (d) => d.length > 0);
      const census = (await client.connection.sendRequest('toolwire/census', { uri })) as {
        markdown: string;
        html: string;
      };
      assert.match(census.markdown, /schema as sent: − dropped, ~ rewritten/);
      assert.match(
        census.markdown,
        /\| `search` \| `mcp__[^`]*search` \| renamed \| [^|]* \| −\/properties\/q\/pattern \|/,
      );
      assert.match(census.markdown, /\| `plain` \| `mcp__[^`]*plain` \| renamed \| [^|]* \| as written \|/);
      assert.match(census.html, /<th>schema as sent<\/th>/);
      assert.match(census.html, /−\/properties\/q\/pattern/);
    } finally {
      await client.stop();
    }
  });

  test('settings enable clients per resource', async () => {
    const ws = workspace({ 'srv.json': mcpList('x'.repeat(60)) });
    const client = await TestClient.start({ workspaceFolder: ws.folder, settings: { clients: ['cursor'] } });
    try {
      const uri = ws.uri('srv.json');
      await client.open(uri, mcpList('x'.repeat(60)));
      const diagnostics = await client.diagnostics(uri, (d) => d.length > 0);
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['client-dropped'],
      );
    } finally {
      await client.stop();
    }
  });
});
