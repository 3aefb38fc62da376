import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { TestClient, positionOf, rangeText } from './client';

const problems = (ds: Diagnostic[]) => ds.filter((d) => d.severity !== 4);

/** An OpenAI request body in YAML: a rejected name in plain style, referenced from tool_choice. */
const OPENAI_YAML = [
  'model: gpt-4o',
  'tools:',
  '  - type: function',
  '    function:',
  '      name: get weather   # the weather tool',
  '      parameters: {type: object}',
  'tool_choice:',
  '  type: function',
  "  function: {name: 'get weather'}",
  '',
].join('\n');

describe('YAML documents in the language server', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start()));
  after(() => client.stop());

  test("diagnostics on the scalar token, and a quick fix that keeps each token's quoting", async () => {
    const uri = 'file:///ws/request.yaml';
    await client.open(uri, OPENAI_YAML, 'yaml');
    const found = problems(await client.diagnostics(uri, (d) => d.length > 0));
    const invalid = found.find((d) => d.code === 'invalid-name');
    assert.ok(invalid, JSON.stringify(found));
    assert.equal(rangeText(OPENAI_YAML, invalid.range), 'get weather');
    assert.equal(invalid.range.start.line, 4);
    const actions = (await client.codeActions(uri, invalid.range, [invalid], ['quickfix']))!;
    const action = actions.find((a) => a.title.startsWith('Rename tool to'));
    assert.ok(action?.edit, JSON.stringify(actions));
    await client.apply(action.edit);
    assert.equal(
      client.text(uri),
      OPENAI_YAML.replace('name: get weather ', 'name: get_weather ').replace("'get weather'", "'get_weather'"),
    );
    assert.deepEqual(
      problems(await client.diagnostics(uri)).filter((d) => d.severity === 1),
      [],
    );
  });

  test('an untitled buffer with languageId yaml is read as YAML', async () => {
    const uri = 'untitled:Untitled-1';
    const text = 'tools:\n  - name: a.b\n    inputSchema: {}\n  - name: a_b\n    inputSchema: {}\n';
    await client.open(uri, text, 'yaml');
    const found = problems(await client.diagnostics(uri, (d) => d.length > 0));
    assert.ok(
      found.some((d) => d.code === 'wire-collision' && rangeText(text, d.range) === 'a.b'),
      JSON.stringify(found),
    );
  });

  test('hover and F2 rename on a YAML name', async () => {
    const uri = 'file:///ws/hover.yaml';
    await client.open(uri, OPENAI_YAML, 'yaml');
    await client.diagnostics(uri, (d) => d.length > 0);
    const hover = await client.hover(uri, positionOf(OPENAI_YAML, 'get weather', 0, 2));
    assert.ok(hover);
    assert.match((hover.contents as MarkupContent).value, /get weather/);
    assert.equal(rangeText(OPENAI_YAML, hover.range!), 'get weather');
    const edit = await client.rename(uri, positionOf(OPENAI_YAML, 'get weather', 0, 2), 'forecast');
    await client.apply(edit!);
    assert.match(client.text(uri), /^ {6}name: forecast {3}# the weather tool$/m);
    assert.match(client.text(uri), /function: \{name: 'forecast'\}/);
  });

  test('inlay hints sit right after the YAML scalar, quotes included', async () => {
    const uri = 'file:///ws/hints.yml';
    const text = 'tools:\n  - name: "x.y"\n    inputSchema: {}\n  - name: ok\n    inputSchema: {}\n';
    await client.open(uri, text, 'yaml');
    const hints = await client.inlayHints(uri, { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } });
    assert.deepEqual(
      hints!.map((h) => h.label),
      ['→ x_y'],
    );
    assert.deepEqual(hints![0]!.position, positionOf(text, '"x.y"', 0, '"x.y"'.length));
  });
});

describe('YAML nested past toolwire’s limit', () => {
  test('is said in the editor, not silently unchecked', async () => {
    const client = await TestClient.start({});
    try {
      const uri = 'file:///ws/deep.yaml';
      const text = `tools: ${'['.repeat(600)}${']'.repeat(600)}\n`;
      await client.open(uri, text, 'yaml');
      const diagnostics = await client.diagnostics(uri, (d) => d.some((x) => x.code === 'toolwire-nesting-limit'));
      const notice = diagnostics.find((d) => d.code === 'toolwire-nesting-limit')!;
      assert.match(
        String(notice.message),
        /YAML nested deeper than 500 levels: not read: toolwire checks nothing in this file/,
      );
      assert.equal(notice.range.start.character, 'tools: '.length + 500);
    } finally {
      await client.stop();
    }
  });
});
