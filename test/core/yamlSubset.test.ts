import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { ALL_CLIENT_IDS, type AnalysisOptions } from '../../server/src/core';
import { analyze, analyzeWithReader } from '../../server/src/core/analyze';
import { isReadKey } from '../../server/src/core/formats/readKeys';
import { parseDocument, type ParsedDocument } from '../../server/src/core/json/parse';
import type { SourceLanguage } from '../../server/src/core/source';
import { NESTING_LIMIT, parseYaml, parseYamlFully } from '../../server/src/core/yaml/parse';
import { readYamlSubset } from '../../server/src/core/yaml/subset';
import { generate } from '../../bench/generate';
import { CORPUS, jsonTextsUnder, REALWORLD } from './corpusFiles';
import { adsManifest, comparable, mcpList, openaiChat } from './helpers';
import { plainDocument } from './treeData';

/**
 * The subset reader (yaml/subset.ts) against its oracle, `yaml`'s full composition as toolwire
 * read YAML before it: the same tree, node for node (offsets, lengths, values), with or without
 * the subtrees no recogniser reads left unbuilt (`yaml/lazy.ts`), the same syntax problems, and the same analysis (tools, names, ranges, findings, fixes), on the shared corpus
 * converted to YAML, hand-written YAML of every construct the subset reads, and seeded mutations.
 */
const YAML: AnalysisOptions = { language: 'yaml' };
const ALL_CLIENTS: AnalysisOptions = { language: 'yaml', clients: { enabled: ALL_CLIENT_IDS, server: 'a-server' } };

function fullReader(text: string, language?: SourceLanguage): ParsedDocument {
  return language === 'yaml' ? parseYamlFully(text) : parseDocument(text);
}

/** Whether the subset reader read the text itself (rather than stepping aside for `yaml`). */
function readBySubset(text: string): boolean {
  const reading = readYamlSubset(text, 500);
  return reading !== undefined && 'node' in reading;
}

function assertSame(text: string, options: AnalysisOptions = YAML): void {
  const label = JSON.stringify(text.slice(0, 300));
  const full = plainDocument(parseYamlFully(text));
  assert.deepEqual(plainDocument(parseYaml(text)), full, `tree differs for ${label}`);
  // With the skeleton's keys, the stand-ins build (plainDocument reads them) into the same nodes.
  assert.deepEqual(plainDocument(parseYaml(text, isReadKey)), full, `skeleton tree differs for ${label}`);
  assert.deepEqual(
    comparable(analyze(text, options)),
    comparable(analyzeWithReader(text, options, fullReader)),
    `analysis differs for ${label}`,
  );
}

/** A JSON value as YAML, in the styles `yaml` writes: block, flow, and each without line folding. */
function yamlStyles(value: unknown): string[] {
  return [
    stringify(value),
    stringify(value, { collectionStyle: 'flow' }),
    stringify(value, { lineWidth: 0 }),
    stringify(value, { collectionStyle: 'flow', lineWidth: 0 }),
  ];
}

/** The text with Windows line ends. */
function crlf(text: string): string {
  return text.replace(/\n/g, '\r\n');
}

/** YAML as people write it: every construct the subset reads, with comments where they may be. */
const HAND_WRITTEN: readonly string[] = [
  [
    '# tools of the docs server',
    'tools:',
    '  - name: search docs # the search tool',
    '    description: >-',
    '      Searches the docs',
    '      and returns pages.',
    '',
    '      Second paragraph.',
    '    inputSchema:',
    '      type: object',
    '      properties:',
    '        query: {type: string, description: "what to find"}',
    "        'limit': {type: integer, minimum: 1, maximum: 1e3}",
    '      required: [query]',
    '  # between tools',
    '  - name: "get.user"',
    '    description: |',
    '      Gets a user.',
    '        Indented line.',
    '',
    '    inputSchema: {}',
    '  -',
    '  - name: get_user',
    '    inputSchema:',
    '    annotations: {readOnlyHint: true, title: ~, x: null, y: .inf, z: -.5, o: 0o17, h: 0x1F}',
    '      # trailing, indented',
    '# at the end',
    '',
  ].join('\n'),
  'tools:\n- name: a.b\n  inputSchema: {type: object}\n- name: a_b\n  description: plain text that\n    goes on\n\n    over lines\n',
  'model: gpt-4o\ntools:\n  - type: function\n    function:\n      name: "a\\u0041b"\n      parameters: {type: object, properties: {"bad key": {}}}\ntool_choice: {type: function, function: {name: "a\\u0041b"}}\n',
  '{"tools": [{"name": "a.b", "inputSchema": {"type": "object"}}, {"name": "a_b", "inputSchema": {}}]}\n',
  "tools: [\n  {name: a.b, inputSchema: {}},   # one\n# in the parent's column\n  {name: c, inputSchema: {type: object,},},\n]\n",
  'tools:\n  - name: a\n    inputSchema: {\n      type: object\n    }\n',
  '  tools:\n    - name: indented.root\n      inputSchema: {}\n',
  'tools:\n  - - nested\n    - seq\n  - name: x\n    inputSchema: {a: , b: [], c: {}}\n',
  "tools:\n  - name: 'it''s'\n    inputSchema: {type: object}\n    extra: 'true'\n    n: \"12\"\n    t: True\n",
  'tools:\n  - name: x\n    description: |-\n      keep\n\n      lines\n    inputSchema: {}\n',
  'tools:\n  - name: "a.b\\x41\\e"\n    description: "a long line\n      folded  \n\n      over \\\n      lines"\n    title: \'it\'\'s\n      two\'\n    inputSchema: {x: "in\n      flow"}\n',
  'functionDeclarations:\n  - name: a-b\n    parameters:\n      type: OBJECT\n      properties:\n        q:\n          type: STRING\n',
];

/**
 * Schema keywords some provider refuses, inside `properties` (which the skeleton leaves unbuilt
 * unless its text may hold one): a block list under `type`, `const` in a flow mapping.
 */
const SCHEMA_PROBLEMS =
  'tools:\n  - name: s\n    inputSchema:\n      type: object\n      properties:\n        q:\n          type:\n            - string\n            - "null"\n        r: {const: 1}\n        s: {type: array}\n';

/** What the subset leaves to `yaml`, each for its own reason; `yaml`'s reading (errors included) is kept. */
const STEPPED_ASIDE: readonly string[] = [
  'tools:\n  - &t {name: a.b}\n  - *t\n',
  'tools: !!seq\n  - name: a\n',
  '---\ntools: []\n',
  'tools: []\n---\ntools: []\n',
  '%YAML 1.2\n---\ntools: []\n',
  'tools:\n\t- name: x\n',
  'tools:\r  - name: x\r',
  'tools:\n  - name: x\r\n    inputSchema: {}\r',
  'tools:\n  - name: a\n    name: b\n',
  'tools:\n  - {name: a, name: b}\n',
  'a: b: c\n',
  '? [a]\n: b\n',
  '<<: {a: 1}\ntools: []\n',
  '1: one\ntools: []\n',
  'tools:\n  - "na\n    me": a\n',
  'tools:\n  - name: "\\q"\n',
  'tools:\n  - name: "a\n  b"\n',
  'tools:\n  - name: x\n   bad: indent\n',
  'tools: [a,, b]\n',
  'tools: [\n{name: x}]\n',
  'a:\n  tools: [\n    {name: x}\n]\n',
  'tools: [\n  [1,\n], 2]\n',
  'plain root scalar\n',
  '',
  '# only a comment\n',
  'tools:\n  - description: |+\n      kept\n\n    name: x\n',
  'tools:\n  - description: |2\n      x\n    name: x\n',
];

describe('YAML subset reader: identical to yaml (the oracle)', () => {
  test('hand-written YAML of every construct it reads: read by the subset, same tree and analysis', () => {
    for (const text of [...HAND_WRITTEN, ...HAND_WRITTEN.map(crlf)]) {
      assert.ok(readBySubset(text), `the subset reads ${JSON.stringify(text)}`);
      assertSame(text);
      assertSame(text, ALL_CLIENTS);
    }
  });

  test('schema problems inside subtrees the skeleton leaves unbuilt are still found', () => {
    assert.ok(readBySubset(SCHEMA_PROBLEMS));
    assertSame(SCHEMA_PROBLEMS);
    const codes = analyze(SCHEMA_PROBLEMS, YAML).findings.map((f) => f.code);
    assert.ok(codes.includes('schema-rejected'), codes.join());
  });

  test('what it does not read goes to yaml, with the same problems', () => {
    for (const text of STEPPED_ASIDE) {
      assert.equal(readBySubset(text), false, `the subset steps aside for ${JSON.stringify(text)}`);
      assertSame(text);
    }
    // A duplicate key is still yaml's error, at yaml's offset.
    const duplicate = 'tools:\n  - name: a\n    name: b\n';
    assert.ok(STEPPED_ASIDE.includes(duplicate));
    assert.ok(parseYaml(duplicate).problems.some((p) => p.code === 'DUPLICATE_KEY'));
  });

  test('generated tool files as YAML, every style: the subset reads them, identically', () => {
    const texts = [
      ...(['mcp-tools-list', 'openai-chat', 'ads-manifest'] as const).flatMap((shape) =>
        yamlStyles(JSON.parse(generate(shape, 40))),
      ),
      ...[mcpList('get.user', 'get_user', 'x'.repeat(70), 42, ''), openaiChat(['a.b', 'a_b', 'c'])].flatMap((json) =>
        yamlStyles(JSON.parse(json)),
      ),
      ...yamlStyles(JSON.parse(adsManifest([{ name: 'a.b' }, { name: 'a b' }]))),
    ];
    for (const text of texts) {
      assertSame(text);
      assertSame(crlf(text));
    }
    // Block style without folding is what tool files mostly look like: all of it is the subset's.
    const block = texts.filter((_, i) => i % 4 === 2);
    assert.deepEqual(
      block.filter((text) => !readBySubset(text)).map((text) => text.slice(0, 80)),
      [],
    );
  });

  test('every JSON file of the shared corpus and real-world files (under 300 kB), as block (LF and CRLF) and flow YAML', {
    skip: existsSync(CORPUS) || existsSync(REALWORLD) ? false : 'the shared corpus (../shared) is absent',
  }, () => {
    let read = 0;
    let total = 0;
    for (const json of [...jsonTextsUnder(CORPUS, 300_000), ...jsonTextsUnder(REALWORLD, 300_000)]) {
      let value: unknown;
      try {
        value = JSON.parse(json);
      } catch {
        continue; // JSON Lines and JSONC files: not one JSON value
      }
      // Block (also with CRLF) and flow here, all four styles for the generated files above: `yaml` is slow on large ones.
      const block = stringify(value);
      for (const text of [block, crlf(block), stringify(value, { collectionStyle: 'flow', lineWidth: 0 })]) {
        total += 1;
        if (readBySubset(text)) read += 1;
        assertSame(text);
      }
    }
    // The comparison means something only where the subset reads: most of the corpus.
    assert.ok(read >= total * 0.6, `the subset read ${read} of ${total}`);
  });

  test('nesting past the limit, block or flow, is reported at the collection that goes over', () => {
    for (const text of [`${'- '.repeat(3000)}x\n`, `a: ${'- '.repeat(600)}x\n`.replace('a: ', 'a:\n  ')]) {
      const parsed = parseYaml(text);
      assert.deepEqual(parsed.values, []);
      assert.equal(parsed.problems[0]?.code, NESTING_LIMIT);
      assert.ok(/nested deeper than 500/.test(parsed.problems[0]!.message));
    }
    // Up to the limit it is read (a flow collection 499 deep inside block levels, as yaml read it).
    const deep = `tools:\n  - name: a b\n    inputSchema: {x: ${'['.repeat(499)}${']'.repeat(499)}}\n`;
    assert.ok(readBySubset(deep));
    assertSame(deep);
  });

  test('seeded mutations of YAML tool files: the same tree, problems and analysis', () => {
    const seeds = [
      ...HAND_WRITTEN,
      ...HAND_WRITTEN.slice(0, 3).map(crlf),
      ...yamlStyles(JSON.parse(generate('mcp-tools-list', 3))),
      ...yamlStyles(JSON.parse(generate('openai-chat', 3))),
    ];
    // Characters that change YAML's structure most, and a few that change nothing.
    const edit = fc.oneof(
      fc.record({ at: fc.nat(), remove: fc.integer({ min: 0, max: 3 }), insert: fc.constant('') }),
      fc.record({
        at: fc.nat(),
        remove: fc.integer({ min: 0, max: 2 }),
        insert: fc.constantFrom(
          ' ',
          '  ',
          '\n',
          '-',
          '- ',
          ':',
          ': ',
          '#',
          ' #',
          ',',
          '[',
          ']',
          '{',
          '}',
          '"',
          "'",
          '\\',
          '|',
          '>',
          '&a',
          '*a',
          '!',
          '?',
          '%',
          '~',
          '1',
          'x',
          '\t',
          '\r',
          '\r\n',
          '\u{1F600}',
          'name: ',
          '\n  ',
        ),
      }),
    );
    fc.assert(
      fc.property(fc.nat({ max: seeds.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 }), (seed, edits) => {
        const text = edits.reduce((t, e) => {
          const at = e.at % (t.length + 1);
          return t.slice(0, at) + e.insert + t.slice(at + e.remove);
        }, seeds[seed]!);
        assertSame(text);
      }),
      { seed: 20261203, numRuns: 700 },
    );
  });
});
