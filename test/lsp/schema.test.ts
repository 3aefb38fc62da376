import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { TestClient, positionOf, rangeText } from './client';
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

  test('quick fixes from Diagnostic.data: $schema removed (safe, preferred), exclusiveMinimum only marked unsafe; fix-all takes the safe one', async () => {
    const uri = 'file:///ws/gemini-schema-fix.json';
    await client.open(uri, GEMINI);
    const [schema, exclusive] = problems(await client.diagnostics(uri, (d) => d.length > 0));
    assert.deepEqual((schema!.data as { schemaFix?: unknown }).schemaFix, {
      problem: 'unknown-keyword',
      keyword: '$schema',
    });
    const unsafe = (await client.codeActions(uri, exclusive!.range, [exclusive!], ['quickfix']))!;
    const remove = unsafe.find((a) => a.title === 'Remove "exclusiveMinimum" (changes what the model may send)');
    assert.ok(remove, `an unsafe removal among ${unsafe.map((a) => a.title).join(', ')}`);
    assert.equal(remove.isPreferred, false, 'an unsafe fix is never preferred');
    const everywhere = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const [fixAll] = (await client.codeActions(uri, everywhere, [], ['source.fixAll.toolwire']))!;
    assert.equal(fixAll?.title, 'Fix all toolwire problems (1)');
    const actions = (await client.codeActions(uri, schema!.range, [schema!], ['quickfix']))!;
    const safe = actions.find((a) => a.title === 'Remove "$schema"');
    assert.ok(safe?.edit, `a removal among ${actions.map((a) => a.title).join(', ')}`);
    assert.equal(safe.isPreferred, true);
    await client.apply(safe.edit);
    const parameters = JSON.parse(client.text(uri)).tools[0].functionDeclarations[0].parameters;
    assert.deepEqual(Object.keys(parameters), ['type', 'properties']);
    const after = problems(await client.diagnostics(uri, (d) => d.length === 1));
    assert.deepEqual(
      after.map((d) => rangeText(client.text(uri), d.range)),
      ['"exclusiveMinimum"'],
    );
  });

  test('the hover on the tool lists what each provider refuses in its schema, and where', async () => {
    const uri = 'file:///ws/gemini-schema-hover.json';
    await client.open(uri, GEMINI);
    await client.diagnostics(uri, (d) => d.length > 0);
    const hover = await client.hover(uri, positionOf(GEMINI, '"list_files"', 0, 2));
    const value = (hover!.contents as MarkupContent).value;
    assert.match(value, /\*\*Input schema\*\* refused by `gemini`: the whole request fails\./);
    assert.match(
      value,
      /\| `gemini` \| `\/tools\/0\/functionDeclarations\/0\/parameters\/\$schema` \| Schema keyword "\$schema" \|/,
    );
    assert.match(value, /\| `gemini` \| `[^`]*\/exclusiveMinimum` \| Schema keyword "exclusiveMinimum" \|/);
  });

  test('a tool whose schema every target accepts has no schema section', async () => {
    const text = pretty({ tools: [{ name: 'ok', inputSchema: { type: 'object', properties: {} } }] });
    const uri = 'file:///ws/schema-ok.json';
    await client.open(uri, text);
    await client.diagnostics(uri);
    const hover = await client.hover(uri, positionOf(text, '"ok"', 0, 2));
    assert.doesNotMatch((hover!.contents as MarkupContent).value, /Input schema/);
  });

  test('the hover on a schema keyword says, per provider and client, whether it is accepted, stripped or rejected', async () => {
    const text = pretty({
      tools: [
        {
          name: 'tag',
          inputSchema: {
            type: 'object',
            properties: { tags: { type: 'array' }, q: { type: 'string', pattern: '^a' } },
          },
        },
      ],
    });
    const uri = 'file:///ws/schema-keyword-hover.json';
    await client.open(uri, text);
    await client.diagnostics(uri, (d) => d.length > 0);
    const pattern = await client.hover(uri, positionOf(text, '"pattern"', 0, 2));
    const value = (pattern!.contents as MarkupContent).value;
    assert.match(value, /\*\*Schema keyword\*\* at `\/tools\/0\/inputSchema\/properties\/q\/pattern`/);
    // The version and source a client's step was read from: in the hover, not in every diagnostic.
    assert.match(
      value,
      /\| Codex CLI \| ⚠ stripped \| the model never sees it \| codex-rs tools \\@34839759\\: openai\/codex /,
    );
    assert.match(value, /\| VS Code \(Copilot Chat\) \(gpt-4\\\* models\) \| ⚠ stripped \|/);
    assert.match(value, /\| VS Code \(Copilot Chat\) \(other models\) \| ✓ accepted \|/);
    assert.match(value, /\| Continue \| ✓ accepted \| sent as parameters \|/);
    assert.match(value, /`schema-altered`: /);
    const items = await client.hover(uri, positionOf(text, '"type": "array"', 0, 2));
    const itemsValue = (items!.contents as MarkupContent).value;
    assert.match(itemsValue, /\| Cline \| ✗ rejected \| openai-array-items \|/);
    assert.match(
      itemsValue,
      /\| VS Code \(Copilot Chat\) \| ✗ refused by the client \| tool parameters array type must have items \|/,
    );
    assert.match(itemsValue, /\| Codex CLI \| ⚠ rewritten \|/);
    const tool = await client.hover(uri, positionOf(text, '"tag"', 0, 2));
    const toolValue = (tool!.contents as MarkupContent).value;
    assert.match(toolValue, /\| `openai` \| `\/tools\/0\/inputSchema\/properties\/tags\/type` \|/);
    assert.match(toolValue, /\| `via cline` \| `\/tools\/0\/inputSchema\/properties\/tags\/type` \|/);
  });
});
