import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { analyze } from '../../server/src/core/analyze';
import { ALL_CLIENT_IDS, isClientId, type ClientId } from '../../server/src/core/clients/profiles';
import { fatesUnder } from '../../server/src/core/clients/schemaFate';
import { SCHEMA_PATHS } from '../../server/src/core/clients/schemaPaths';
import { pretty } from './helpers';

/**
 * Each client's schema path (`clients/schemaPaths.ts`), against vectors read from the client's
 * own code, tests or public reports: an MCP tool with the vector's schema, that client alone
 * enabled, and the places `schema-altered` and `schema-rejected` name it at.
 */
const VECTORS = resolve(__dirname, 'vectors/schemaPaths');

interface SchemaVectorFile {
  readonly client: string;
  readonly vectors: ReadonlyArray<{
    readonly name: string;
    readonly source: {
      readonly repository?: string;
      readonly path?: string;
      readonly commit?: string;
      readonly url?: string;
      /** A closed client's modelled pass-through: why nothing public shows it. */
      readonly unconfirmed?: string;
    };
    readonly schema: Record<string, unknown>;
    /** Pointers relative to the input schema. */
    readonly expect: { readonly altered: readonly string[]; readonly rejected: readonly string[] };
  }>;
}

const ROOT_POINTER = '/tools/0/inputSchema';

function placesFor(client: ClientId, schema: Record<string, unknown>): { altered: string[]; rejected: string[] } {
  const text = pretty({ tools: [{ name: 'probe', description: 'd', inputSchema: schema }] });
  const findings = analyze(text, { clients: { enabled: [client], server: 's' } }).findings;
  const at = (code: string) =>
    findings
      .filter((f) => f.code === code && f.clients?.includes(client))
      .map((f) => f.pointer.slice(ROOT_POINTER.length))
      .sort();
  return { altered: at('schema-altered'), rejected: at('schema-rejected') };
}

describe('client schema paths (clients/schemaPaths.ts)', () => {
  test('every path cites a source for every step, and names the field it reaches', () => {
    for (const id of ALL_CLIENT_IDS) {
      const path = SCHEMA_PATHS[id];
      assert.ok(path, `${id} has a schema path`);
      assert.ok(path.steps.length > 0, `${id}: at least one step`);
      assert.ok(path.version.length > 0, `${id}: a version`);
      assert.ok(['parameters', 'parametersJsonSchema', 'input_schema'].includes(path.field), `${id}: ${path.field}`);
      for (const step of path.steps) assert.ok(step.source.trim().length > 10, `${id}: ${step.kind} cites a source`);
    }
  });

  test('every registered client has a vector file, every file names a registered client', () => {
    const named = readdirSync(VECTORS).map((file) => {
      const data = JSON.parse(readFileSync(resolve(VECTORS, file), 'utf8')) as SchemaVectorFile;
      assert.equal(`${data.client}.json`, file);
      assert.ok(isClientId(data.client), `${file} names a registered client`);
      return data.client;
    });
    assert.deepEqual(
      ALL_CLIENT_IDS.filter((id) => !named.includes(id)),
      [],
    );
  });

  test('a step for some models only comes before what every other model gets', () => {
    const fates = fatesUnder(SCHEMA_PATHS.vscode, { keyword: 'pattern', root: false, present: true });
    assert.deepEqual(
      fates.map((f) => [f.fate, f.when]),
      [
        ['stripped', 'gpt-4*'],
        ['stripped', 'Gemini'],
        ['sent', undefined],
      ],
    );
    const root = fatesUnder(SCHEMA_PATHS.vscode, { keyword: 'anyOf', root: true, present: true });
    assert.deepEqual(
      root.map((f) => f.fate),
      ['stripped'],
    );
  });

  for (const file of readdirSync(VECTORS).sort()) {
    const data = JSON.parse(readFileSync(resolve(VECTORS, file), 'utf8')) as SchemaVectorFile;
    describe(`${data.client} (schema)`, () => {
      for (const vector of data.vectors) {
        test(vector.name, () => {
          const { repository, path, commit, url, unconfirmed } = vector.source;
          assert.ok(
            (repository && path && commit && /^[0-9a-f]{40}$/.test(commit)) ||
              (url && /^https:\/\//.test(url)) ||
              (unconfirmed && SCHEMA_PATHS[data.client as ClientId].unconfirmed === true),
            'every vector cites repository, path and commit, a public URL, or why its unconfirmed path has none',
          );
          assert.deepEqual(placesFor(data.client as ClientId, vector.schema), {
            altered: [...vector.expect.altered].sort(),
            rejected: [...vector.expect.rejected].sort(),
          });
        });
      }
    });
  }
});
