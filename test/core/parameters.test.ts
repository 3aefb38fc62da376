import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { computeFixAll, type AnalysisOptions, type Finding } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { applyEdits, pretty } from './helpers';

/** invalid-parameter-name: property keys of input schemas are names on the wire. */

const schema = (properties: Record<string, unknown>, required?: readonly string[]) => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});
const anthropic = (input_schema: unknown, name = 'list_files') =>
  pretty({ model: 'claude-x', tools: [{ name, input_schema }] });
const openai = (parameters: unknown) =>
  pretty({ model: 'gpt-4o', tools: [{ type: 'function', function: { name: 'list_files', parameters } }] });
const mcp = (...tools: Array<{ name: string; inputSchema: unknown }>) =>
  pretty({ tools: tools.map((t) => ({ description: 'd', ...t })) });

function parameterFindings(text: string, options?: AnalysisOptions): Finding[] {
  return analyze(text, options).findings.filter((f) => f.code === 'invalid-parameter-name');
}

/** `severity <covered text>` per invalid-parameter-name finding, in document order. */
function lines(text: string, options?: AnalysisOptions): string[] {
  return parameterFindings(text, options).map((f) => `${f.severity} ${text.slice(f.range.start, f.range.end)}`);
}

describe('invalid-parameter-name: which keys, which providers', () => {
  test('an Anthropic body: the key token, the provider, the rule and why', () => {
    const text = anthropic(schema({ $top: { type: 'integer' }, path: { type: 'string' } }, ['$top']));
    const [finding, ...rest] = parameterFindings(text);
    assert.equal(rest.length, 0);
    assert.equal(text.slice(finding!.range.start, finding!.range.end), '"$top"');
    assert.equal(finding!.severity, 'error');
    assert.equal(finding!.pointer, '/tools/0/input_schema/properties/$top');
    assert.deepEqual(finding!.profiles, ['anthropic']);
    assert.equal(finding!.tool, 0);
    assert.equal(finding!.message, 'Parameter "$top" is rejected by anthropic: the whole request fails.');
    assert.equal(
      finding!.detail,
      'Anthropic (anthropic: ^[a-zA-Z0-9_.-]{1,64}$): "$" (U+0024) at character 1 is outside [a-zA-Z0-9_.-]. One invalid property key of "list_files" fails every tool sent with it (HTTP 400). Rename it, e.g. to "_top".',
    );
  });

  test('dots, hyphens, underscores and 64 characters pass; 65 do not', () => {
    const ok = 'k'.repeat(64);
    const long = 'k'.repeat(65);
    assert.deepEqual(lines(anthropic(schema({ 'a.b': {}, 'a-b': {}, a_b: {}, [ok]: {}, [long]: {} }))), [
      `error "${long}"`,
    ]);
    assert.match(
      parameterFindings(anthropic(schema({ [long]: {} })))[0]!.detail,
      /65 characters, over the limit of 64/,
    );
  });

  test('characters are code points: an astral character is one character, counted once', () => {
    const message = parameterFindings(anthropic(schema({ 'a😀b c': {} })))[0]!.detail;
    assert.match(message, /"😀" \(U\+1F600\) at character 2 and 1 more is outside/);
  });

  test('an empty key is rejected too', () => {
    assert.deepEqual(lines(anthropic(schema({ '': {} }))), ['error ""']);
  });

  test('providers without a known rule judge nothing: OpenAI, Gemini, Bedrock bodies', () => {
    assert.deepEqual(lines(openai(schema({ $top: {} }))), []);
    assert.deepEqual(
      lines(pretty({ tools: [{ functionDeclarations: [{ name: 'f', parameters: schema({ $top: {} }) }] }] })),
      [],
    );
    assert.deepEqual(
      lines(
        pretty({ toolConfig: { tools: [{ toolSpec: { name: 'f', inputSchema: { json: schema({ $top: {} }) } } }] } }),
      ),
      [],
    );
  });

  test("every format's schema is read when a target has a rule", () => {
    const options: AnalysisOptions = { targets: ['anthropic'] };
    const bad = schema({ 'a b': {} });
    assert.deepEqual(lines(openai(bad), options), ['error "a b"'], 'OpenAI Chat parameters');
    assert.deepEqual(
      lines(pretty({ tools: [{ type: 'function', name: 'f', parameters: bad }] }), options),
      ['error "a b"'],
      'OpenAI Responses',
    );
    assert.deepEqual(
      lines(pretty({ functions: [{ name: 'f', parameters: bad }] }), options),
      ['error "a b"'],
      'legacy functions',
    );
    assert.deepEqual(
      lines(pretty({ tools: [{ functionDeclarations: [{ name: 'f', parametersJsonSchema: bad }] }] }), options),
      ['error "a b"'],
      'Gemini',
    );
    assert.deepEqual(
      lines(pretty({ toolConfig: { tools: [{ toolSpec: { name: 'f', inputSchema: { json: bad } } }] } }), options),
      ['error "a b"'],
      'Bedrock',
    );
    assert.deepEqual(lines(pretty([{ name: 'f', parameters: bad }]), options), ['error "a b"'], 'a tool array');
    assert.deepEqual(
      lines(pretty({ specVersion: '0.3.0', capabilities: [{ name: 'com.example.f', inputSchema: bad }] }), options),
      ['error "a b"'],
      'an ADS capability',
    );
  });

  test('an MCP file is judged by its targets: the default includes Anthropic, openai alone does not', () => {
    const text = mcp({ name: 'search', inputSchema: schema({ 'Account Number': {} }) });
    assert.deepEqual(lines(text), ['error "Account Number"']);
    assert.deepEqual(lines(text, { defaultTargets: ['openai', 'bedrock'] }), []);
    assert.deepEqual(parameterFindings(text, { defaultTargets: ['anthropic', 'anthropic-64'] })[0]!.profiles, [
      'anthropic',
      'anthropic-64',
    ]);
  });

  test("MCP clients pass schemas through unchanged: Claude Code's provider judges the keys", () => {
    const text = mcp({ name: 'search', inputSchema: schema({ 'Account Number': {} }) });
    const clients = { enabled: ['claude-code', 'vscode'] as const, server: 'bank' };
    const [finding] = parameterFindings(text, {
      defaultTargets: ['openai'],
      clients: { ...clients, enabled: [...clients.enabled] },
    });
    assert.deepEqual(finding!.profiles, ['anthropic']);
    assert.deepEqual(finding!.clients, ['claude-code']);
    assert.match(finding!.detail, /^Anthropic \(anthropic via Claude Code: /);
    // A client that does not load this server sends nothing.
    assert.deepEqual(
      lines(text, {
        defaultTargets: ['openai'],
        clients: { enabled: ['claude-code'], server: 'bank', notLoadedBy: ['claude-code'] },
      }),
      [],
    );
  });

  test('only the top-level properties: keys in nested objects and items are not reported', () => {
    const text = anthropic(
      schema({
        filter: { type: 'object', properties: { 'created at': {} } },
        rows: { type: 'array', items: { type: 'object', properties: { 'row id': {} } } },
        ok: {},
      }),
    );
    assert.deepEqual(lines(text), []);
  });

  test('a tool the runtime leaves out is not sent, so its schema is not judged', () => {
    const bad = schema({ 'a b': {} });
    const text = mcp({ name: 'a.b', inputSchema: bad }, { name: 'a_b', inputSchema: schema({ ok: {} }) });
    assert.deepEqual(lines(text), []);
  });

  test('severity settings apply: off, or another level', () => {
    const text = anthropic(schema({ $top: {} }));
    assert.deepEqual(lines(text, { severity: { 'invalid-parameter-name': 'off' } }), []);
    assert.deepEqual(lines(text, { severity: { 'invalid-parameter-name': 'warning' } }), ['warning "$top"']);
  });

  test('JSON Lines: ranges land on the key of the right line', () => {
    const text = [
      { model: 'claude-x', tools: [{ name: 'a', input_schema: schema({ ok: {} }) }] },
      { model: 'claude-x', tools: [{ name: 'b', input_schema: schema({ 'x y': {} }) }] },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const [finding] = parameterFindings(text);
    assert.equal(text.slice(finding!.range.start, finding!.range.end), '"x y"');
    assert.ok(finding!.range.start > text.indexOf('\n'));
  });

  test('an escaped key: the range covers the raw token, the message and pointer the decoded key', () => {
    const text =
      '{"model": "claude-x", "tools": [{"name": "f", "input_schema": {"properties": {"a\\u0020b/c": {}}, "required": ["a b/c"]}}]}';
    const [finding] = parameterFindings(text);
    assert.equal(text.slice(finding!.range.start, finding!.range.end), '"a\\u0020b/c"');
    assert.equal(finding!.pointer, '/tools/0/input_schema/properties/a b~1c');
    assert.match(finding!.message, /^Parameter "a b\/c"/);
    assert.equal(
      applyEdits(text, finding!.fix!.edits),
      '{"model": "claude-x", "tools": [{"name": "f", "input_schema": {"properties": {"a_b_c": {}}, "required": ["a_b_c"]}}]}',
    );
  });
});

describe('invalid-parameter-name: what the analysis keeps of a schema', () => {
  test('a schema whose keys every rule accepts keeps nothing; one bad key keeps every key and `required`', () => {
    const text = mcp(
      { name: 'clean', inputSchema: schema({ path: { type: 'string' }, 'dotted.key': { type: 'string' } }, ['path']) },
      { name: 'dirty', inputSchema: schema({ path: { type: 'string' }, $top: { type: 'integer' } }, ['$top', 'path']) },
    );
    const [clean, dirty] = analyze(text).tools;
    assert.equal(clean!.declaration.inputSchema, undefined);
    const site = dirty!.declaration.inputSchema!;
    assert.deepEqual(
      site.keys.map((k) => text.slice(k.range.start, k.range.end)),
      ['"path"', '"$top"'],
    );
    assert.deepEqual(
      site.required.map((k) => text.slice(k.range.start, k.range.end)),
      ['"$top"', '"path"'],
    );
    assert.equal(site.pointer, '/tools/1/inputSchema/properties');
  });
});

describe('invalid-parameter-name: the rename fix', () => {
  test('renames the key in properties and its entry in required, and nothing else', () => {
    const text = anthropic({
      type: 'object',
      description: 'the $top rows',
      properties: {
        $top: { type: 'integer', description: '$top' },
        nested: { type: 'object', properties: { $top: {} }, required: ['$top'] },
      },
      required: ['$top', 'nested'],
    });
    const fix = parameterFindings(text)[0]!.fix!;
    assert.equal(fix.kind, 'rename-parameter');
    assert.equal(fix.title, 'Rename parameter to "_top" (callers must send the new key)');
    assert.equal(fix.preferred, true);
    assert.equal(fix.safety, 'unsafe', 'callers send arguments by this key');
    const fixed = JSON.parse(applyEdits(text, fix.edits)) as {
      tools: Array<{ input_schema: Record<string, unknown> }>;
    };
    assert.deepEqual(fixed.tools[0]!.input_schema, {
      type: 'object',
      description: 'the $top rows',
      properties: {
        _top: { type: 'integer', description: '$top' },
        nested: { type: 'object', properties: { $top: {} }, required: ['$top'] },
      },
      required: ['_top', 'nested'],
    });
    assert.deepEqual(lines(applyEdits(text, fix.edits)), [], 'the fixed text has no finding left');
  });

  test('proposals are unique among siblings, and among each other', () => {
    const text = anthropic(schema({ 'a b': {}, 'a@b': {}, a_b: {} }));
    assert.deepEqual(
      parameterFindings(text).map((f) => f.fix?.proposed),
      ['a_b_2', 'a_b_3'],
    );
  });

  test('a long key is cut to 64, and numbered within 64 when the cut is taken', () => {
    const head = 'k'.repeat(64);
    const text = anthropic(schema({ [head]: {}, [`${head}_extra`]: {} }));
    const [proposed] = parameterFindings(text).map((f) => f.fix!.proposed);
    assert.equal(proposed, `${'k'.repeat(62)}_2`);
    assert.equal(proposed!.length, 64);
  });

  test('an empty key becomes "param"', () => {
    assert.equal(parameterFindings(anthropic(schema({ '': {} })))[0]!.fix!.proposed, 'param');
  });

  test('fix-all leaves a parameter rename alone unless unsafe fixes are asked for', () => {
    const text = anthropic(schema({ 'Account Number': {} }, ['Account Number']));
    assert.deepEqual(computeFixAll(text), { kind: 'nothing', unsafeLeft: 1 });
  });

  test('fix-all picks the fix up (the same FixData shape as every fix)', () => {
    const text = anthropic(schema({ 'Account Number': {} }, ['Account Number']));
    const result = computeFixAll(text, {}, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.deepEqual(JSON.parse(result.text).tools[0].input_schema, schema({ Account_Number: {} }, ['Account_Number']));
  });

  test('fix-all fixes a bad tool name and every bad key of one tool in one pass', () => {
    const text = anthropic(schema({ 'a b': {}, $top: {}, ok: {} }, ['a b', '$top']), 'list files');
    const result = computeFixAll(text, {}, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.deepEqual(JSON.parse(result.text).tools[0], {
      name: 'list_files',
      input_schema: schema({ a_b: {}, _top: {}, ok: {} }, ['a_b', '_top']),
    });
    assert.deepEqual(
      analyze(result.text).findings.filter((f) => f.severity === 'error'),
      [],
    );
  });
});
