import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient } from './client';
import { adsManifest, mcpList, carriesFix } from './fixtures';

/**
 * Issue 13 through the real server: a quick fix is offered only when the server proved it on
 * the current text (its finding gone, no new error after the user's severities, no repeated
 * key), and fix-all changes the text or is not offered.
 */
const fixable = (ds: Diagnostic[]) => ds.filter(carriesFix);
const everywhere = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

async function withClient(
  settings: Record<string, unknown>,
  run: (client: TestClient) => Promise<void>,
): Promise<void> {
  const client = await TestClient.start({ settings });
  try {
    await run(client);
  } finally {
    await client.stop();
  }
}

async function quickFixes(client: TestClient, uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  return ((await client.codeActions(uri, diagnostic.range, [diagnostic], ['quickfix'])) ?? []).filter(
    (a) => !a.title.startsWith('Fix all'),
  );
}

async function fixAll(client: TestClient, uri: string): Promise<CodeAction[]> {
  return (await client.codeActions(uri, everywhere, [], ['source.fixAll.toolwire'])) ?? [];
}

describe('issue 13: only proven fixes are offered', () => {
  test('renamed-on-wire raised to error: no Add invocationName, no fix-all', async () => {
    await withClient({ severity: { 'renamed-on-wire': 'error' } }, async (client) => {
      const uri = 'file:///ws/renamed-error.json';
      await client.open(uri, adsManifest([{ name: `com.example.${'q'.repeat(60)}` }]));
      const diagnostics = await client.diagnostics(uri, (d) => fixable(d).length > 0);
      const notInvocable = diagnostics.find((d) => d.code === 'not-invocable')!;
      assert.deepEqual(await quickFixes(client, uri, notInvocable), []);
      assert.deepEqual(await fixAll(client, uri), []);
    });
  });

  test('with the default severity the same fix is offered (the proof is not what refuses)', async () => {
    await withClient({}, async (client) => {
      const uri = 'file:///ws/renamed-default.json';
      await client.open(uri, adsManifest([{ name: `com.example.${'q'.repeat(60)}` }]));
      const diagnostics = await client.diagnostics(uri, (d) => fixable(d).length > 0);
      const actions = await quickFixes(client, uri, diagnostics.find((d) => d.code === 'not-invocable')!);
      assert.deepEqual(
        actions.map((a) => a.title),
        [`Add invocationName "${'q'.repeat(60)}"`],
      );
    });
  });

  // Fix-all over these renames is in test/core/fixProof.test.ts (with unsafe fixes asked for):
  // the editor's fix-all never renames a tool.
  test('a fix that would reveal a masked client-rejected is not offered; fix-all renames nothing', async () => {
    await withClient({ clients: ['openai-agents'] }, async (client) => {
      const uri = 'file:///ws/masked.json';
      await client.open(uri, mcpList('a.b', 'a.b'));
      // The first a.b's client-collision folds into its wire-collision (one problem, one diagnostic).
      const diagnostics = await client.diagnostics(uri, (d) =>
        d.some(
          (x) => x.code === 'wire-collision' && / Also shares its name with another tool in /.test(String(x.message)),
        ),
      );
      assert.ok(fixable(diagnostics).length > 0, 'the fixes exist; they are refused');
      for (const diagnostic of fixable(diagnostics))
        assert.deepEqual(await quickFixes(client, uri, diagnostic), [], `${diagnostic.code} gets no unproven fix`);
      assert.deepEqual(await fixAll(client, uri), []);
    });
  });

  test('derivation ads on an MCP file: a rename, not an invocationName, and so not in fix-all', async () => {
    await withClient({ derivation: 'ads' }, async (client) => {
      const uri = 'file:///ws/forced-ads.json';
      await client.open(uri, mcpList('a.b', 'a-b'));
      const diagnostics = await client.diagnostics(uri, (d) => fixable(d).length > 0);
      const titles = (await Promise.all(fixable(diagnostics).map((d) => quickFixes(client, uri, d))))
        .flat()
        .map((a) => a.title);
      assert.ok(titles.length > 0);
      for (const title of titles) assert.match(title, /^Rename tool to .* \(callers must use the new name\)$/);
      assert.deepEqual(await fixAll(client, uri), []);
    });
  });

  test('VS Code enabled, two same-named long tools: no rename to the own name, and none in fix-all', async () => {
    const long = 'x'.repeat(64);
    await withClient({ clients: ['vscode'] }, async (client) => {
      const uri = 'file:///ws/vscode-long.json';
      const text = mcpList(long, long);
      await client.open(uri, text);
      const diagnostics = await client.diagnostics(uri, (d) => d.some((x) => x.code === 'client-collision'));
      for (const diagnostic of fixable(diagnostics)) {
        for (const action of await quickFixes(client, uri, diagnostic))
          assert.ok(!action.title.startsWith(`Rename tool to "${long}"`), action.title);
      }
      assert.deepEqual(await fixAll(client, uri), []);
    });
  });
});
