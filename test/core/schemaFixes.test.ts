import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AnalysisOptions, Finding } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { proveEdits } from '../../server/src/core/fixes/proof';
import { computeFixAll } from '../../server/src/core/fixes/fixAll';
import { applyProvenFix, fixedAnalysis } from './helpers';

/**
 * Schema fixes (`fixes/schemaFix.ts`): each case is a file, the `schema-rejected` finding at a
 * pointer, and the fix it gets, as the fixed text (proven: the finding gone, no new error or
 * schema finding) and its safety, or no fix at all. JSON, JSONC, JSON Lines and YAML (block and flow).
 */

interface Case {
  readonly title: string;
  readonly text: string;
  readonly options?: AnalysisOptions;
  /** The finding's pointer. */
  readonly at: string;
  /** The fixed text and the fix's safety; absent: no fix is offered. */
  readonly fixed?: string;
  readonly safety?: 'safe' | 'unsafe';
}

const MISTRAL: AnalysisOptions = { defaultTargets: ['mistral'] };
const YAML_MISTRAL: AnalysisOptions = { ...MISTRAL, language: 'yaml' };
const YAML: AnalysisOptions = { language: 'yaml' };

/** A Gemini generateContent body (JSON, two-space layout) with one function of these parameter lines. */
function gemini(parameters: string): string {
  return `{
  "contents": [],
  "tools": [{ "functionDeclarations": [{ "name": "f", "parameters": ${parameters} }] }]
}
`;
}

/** The same as YAML: the parameters block at six spaces. */
function geminiYaml(parameters: string): string {
  return `contents: []
tools:
  - functionDeclarations:
      - name: f
        parameters:
${parameters}`;
}

const G = '/tools/0/functionDeclarations/0/parameters';

const CASES: readonly Case[] = [
  // --- $schema: removed, safe --------------------------------------------------------------------
  {
    title: 'JSON: $schema as the first key of a one-line object',
    text: gemini('{ "$schema": "https://json-schema.org/draft-07/schema", "type": "object" }'),
    at: `${G}/$schema`,
    fixed: gemini('{ "type": "object" }'),
    safety: 'safe',
  },
  {
    title: 'JSON: $schema as the last key, on its own line: its line and the comma before it go',
    text: '{\n  "tools": [\n    {\n      "name": "a",\n      "inputSchema": {\n        "type": "object",\n        "$schema": "x"\n      }\n    }\n  ]\n}\n',
    options: MISTRAL,
    at: '/tools/0/inputSchema/$schema',
    fixed:
      '{\n  "tools": [\n    {\n      "name": "a",\n      "inputSchema": {\n        "type": "object"\n      }\n    }\n  ]\n}\n',
    safety: 'safe',
  },
  {
    title: 'JSONC: the comment of the line removed goes with it, the others stay; a trailing comma stays',
    text: '{\n  // tools\n  "tools": [\n    {\n      "name": "a",\n      "inputSchema": {\n        "type": "object", // root\n        "$schema": "x", // dialect\n      },\n    },\n  ],\n}\n',
    options: MISTRAL,
    at: '/tools/0/inputSchema/$schema',
    fixed:
      '{\n  // tools\n  "tools": [\n    {\n      "name": "a",\n      "inputSchema": {\n        "type": "object", // root\n      },\n    },\n  ],\n}\n',
    safety: 'safe',
  },
  {
    title: 'JSON Lines: the second line is fixed alone',
    text: '{"name":"a","inputSchema":{"type":"object"}}\n{"name":"b","inputSchema":{"type":"object","$schema":"x"}}\n',
    options: MISTRAL,
    at: '/1/inputSchema/$schema',
    fixed: '{"name":"a","inputSchema":{"type":"object"}}\n{"name":"b","inputSchema":{"type":"object"}}\n',
    safety: 'safe',
  },
  {
    title: 'YAML block: $schema right after the sequence dash keeps the dash for the next key',
    text: 'tools:\n  - name: a\n    inputSchema:\n      type: object\n      anyOf:\n        - $schema: x\n          required: [a]\n',
    options: YAML_MISTRAL,
    at: '/tools/0/inputSchema/anyOf/0/$schema',
    fixed: 'tools:\n  - name: a\n    inputSchema:\n      type: object\n      anyOf:\n        - required: [a]\n',
    safety: 'safe',
  },
  {
    title: 'YAML block: a line of its own',
    text: 'tools:\n  - name: a\n    inputSchema:\n      $schema: x # dialect\n      type: object\n',
    options: YAML_MISTRAL,
    at: '/tools/0/inputSchema/$schema',
    fixed: 'tools:\n  - name: a\n    inputSchema:\n      type: object\n',
    safety: 'safe',
  },
  {
    title: 'YAML flow mapping: by commas',
    text: 'tools:\n  - name: a\n    inputSchema: {type: object, $schema: x}\n',
    options: YAML_MISTRAL,
    at: '/tools/0/inputSchema/$schema',
    fixed: 'tools:\n  - name: a\n    inputSchema: {type: object}\n',
    safety: 'safe',
  },
  {
    title: 'YAML: the only key of a nested schema leaves an empty mapping',
    text: 'tools:\n  - name: a\n    inputSchema:\n      type: object\n      properties:\n        p:\n          $schema: x\n',
    options: YAML_MISTRAL,
    at: '/tools/0/inputSchema/properties/p/$schema',
    fixed: 'tools:\n  - name: a\n    inputSchema:\n      type: object\n      properties:\n        p:\n          {}\n',
    safety: 'safe',
  },
  // --- other refused keywords: removed, unsafe ---------------------------------------------------
  {
    title: 'Gemini: additionalProperties removed is unsafe (the model may then send more)',
    text: gemini('{ "type": "object", "additionalProperties": false }'),
    at: `${G}/additionalProperties`,
    fixed: gemini('{ "type": "object" }'),
    safety: 'unsafe',
  },
  // --- items: only when the items type is known ---------------------------------------------------
  {
    title: 'items from enum: safe (enum already allows only such arrays)',
    text: gemini(
      '{\n    "type": "object",\n    "properties": {\n      "a": {\n        "type": "array",\n        "enum": [["x"], ["y", "z"]]\n      }\n    }\n  }',
    ),
    at: `${G}/properties/a/type`,
    fixed: gemini(
      '{\n    "type": "object",\n    "properties": {\n      "a": {\n        "type": "array",\n        "items": {"type": "string"},\n        "enum": [["x"], ["y", "z"]]\n      }\n    }\n  }',
    ),
    safety: 'safe',
  },
  {
    title: 'items from default: unsafe (a default is a hint: the fix narrows the contract)',
    text: gemini('{ "type": "object", "properties": { "a": { "type": "array", "default": [1, 2] } } }'),
    at: `${G}/properties/a/type`,
    fixed: gemini(
      '{ "type": "object", "properties": { "a": { "type": "array", "items": {"type": "integer"}, "default": [1, 2] } } }',
    ),
    safety: 'unsafe',
  },
  {
    title: 'items from examples, integers and decimals: number',
    text: gemini('{ "type": "object", "properties": { "a": { "type": "array", "examples": [[1], [2.5]] } } }'),
    at: `${G}/properties/a/type`,
    fixed: gemini(
      '{ "type": "object", "properties": { "a": { "type": "array", "items": {"type": "number"}, "examples": [[1], [2.5]] } } }',
    ),
    safety: 'unsafe',
  },
  {
    title: 'items of mixed types: no fix',
    text: gemini('{ "type": "object", "properties": { "a": { "type": "array", "default": [1, "x"] } } }'),
    at: `${G}/properties/a/type`,
  },
  {
    title: 'items of an empty default: no fix (nothing says what they are)',
    text: gemini('{ "type": "object", "properties": { "a": { "type": "array", "default": [] } } }'),
    at: `${G}/properties/a/type`,
  },
  {
    title: 'items with nothing to go by: no fix',
    text: gemini('{ "type": "object", "properties": { "a": { "type": "array" } } }'),
    at: `${G}/properties/a/type`,
  },
  {
    title: 'YAML block: items on a line of its own at the column of type',
    text: geminiYaml(
      '          type: object\n          properties:\n            a:\n              type: array\n              enum: [[x], [y]]\n',
    ),
    options: YAML,
    at: `${G}/properties/a/type`,
    fixed: geminiYaml(
      '          type: object\n          properties:\n            a:\n              type: array\n              items: {"type": "string"}\n              enum: [[x], [y]]\n',
    ),
    safety: 'safe',
  },
  // --- type lists -----------------------------------------------------------------------------------
  {
    title: 'a type list becomes anyOf, the same values: safe',
    text: gemini('{ "type": "object", "properties": { "a": { "type": ["string", "null"], "description": "d" } } }'),
    at: `${G}/properties/a/type`,
    fixed: gemini(
      '{ "type": "object", "properties": { "a": { "anyOf": [{"type": "string"}, {"type": "null"}], "description": "d" } } }',
    ),
    safety: 'safe',
  },
  {
    title: 'a list of one type becomes that type',
    text: gemini('{ "type": "object", "properties": { "a": { "type": ["string"] } } }'),
    at: `${G}/properties/a/type`,
    fixed: gemini('{ "type": "object", "properties": { "a": { "type": "string" } } }'),
    safety: 'safe',
  },
  {
    title: 'beside an anyOf already there: the first type alone, unsafe',
    text: gemini(
      '{ "type": "object", "properties": { "a": { "type": ["integer", "string"], "anyOf": [{ "minimum": 1 }, { "minLength": 1 }] } } }',
    ),
    at: `${G}/properties/a/type`,
    fixed: gemini(
      '{ "type": "object", "properties": { "a": { "type": "integer", "anyOf": [{ "minimum": 1 }, { "minLength": 1 }] } } }',
    ),
    safety: 'unsafe',
  },
  {
    title: 'YAML: a block list of types becomes a flow anyOf',
    text: geminiYaml(
      '          type: object\n          properties:\n            a:\n              type:\n                - string\n                - integer\n',
    ),
    options: YAML,
    at: `${G}/properties/a/type`,
    fixed: geminiYaml(
      '          type: object\n          properties:\n            a:\n              anyOf: [{"type": "string"}, {"type": "integer"}]\n',
    ),
    safety: 'safe',
  },
  // --- OpenAI strict --------------------------------------------------------------------------------
  {
    title: 'strict: the object closed and every property required, unsafe',
    text: '{\n  "model": "m",\n  "messages": [],\n  "tools": [{ "type": "function", "function": { "name": "f", "strict": true, "parameters": {\n    "type": "object",\n    "properties": { "a": { "type": "string" }, "b": { "type": "number" } },\n    "required": ["a"]\n  } } }]\n}\n',
    at: '/tools/0/function/parameters/properties/b',
    fixed:
      '{\n  "model": "m",\n  "messages": [],\n  "tools": [{ "type": "function", "function": { "name": "f", "strict": true, "parameters": {\n    "type": "object",\n    "properties": { "a": { "type": "string" }, "b": { "type": "number" } },\n    "required": ["a", "b"],\n    "additionalProperties": false\n  } } }]\n}\n',
    safety: 'unsafe',
  },
  {
    title: 'strict in YAML: additionalProperties true becomes false, required is added',
    text: 'model: m\nmessages: []\ntools:\n  - type: function\n    function:\n      name: f\n      strict: true\n      parameters:\n        type: object\n        additionalProperties: true\n        properties:\n          a:\n            type: string\n',
    options: YAML,
    at: '/tools/0/function/parameters/additionalProperties',
    fixed:
      'model: m\nmessages: []\ntools:\n  - type: function\n    function:\n      name: f\n      strict: true\n      parameters:\n        type: object\n        additionalProperties: false\n        properties:\n          a:\n            type: string\n        required: ["a"]\n',
    safety: 'unsafe',
  },
];

function findingAt(text: string, options: AnalysisOptions, pointer: string): Finding {
  const found = fixedAnalysis(text, options).findings.filter(
    (f) => f.code === 'schema-rejected' && f.pointer === pointer,
  );
  assert.equal(
    found.length,
    1,
    `one schema-rejected at ${pointer}: ${analyze(text, options)
      .findings.map((f) => `${f.code} ${f.pointer}`)
      .join('; ')}`,
  );
  return found[0]!;
}

describe('schema fixes, proven by re-analysis', () => {
  for (const c of CASES) {
    test(c.title, () => {
      const options = c.options ?? {};
      const finding = findingAt(c.text, options, c.at);
      if (c.fixed === undefined) {
        assert.equal(finding.fix, undefined, `expected no fix, got ${finding.fix?.title}`);
        return;
      }
      assert.equal(finding.fix?.safety, c.safety);
      // An unsafe fix says so in its title, so a quick-fix menu shows it.
      assert.equal(
        /\((?:changes|narrows|the model)/.test(finding.fix!.title),
        c.safety === 'unsafe',
        finding.fix!.title,
      );
      assert.equal(applyProvenFix(c.text, options, finding), c.fixed);
    });
  }

  test('the analysis holds the intent, never the fix: fixes are built where they are used', () => {
    const text = gemini('{ "$schema": "x", "type": "object" }');
    const [finding] = analyze(text).findings.filter((f) => f.code === 'schema-rejected');
    assert.deepEqual(finding!.schemaFix, { problem: 'unknown-keyword', keyword: '$schema' });
    assert.equal(finding!.fix, undefined);
  });

  test('a root that is no object asks for no fix', () => {
    const text = '{"model":"m","messages":[],"tools":[{"name":"f","input_schema":{"type":"string"}}]}';
    const [finding] = analyze(text).findings.filter((f) => f.code === 'schema-rejected');
    assert.ok(finding);
    assert.equal(finding.schemaFix, undefined);
  });

  test('an array without items says in its detail when a fix is offered', () => {
    const text = gemini('{ "type": "object", "properties": { "a": { "type": "array" } } }');
    const [finding] = analyze(text).findings.filter((f) => f.code === 'schema-rejected');
    assert.match(finding!.detail, /A fix adds "items" only when the items type is known/);
  });

  test('the proof refuses an edit that brings a new schema finding, a warning too', () => {
    // Codex CLI drops `pattern`: writing one makes a new schema-altered warning, no new error.
    const text = '{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"p":{"type":"string"}}}}]}';
    const options: AnalysisOptions = { clients: { enabled: ['codex'], server: 's' } };
    const at = text.indexOf('"type":"string"');
    const edit = { range: { start: at, end: at }, oldText: '', newText: '"pattern":"x",' };
    const proof = proveEdits(text, options, analyze(text, options), [edit], []);
    assert.equal(proof.kind, 'refused');
    assert.match(proof.kind === 'refused' ? proof.reason : '', /new schema finding: Schema keyword "pattern"/);
  });

  test('a fix that brings a new schema error is refused: anyOf at the root, which Anthropic refuses', () => {
    // The type list rewritten as anyOf would clear Gemini's refusal and bring Anthropic's.
    const text = gemini('{ "type": ["object", "null"], "properties": {} }');
    const options: AnalysisOptions = { targets: ['gemini', 'anthropic'] };
    const finding = fixedAnalysis(text, options).findings.find(
      (f) => f.code === 'schema-rejected' && f.pointer === `${G}/type` && f.fix?.kind === 'rewrite-type-list',
    );
    assert.ok(finding?.fix);
    const result = computeFixAll(text, options);
    assert.notEqual(result.kind, 'edits', 'fix-all must not apply it');
  });
});

describe('schema fixes in fix-all', () => {
  const text = gemini(
    '{ "$schema": "x", "type": "object", "properties": { "a": { "type": ["string", "null"] }, "b": { "type": "array", "default": ["x"] }, "c": { "type": "object", "additionalProperties": false } } }',
  );

  test('without unsafe: the safe ones only ($schema, the type list), the unsafe ones counted', () => {
    const result = computeFixAll(text, {});
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.equal(result.fixed, 2);
    assert.equal(result.schemaFixed, 2);
    assert.equal(result.unsafeLeft, 2);
    assert.deepEqual(result.unsafe, []);
    assert.equal(
      result.text,
      gemini(
        '{ "type": "object", "properties": { "a": { "anyOf": [{"type": "string"}, {"type": "null"}] }, "b": { "type": "array", "default": ["x"] }, "c": { "type": "object", "additionalProperties": false } } }',
      ),
    );
  });

  test('with unsafe: every one, the unsafe ones reported', () => {
    const result = computeFixAll(text, {}, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.equal(result.fixed, 4);
    assert.deepEqual(result.unsafe.map((u) => u.kind).sort(), ['add-items', 'remove-keyword']);
    assert.deepEqual(
      analyze(result.text).findings.filter((f) => f.code === 'schema-rejected'),
      [],
    );
  });

  test('two adjacent keys removed (their edits share a comma) are fixed in one fix-all, by a second pass', () => {
    const adjacent = gemini('{\n    "type": "object",\n    "$schema": "x",\n    "additionalProperties": false\n  }');
    const result = computeFixAll(adjacent, {}, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.equal(result.fixed, 2);
    assert.equal(result.text, gemini('{\n    "type": "object"\n  }'));
    assert.deepEqual(
      analyze(result.text).findings.filter((f) => f.code === 'schema-rejected'),
      [],
    );
  });

  test('strict: one fix per object clears its open-object and optional-property findings together', () => {
    const strict =
      '{"model":"m","messages":[],"tools":[{"type":"function","function":{"name":"f","strict":true,"parameters":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"object","properties":{"c":{"type":"number"}}}}}}}]}';
    assert.equal(computeFixAll(strict, {}).kind, 'nothing');
    const result = computeFixAll(strict, {}, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.equal(result.fixed, 2);
    assert.deepEqual(
      analyze(result.text).findings.filter((f) => f.code === 'schema-rejected'),
      [],
    );
  });
});
