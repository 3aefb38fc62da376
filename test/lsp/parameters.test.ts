import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, rangeText } from './client';
import { pretty } from './fixtures';

/** invalid-parameter-name over the built server: squiggle on the key, quick fix. */

const problems = (ds: Diagnostic[]) => ds.filter((d) => d.severity !== 4);

/** An MCP tools/list whose tool has two keys Anthropic rejects, one of them required. */
const TOOLS = pretty({
  tools: [
    {
      name: 'list_files',
      description: 'd',
      inputSchema: {
        type: 'object',
        properties: { $top: { type: 'integer' }, 'page token': { type: 'string' }, path: { type: 'string' } },
        required: ['$top', 'path'],
      },
    },
  ],
});

describe('invalid-parameter-name over LSP', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start()));
  after(() => client.stop());

  test('a diagnostic per rejected key, on the key token, with its docs link', async () => {
    const uri = 'file:///ws/params.json';
    await client.open(uri, TOOLS);
    const diagnostics = problems(await client.diagnostics(uri, (d) => d.length > 0));
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, rangeText(TOOLS, d.range)]),
      [
        ['invalid-parameter-name', 1, '"$top"'],
        ['invalid-parameter-name', 1, '"page token"'],
      ],
    );
    assert.equal(
      diagnostics[0]!.codeDescription?.href,
      'https://github.com/toolwire/toolwire/blob/main/docs/diagnostics.md#invalid-parameter-name',
    );
    assert.equal(diagnostics[0]!.message, 'Parameter "$top" is rejected by anthropic: the whole request fails.');
    assert.match(
      (diagnostics[0]!.data as { detail: string }).detail,
      /^Anthropic \(anthropic: \^\[a-zA-Z0-9_\.-\]\{1,64\}\$\)/,
    );
  });

  test('the quick fix renames the key and its required entry, and the diagnostic goes', async () => {
    const uri = 'file:///ws/params-fix.json';
    await client.open(uri, TOOLS);
    const [diagnostic] = problems(await client.diagnostics(uri, (d) => d.length > 0));
    const actions = (await client.codeActions(uri, diagnostic!.range, [diagnostic!], ['quickfix']))!;
    const action = actions.find((a) => a.title === 'Rename parameter to "_top" (callers must send the new key)');
    assert.ok(action?.edit, `a rename action among ${actions.map((a) => a.title).join(', ')}`);
    assert.equal(action.isPreferred, false, 'callers send arguments by the key: unsafe, never preferred');
    await client.apply(action.edit);
    const schema = JSON.parse(client.text(uri)).tools[0].inputSchema;
    assert.deepEqual(Object.keys(schema.properties), ['_top', 'page token', 'path']);
    assert.deepEqual(schema.required, ['_top', 'path']);
    const after = problems(
      await client.diagnostics(uri, (d) => !d.some((x) => rangeText(client.text(uri), x.range) === '"$top"')),
    );
    assert.deepEqual(
      after.map((d) => rangeText(client.text(uri), d.range)),
      ['"page token"'],
    );
  });

  test('settings decide: the code turned off, or targets without Anthropic', async () => {
    await client.changeConfiguration({ severity: { 'invalid-parameter-name': 'off' } });
    await client.open('file:///ws/params-off.json', TOOLS);
    assert.deepEqual(problems(await client.diagnostics('file:///ws/params-off.json')), []);
    await client.changeConfiguration({ providers: ['openai', 'bedrock'] });
    await client.open('file:///ws/params-openai.json', TOOLS);
    assert.deepEqual(problems(await client.diagnostics('file:///ws/params-openai.json')), []);
    await client.changeConfiguration({});
  });
});
