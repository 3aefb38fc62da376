import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { TestClient, rangeText } from './client';
import { mcpList } from './fixtures';

/** A workspace folder holding the given files, and a server started on it. */
async function workspace(
  files: Record<string, string | Buffer>,
  mkdirs: readonly string[] = [],
): Promise<{ folder: string; client: TestClient }> {
  const folder = mkdtempSync(join(tmpdir(), 'toolwire-ws-'));
  for (const dir of mkdirs) mkdirSync(join(folder, dir), { recursive: true });
  for (const [path, content] of Object.entries(files)) writeFileSync(join(folder, path), content);
  return { folder, client: await TestClient.start({ workspaceFolder: folder }) };
}

const COLLISION = mcpList('a.b', 'a_b');

/** Issue 13, item 8, in the editor: a hostile or unreadable config still leaves diagnostics, and is reported. */
describe('hostile and unreadable .toolwire.json in the editor', () => {
  test('a config nested 20,000 deep: tool files still get diagnostics, and one warning', async () => {
    const { folder, client } = await workspace({
      '.toolwire.json': `{"ignore": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    });
    try {
      for (const name of ['one.json', 'two.json']) {
        const uri = pathToFileURL(join(folder, name)).href;
        await client.open(uri, COLLISION);
        await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
      }
      await client.waitFor('a warning about the config', () =>
        client.messages.find((m) => /"ignore" entries must be strings/.test(m)),
      );
      assert.equal(client.messages.filter((m) => m.includes('.toolwire.json')).length, 1, 'warned once');
    } finally {
      await client.stop();
    }
  });

  test('a backtracking glob: a long file name still gets its diagnostics', async () => {
    const name = `${'a'.repeat(200)}.json`;
    const { folder, client } = await workspace({
      '.toolwire.json': JSON.stringify({ ignore: ['**/*a*a*a*a*a*a*a*a*a*a*a*a*b'] }),
    });
    try {
      const uri = pathToFileURL(join(folder, name)).href;
      await client.open(uri, COLLISION);
      await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
    } finally {
      await client.stop();
    }
  });

  test('a folder named .toolwire.json: a warning, and the tool file is still checked', async () => {
    const { folder, client } = await workspace({}, ['.toolwire.json']);
    try {
      const uri = pathToFileURL(join(folder, 'tools.json')).href;
      await client.open(uri, COLLISION);
      await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
      await client.waitFor('a warning about the unreadable config', () =>
        client.messages.find((m) => /Cannot read this configuration file: it is a folder/.test(m)),
      );
    } finally {
      await client.stop();
    }
  });

  test('a config that is not UTF-8: a diagnostic on the bad character of the open config', async () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "ignore": ["caf'), Buffer.from([0xe9]), Buffer.from('"]\n}')]);
    const { folder, client } = await workspace({ '.toolwire.json': bytes });
    try {
      const uri = pathToFileURL(join(folder, '.toolwire.json')).href;
      // An editor shows the bytes decoded with U+FFFD, as Node does.
      const text = readFileSync(join(folder, '.toolwire.json'), 'utf8');
      await client.open(uri, text, 'jsonc');
      const diagnostics = await client.diagnostics(uri, (d) => d.length > 0);
      assert.deepEqual(
        diagnostics.map((d) => [d.severity, rangeText(text, d.range), d.message]),
        [[1, '\uFFFD', 'Cannot read this configuration file: it is not valid UTF-8 (byte 19).']],
      );
    } finally {
      await client.stop();
    }
  });
});
