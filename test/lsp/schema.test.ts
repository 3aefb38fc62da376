import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, rangeText } from './client';
import { pretty } from './fixtures';

/** schema-rejected over the server: the squiggle sits on the refused keyword's key. */

const problems = (ds: Diagnostic[]) => ds.filter((d) => d.severity !== 4);

/** A Gemini request whose function schema holds two keywords Gemini's `parameters` does not know. */
const GEMINI = pretty({
  contents: [],
  tools: [
    {
      functionDeclarations: [
        {
          name: 'list_files',
          parameters: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            properties: { limit: { type: 'integer', exclusiveMinimum: 0 } },
          },
        },
      ],
    },
  ],
});

describe('schema-rejected over LSP', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start()));
  after(() => client.stop());

  test('one diagnostic per refused keyword, on its key token, with its docs link', async () => {
    const uri = 'file:///ws/gemini-schema.json';
    await client.open(uri, GEMINI);
    const diagnostics = problems(await client.diagnostics(uri, (d) => d.length > 0));
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, rangeText(GEMINI, d.range)]),
      [
        ['schema-rejected', 1, '"$schema"'],
        ['schema-rejected', 1, '"exclusiveMinimum"'],
      ],
    );
    assert.equal(
      diagnostics[1]!.codeDescription?.href,
      'https://github.com/toolwire/toolwire/blob/main/docs/diagnostics.md#schema-rejected',
    );
    assert.equal(
      diagnostics[1]!.message,
      'Schema keyword "exclusiveMinimum" is rejected by gemini: the whole request fails.',
    );
  });
});
