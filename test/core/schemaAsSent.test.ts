import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AnalysisOptions, ClientId } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { schemaAsSent, schemaDiffText } from '../../server/src/core/clients/schemaAsSent';
import { pretty } from './helpers';

/**
 * The schema each client sends, as a diff against the written one (`clients/schemaAsSent.ts`):
 * per case, an MCP tool's schema, a client, and the diff the census shows for it.
 */

interface Case {
  readonly title: string;
  readonly schema: object;
  readonly client: ClientId;
  readonly diff: string;
}

const CASES: readonly Case[] = [
  {
    title: 'Codex CLI drops what its JsonSchema has no field for',
    schema: { type: 'object', properties: { q: { type: 'string', pattern: '^a', minLength: 1, enum: ['a'] } } },
    client: 'codex',
    diff: '−/properties/q/pattern, −/properties/q/minLength',
  },
  {
    title: 'VS Code strips for some model families only: the diff names them, one entry per place',
    schema: { type: 'object', properties: { q: { type: 'string', pattern: '^a' } } },
    client: 'vscode',
    diff: '−/properties/q/pattern (gpt-4*, Gemini models)',
  },
  {
    title: 'a client that passes the schema through sends it as written',
    schema: { type: 'object', properties: { q: { type: 'string', pattern: '^a' } } },
    client: 'claude-code',
    diff: 'as written',
  },
  {
    title: 'a root combinator VS Code strips at the root',
    schema: { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }], properties: {} },
    client: 'vscode',
    diff: '−/anyOf',
  },
];

function diffOf(schema: object, client: ClientId): string {
  const text = pretty({ tools: [{ name: 't', inputSchema: schema }] });
  const options: AnalysisOptions = { clients: { enabled: [client], server: 's' } };
  const [tool] = analyze(text, options).tools;
  return schemaDiffText(schemaAsSent(tool!.declaration.schema, client));
}

describe('the schema as each client sends it', () => {
  for (const c of CASES) test(c.title, () => assert.equal(diffOf(c.schema, c.client), c.diff));

  test('a change carries where, what, and whether the contract is kept', () => {
    const text = pretty({
      tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: { pattern: 'x' } } } }],
    });
    const [tool] = analyze(text, { clients: { enabled: ['codex'], server: 's' } }).tools;
    assert.deepEqual(schemaAsSent(tool!.declaration.schema, 'codex'), [
      { at: '/properties/q/pattern', keyword: 'pattern', change: 'dropped', contract: 'changed' },
    ]);
  });

  test('a long diff is cut and counted', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`p${i}`, { type: 'string', pattern: 'x' }]),
    );
    assert.match(diffOf({ type: 'object', properties }, 'codex'), /^−\/properties\/p0\/pattern, .* and 2 more$/);
  });
});
