import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze, analyzeWithCarry, analyzeWithReader } from '../../server/src/core/analyze';
import { parseDocument } from '../../server/src/core/json/parse';
import type { AnalysisOptions, Finding } from '../../server/src/core';
import { reanalyze } from '../../server/src/core/incremental/reanalyze';
import { SCHEMA_RULES } from '../../server/src/core/profiles/schemaRules';
import { pretty } from './helpers';

/** schema-rejected: what each provider refuses in a tool's input schema, at the keyword. */

const schemaFindings = (text: string, options?: AnalysisOptions): Finding[] =>
  analyze(text, options).findings.filter((f) => f.code === 'schema-rejected');

/** `<covered text> <pointer> [providers]` per finding, in document order. */
function lines(text: string, options?: AnalysisOptions): string[] {
  return schemaFindings(text, options).map(
    (f) => `${text.slice(f.range.start, f.range.end)} ${f.pointer} [${(f.profiles ?? []).join(',')}]`,
  );
}

/** A Gemini generateContent body with one function of these parameters. */
const gemini = (parameters: object, key = 'parameters') =>
  pretty({ contents: [], tools: [{ functionDeclarations: [{ name: 'f', [key]: parameters }] }] });
/** An OpenAI Chat Completions body with one function. */
const openai = (parameters: object, strict?: boolean) =>
  pretty({
    model: 'gpt-4.1',
    messages: [],
    tools: [{ type: 'function', function: { name: 'f', parameters, ...(strict === undefined ? {} : { strict }) } }],
  });
/** An Anthropic Messages body with one tool. */
const anthropic = (inputSchema: object) =>
  pretty({ model: 'claude-x', messages: [], tools: [{ name: 'f', input_schema: inputSchema }] });
/** An MCP tools/list result with one tool. */
const mcp = (inputSchema: object) => pretty({ tools: [{ name: 'f', inputSchema }] });

const G = '/tools/0/functionDeclarations/0/parameters';
const O = '/tools/0/function/parameters';
const A = '/tools/0/input_schema';

interface Case {
  readonly title: string;
  readonly text: string;
  readonly options?: AnalysisOptions;
  readonly expected: readonly string[];
}

const CASES: readonly Case[] = [
  // --- gemini-unknown-keyword ------------------------------------------------------------------
  {
    title: 'gemini: additionalProperties in items, at its key',
    text: gemini({
      type: 'object',
      properties: { a: { type: 'array', items: { type: 'object', additionalProperties: false } } },
    }),
    expected: [`"additionalProperties" ${G}/properties/a/items/additionalProperties [gemini]`],
  },
  {
    title: 'gemini: $schema, exclusiveMinimum, propertyNames, const, multipleOf',
    text: gemini({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        n: { type: 'integer', exclusiveMinimum: 0, multipleOf: 2 },
        m: { type: 'object', propertyNames: { pattern: '^a' } },
        k: { anyOf: [{ const: 'x' }, { type: 'string' }] },
      },
    }),
    expected: [
      `"$schema" ${G}/$schema [gemini]`,
      `"exclusiveMinimum" ${G}/properties/n/exclusiveMinimum [gemini]`,
      `"multipleOf" ${G}/properties/n/multipleOf [gemini]`,
      `"propertyNames" ${G}/properties/m/propertyNames [gemini]`,
      `"const" ${G}/properties/k/anyOf/0/const [gemini]`,
    ],
  },
  {
    title: 'gemini: a property named like a keyword is a name, not a keyword',
    text: gemini({
      type: 'object',
      properties: { additionalProperties: { type: 'string' }, const: { type: 'string', enum: ['$schema'] } },
    }),
    expected: [],
  },
  {
    title: 'gemini: default, minimum, nullable and anyOf are in its subset',
    text: gemini({
      type: 'object',
      properties: {
        n: { type: 'integer', default: 1, minimum: 0, nullable: true },
        u: { anyOf: [{ type: 'string' }] },
      },
    }),
    expected: [],
  },
  {
    title: 'gemini: parametersJsonSchema takes JSON Schema',
    text: gemini(
      { type: 'object', additionalProperties: false, properties: { t: { type: ['string', 'null'] } } },
      'parametersJsonSchema',
    ),
    expected: [],
  },
  // --- gemini-type-list -------------------------------------------------------------------------
  {
    title: 'gemini: type as a list, at the type key',
    text: gemini({ type: 'object', properties: { t: { type: ['string', 'null'] } } }),
    expected: [`"type" ${G}/properties/t/type [gemini]`],
  },
  {
    title: 'gemini: type as one string',
    text: gemini({ type: 'object', properties: { t: { type: 'string' } } }),
    expected: [],
  },
  // --- gemini-array-items / openai-array-items --------------------------------------------------
  {
    title: 'gemini: an array without items, on its type key',
    text: gemini({ type: 'object', properties: { tags: { type: 'array' } } }),
    expected: [`"type" ${G}/properties/tags/type [gemini]`],
  },
  {
    title: 'openai: an array without items, strict or not',
    text: openai({ type: 'object', properties: { tags: { type: 'array' }, ok: { type: 'array', items: {} } } }),
    expected: [`"type" ${O}/properties/tags/type [openai]`],
  },
  {
    title: 'openai: a type list holding array needs items too; the list itself is fine',
    text: openai({ type: 'object', properties: { t: { type: ['string', 'array'] } } }),
    expected: [`"type" ${O}/properties/t/type [openai]`],
  },
  {
    title: 'one finding per place, every target that refuses it listed',
    text: pretty([{ name: 'f', parameters: { type: 'object', properties: { tags: { type: 'array' } } } }]),
    options: { targets: ['openai', 'gemini', 'bedrock'] },
    expected: ['"type" /0/parameters/properties/tags/type [openai,gemini]'],
  },
  // --- openai strict ----------------------------------------------------------------------------
  {
    title: 'openai strict: an object without additionalProperties, on its type key',
    text: openai({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, true),
    expected: [`"type" ${O}/type [openai]`],
  },
  {
    title: 'openai strict: additionalProperties true, on its key; nested objects too',
    text: openai(
      {
        type: 'object',
        additionalProperties: true,
        properties: { o: { type: 'object', properties: {}, additionalProperties: false } },
        required: ['o'],
      },
      true,
    ),
    expected: [`"additionalProperties" ${O}/additionalProperties [openai]`],
  },
  {
    title: 'openai strict: a property missing from required, on its key',
    text: openai({ type: 'object', additionalProperties: false, properties: { a: {}, b: {} }, required: ['a'] }, true),
    expected: [`"b" ${O}/properties/b [openai]`],
  },
  {
    title: 'openai not strict: open objects and optional properties are fine',
    text: openai({ type: 'object', properties: { a: {}, b: {} }, required: ['a'] }, false),
    expected: [],
  },
  {
    title: 'openai strict, closed and all required',
    text: openai({ type: 'object', additionalProperties: false, properties: { a: {} }, required: ['a'] }, true),
    expected: [],
  },
  // --- anthropic-object-root --------------------------------------------------------------------
  {
    title: 'anthropic: input_schema without type, on the input_schema key',
    text: anthropic({ properties: {} }),
    expected: [`"input_schema" ${A} [anthropic]`],
  },
  {
    title: 'anthropic: a root type other than object, on its type key',
    text: anthropic({ type: 'string' }),
    expected: [`"type" ${A}/type [anthropic]`],
  },
  {
    title: 'anthropic: an object root',
    text: anthropic({ type: 'object', properties: { a: { type: 'string' } } }),
    expected: [],
  },
  {
    title: "anthropic: an MCP inputSchema is not Anthropic's field (its own SDKs judge it)",
    text: mcp({}),
    expected: [],
  },
  // --- bedrock-object-root, mistral-schema-meta, cohere (none) -----------------------------------
  {
    title: 'bedrock: a Converse inputSchema.json without type object is refused, on the json key',
    text: pretty({
      modelId: 'anthropic.claude-x',
      messages: [],
      toolConfig: { tools: [{ toolSpec: { name: 'f', inputSchema: { json: { properties: {} } } } }] },
    }),
    expected: ['"json" /toolConfig/tools/0/toolSpec/inputSchema/json [bedrock]'],
  },
  {
    title: "bedrock: the rule is Converse's field only, never an MCP inputSchema's",
    text: mcp({ properties: {} }),
    options: { targets: ['bedrock'] },
    expected: [],
  },
  {
    title: 'mistral: $schema and $id fail the compilation, anywhere',
    text: pretty([
      { name: 'f', parameters: { $schema: 'x', type: 'object', properties: { a: { $id: 'y', type: 'string' } } } },
    ]),
    options: { targets: ['mistral', 'cohere-v1'] },
    expected: ['"$schema" /0/parameters/$schema [mistral]', '"$id" /0/parameters/properties/a/$id [mistral]'],
  },
  // --- anthropic-root-combinator ----------------------------------------------------------------
  {
    title: 'anthropic: oneOf at the root, on its key',
    text: anthropic({ type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] }),
    expected: [`"oneOf" ${A}/oneOf [anthropic]`],
  },
  {
    title: 'anthropic: anyOf below the root is fine',
    text: anthropic({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } }),
    expected: [],
  },
  {
    title: 'an MCP list is judged by its targets (default: openai, anthropic, bedrock)',
    text: mcp({ type: 'object', allOf: [{ required: ['a'] }], properties: { a: { type: 'array' } } }),
    expected: [
      '"allOf" /tools/0/inputSchema/allOf [anthropic]',
      '"type" /tools/0/inputSchema/properties/a/type [openai]',
    ],
  },
  {
    title: "a request body is judged by its own provider: Gemini's keywords are not OpenAI's problem",
    text: openai({ type: 'object', additionalProperties: false, $schema: 'x', properties: {} }),
    expected: [],
  },
  // --- settings -----------------------------------------------------------------------------------
  {
    title: 'severity off drops the code',
    text: gemini({ type: 'object', additionalProperties: false }),
    options: { severity: { 'schema-rejected': 'off' } },
    expected: [],
  },
];

describe('schema-rejected: which keywords, which providers, where', () => {
  for (const c of CASES) test(c.title, () => assert.deepEqual(lines(c.text, c.options), c.expected));
});

describe('schema-rejected: the finding', () => {
  test('names the keyword and the provider, says the whole request fails, cites the rule', () => {
    const [finding] = schemaFindings(gemini({ type: 'object', additionalProperties: false }));
    assert.ok(finding);
    assert.equal(finding.severity, 'error');
    assert.equal(
      finding.message,
      'Schema keyword "additionalProperties" is rejected by gemini: the whole request fails.',
    );
    assert.match(finding.detail, /^Google Gemini \(gemini; gemini-unknown-keyword: /);
    assert.match(finding.detail, /Unknown name \\"additionalProperties\\"/);
    assert.match(finding.detail, /https:\/\/github\.com\/nanbingxyz\/5ire\/issues\/42, seen 2026-08/);
    assert.match(finding.detail, /fails every tool sent with it \(HTTP 400\)\.$/);
    assert.equal(finding.tool, 0);
    assert.equal(finding.fix, undefined, 'no fix this round');
  });

  test('every rule has a quote, a public source and a date', () => {
    for (const rules of Object.values(SCHEMA_RULES)) {
      for (const rule of rules ?? []) {
        assert.notEqual(rule.quote, '', rule.id);
        assert.ok(rule.sources.length > 0 && rule.sources.every((s) => s.startsWith('https://')), rule.id);
        assert.match(rule.seen, /^\d{4}-\d{2}$/, rule.id);
        if (rule.problem === 'unknown-keyword') assert.ok((rule.keywords ?? []).length > 0, rule.id);
      }
    }
  });

  test('a schema every rule accepts keeps nothing in the extraction', () => {
    const text = mcp({ type: 'object', properties: { a: { type: 'string' } } });
    assert.equal(analyze(text).tools[0]!.declaration.schema, undefined);
  });

  test('a tool the runtime leaves out is not sent: its schema is not judged', () => {
    // Two tools of one wire name: the second is left out.
    const text = pretty({
      model: 'claude-x',
      messages: [],
      tools: [
        { name: 'f', input_schema: { type: 'object' } },
        { name: 'f', input_schema: { type: 'object', oneOf: [] } },
      ],
    });
    const analysis = analyze(text);
    const fates = analysis.tools.map((t) => t.fate);
    const judged = schemaFindings(text).map((f) => f.tool);
    for (const tool of judged) assert.equal(fates[tool!], 'offered');
  });

  test('a YAML MCP list: the range is the keyword key token', () => {
    const text = 'tools:\n  - name: f\n    inputSchema:\n      type: object\n      anyOf:\n        - required: [a]\n';
    const [finding] = schemaFindings(text, { language: 'yaml' });
    assert.ok(finding);
    assert.equal(text.slice(finding.range.start, finding.range.end), 'anyOf');
    assert.equal(finding.pointer, '/tools/0/inputSchema/anyOf');
  });
});

describe('schema-rejected: reanalysis equals analysis', () => {
  const text = gemini({
    type: 'object',
    description: 'lists files',
    properties: { a: { type: 'array', items: { type: 'object', additionalProperties: false } } },
  });
  const cases: ReadonlyArray<readonly [string, { start: number; end: number; text: string }]> = [
    [
      'a description typed before the keyword',
      { start: text.indexOf('lists') + 1, end: text.indexOf('lists') + 1, text: 'x' },
    ],
    [
      'the keyword renamed',
      { start: text.indexOf('additionalProperties'), end: text.indexOf('additionalProperties') + 1, text: 'A' },
    ],
    ['the tool renamed', { start: text.indexOf('"f"') + 1, end: text.indexOf('"f"') + 2, text: 'g' }],
    [
      'spaces before the keyword',
      { start: text.indexOf('"additionalProperties"'), end: text.indexOf('"additionalProperties"'), text: '  ' },
    ],
  ];
  for (const [title, change] of cases) {
    test(title, () => {
      const options: AnalysisOptions = {};
      // With the census's carry, as an editor keeps it: a name edit then re-checks the one tool.
      const { analysis, carry } = analyzeWithCarry(text, options);
      const previous = { text, options, analysis, carry };
      const newText = text.slice(0, change.start) + change.text + text.slice(change.end);
      assert.deepStrictEqual(
        JSON.parse(JSON.stringify(reanalyze(previous, [change], newText).findings)),
        JSON.parse(JSON.stringify(analyze(newText, options).findings)),
      );
    });
  }
});

describe('schema-rejected: the skeleton reader finds what the full tree finds', () => {
  // The skeleton leaves parameter schemas unbuilt and the walk skips those whose text shows no
  // problem: every case's findings must be those of the full tree, compact JSON and JSONC alike.
  const fullTree = (text: string) => parseDocument(text);
  const texts = CASES.flatMap((c) => [c.text, JSON.stringify(JSON.parse(c.text))]).concat([
    // A keyword spelled with an escape, and a type list behind a comment.
    '{"contents":[],"tools":[{"functionDeclarations":[{"name":"f","parameters":{"type":"object","properties":{"a":{"\\u0024schema":"x"}}}}]}]}',
    '{"contents":[],"tools":[{"functionDeclarations":[{"name":"f","parameters":{"type":"object","properties":{"a":{"type" /* n */ : ["string","null"]}}}}]}]}',
  ]);
  texts.forEach((text, i) =>
    test(`text ${i}`, () => {
      const options = CASES[i >> 1]?.options ?? {};
      assert.deepStrictEqual(
        JSON.parse(JSON.stringify(analyze(text, options).findings)),
        JSON.parse(JSON.stringify(analyzeWithReader(text, options, fullTree).findings)),
      );
    }),
  );

  test('an escaped keyword and a commented type list are still found', () => {
    const found = texts.slice(-2).map((text) => schemaFindings(text).length);
    assert.deepEqual(found, [1, 1]);
  });
});
