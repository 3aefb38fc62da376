import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  computeFixAll,
  LineIndex,
  planRename,
  proveEdits,
  unrecognisedToolShape,
  type AnalysisOptions,
} from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { reanalyze } from '../../server/src/core/incremental/reanalyze';
import { applyEdits, findingLines, fixedAnalysis } from './helpers';

const YAML: AnalysisOptions = { language: 'yaml' };

/** Each finding as `code line:column message`, positions 1-based, so JSON and YAML compare. */
function located(text: string, options?: AnalysisOptions): string[] {
  const lines = new LineIndex(text);
  return analyze(text, options).findings.map((f) => {
    const p = lines.position(f.range.start);
    return `${f.code} ${p.line + 1}:${p.character + 1} ${f.message}`;
  });
}

/** The same MCP tools/list result, in JSON and in YAML, each tool name on the same line. */
const JSON_LIST = `{"tools": [
  {"name": "search docs", "inputSchema": {"type": "object"}},
  {"name": "get_user", "inputSchema": {"type": "object"}},
  {"name": "get.user", "inputSchema": {"type": "object"}},
  {"name": "ok_tool", "inputSchema": {"type": "object", "properties": {"bad key": {"type": "string"}}}}
]}
`;
const YAML_LIST = `tools:
  - {name: search docs, inputSchema: {type: object}}
  - {name: 'get_user', inputSchema: {type: object}}
  - {name: "get.user", inputSchema: {type: object}}
  - {name: ok_tool, inputSchema: {type: object, properties: {bad key: {type: string}}}}
`;

describe('YAML documents', () => {
  test('a YAML copy of an MCP tool list gives the JSON findings, on the same lines', () => {
    const json = analyze(JSON_LIST).findings.map((f) => `${f.code} ${f.message}`);
    const yaml = analyze(YAML_LIST, YAML).findings.map((f) => `${f.code} ${f.message}`);
    assert.ok(json.length >= 3, json.join('\n'));
    assert.deepEqual(yaml, json);
    const lineOf = (entries: string[]) => entries.map((e) => e.split(' ').slice(0, 2).join(' ').replace(/:\d+$/, ''));
    assert.deepEqual(lineOf(located(YAML_LIST, YAML)), lineOf(located(JSON_LIST)));
  });

  test('ranges cover the whole scalar token, quotes included, in block style', () => {
    const text = [
      'tools:',
      '  - name: search docs',
      '    inputSchema:',
      '      type: object',
      "  - name: 'get.user'",
      '    inputSchema: {}',
      '  - name: "get:user"',
      '    inputSchema: {}',
      '  - name: get_user',
      '    inputSchema: {}',
      '',
    ].join('\n');
    // The plain get_user keeps the name (no finding); the quoted ones are left out.
    assert.deepEqual(
      findingLines(text, YAML).filter((l) => !l.startsWith('hint')),
      [
        'warning invalid-name search docs',
        "error wire-collision 'get.user'",
        'error wire-collision+invalid-name "get:user"',
      ],
    );
    const lines = located(text, YAML);
    assert.ok(
      lines.some((l) => l.startsWith('invalid-name 2:11 ')),
      lines.join('\n'),
    );
  });

  test('a JSON document read as YAML (JSON is YAML 1.2) gives the same findings', () => {
    assert.deepEqual(located(JSON_LIST, YAML), located(JSON_LIST));
  });

  test('a rename keeps the quoting style: plain stays plain, single and double stay quoted', () => {
    const fixOf = (text: string) =>
      fixedAnalysis(text, YAML).findings.find((f) => f.code === 'invalid-name')?.fix?.edits[0]?.newText;
    assert.equal(fixOf('tools:\n  - name: search docs\n    inputSchema: {}\n'), 'search_docs');
    assert.equal(fixOf("tools:\n  - name: 'search docs'\n    inputSchema: {}\n"), "'search_docs'");
    assert.equal(fixOf('tools:\n  - name: "search docs"\n    inputSchema: {}\n'), '"search_docs"');
  });

  test('F2 rename: a plain name that would not read back as a string is double-quoted', () => {
    const text = 'tools:\n  - name: alpha\n    inputSchema: {}\n';
    const at = text.indexOf('alpha');
    const plain = planRename(text, YAML, at, 'beta.gamma');
    assert.equal(plain.kind, 'edits');
    assert.equal(
      applyEdits(text, plain.kind === 'edits' ? plain.edits : []),
      'tools:\n  - name: beta.gamma\n    inputSchema: {}\n',
    );
    const quoted = planRename(text, YAML, at, 'true');
    assert.equal(
      applyEdits(text, quoted.kind === 'edits' ? quoted.edits : []),
      'tools:\n  - name: "true"\n    inputSchema: {}\n',
    );
    const single = planRename("tools:\n  - name: 'alpha'\n    inputSchema: {}\n", YAML, at, "it's");
    assert.equal(single.kind === 'edits' ? single.edits[0]!.newText : single.reason, "'it''s'");
  });

  test('fix-all on a block-style YAML file is proven and leaves no error', () => {
    const text = [
      'tools:',
      '  - name: search docs # the search tool',
      '    inputSchema:',
      '      type: object',
      '  - name: get/user',
      '    inputSchema: {}',
      '',
    ].join('\n');
    const result = computeFixAll(text, YAML, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits', JSON.stringify(result));
    if (result.kind !== 'edits') return;
    assert.equal(
      result.text,
      [
        'tools:',
        '  - name: search_docs # the search tool',
        '    inputSchema:',
        '      type: object',
        '  - name: get_user',
        '    inputSchema: {}',
        '',
      ].join('\n'),
    );
    assert.deepEqual(
      analyze(result.text, YAML).findings.filter((f) => f.severity === 'error'),
      [],
    );
  });

  test('an OpenAI request body in YAML, with a reference in tool_choice renamed too', () => {
    const text = [
      'model: gpt-4o',
      'tools:',
      '  - type: function',
      '    function:',
      '      name: get weather',
      '      parameters: {type: object}',
      'tool_choice:',
      '  type: function',
      '  function: {name: get weather}',
      '',
    ].join('\n');
    const analysis = fixedAnalysis(text, YAML);
    assert.equal(analysis.format, 'openai-chat');
    const fix = analysis.findings.find((f) => f.code === 'invalid-name')?.fix;
    assert.ok(fix);
    assert.equal(applyEdits(text, fix.edits), text.replace(/get weather/g, 'get_weather'));
  });

  test('a stream of documents maps like JSON Lines: one request per document', () => {
    const text = 'tools:\n  - name: a b\n    inputSchema: {}\n---\ntools:\n  - name: c d\n    inputSchema: {}\n';
    const analysis = analyze(text, YAML);
    assert.equal(analysis.documentKind, 'yaml');
    assert.equal(analysis.requests.length, 2);
    assert.deepEqual(
      analysis.findings.filter((f) => f.code === 'invalid-name').map((f) => f.pointer),
      ['/0/tools/0/name', '/1/tools/0/name'],
    );
  });

  test('anchors and aliases: a scalar alias reads as its value, a collection alias does not crash', () => {
    const text =
      'defs:\n  schema: &s {type: object}\n  n: &n bad name\ntools:\n  - name: *n\n    inputSchema: *s\n  - name: other\n    inputSchema: &loop [*loop]\n';
    const analysis = analyze(text, YAML);
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['bad name', 'other'],
    );
    const bad = analysis.findings.find((f) => f.code === 'invalid-name');
    assert.equal(bad && text.slice(bad.range.start, bad.range.end), '*n');
  });

  test('a YAML file holding no tools yields nothing', () => {
    const workflow =
      'name: CI\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n';
    const analysis = analyze(workflow, YAML);
    assert.deepEqual(analysis.findings, []);
    assert.deepEqual(analysis.tools, []);
    assert.deepEqual(analysis.syntaxProblems, []);
    for (const empty of ['', '# only a comment\n', '---\n', '~']) {
      const nothing = analyze(empty, YAML);
      assert.deepEqual(
        [nothing.format, nothing.findings, nothing.syntaxProblems],
        [null, [], []],
        JSON.stringify(empty),
      );
    }
  });

  test('malformed YAML never throws, and says where it breaks', () => {
    for (const text of [
      'tools: [',
      'a: b: c',
      '- x\ny: 1',
      '{',
      '"unterminated',
      'tools:\n\t- name: x',
      ':',
      '? [a]\n: b',
      '*undefined',
      '%YAML 9.9\n---\n',
      '['.repeat(5000),
      `${'- '.repeat(3000)}x`,
    ]) {
      const analysis = analyze(text, YAML);
      assert.ok(Array.isArray(analysis.findings));
      if (text === 'tools: [') assert.ok(analysis.syntaxProblems.length > 0);
    }
  });

  test('deep nesting up to the flow limit is converted without recursion', () => {
    // Deeper flow nesting is reported unread (yaml's own recursion aborts the process there).
    const depth = 499;
    const text = `tools:\n  - name: a b\n    inputSchema: {x: ${'['.repeat(depth)}${']'.repeat(depth)}}\n`;
    assert.equal(analyze(text, YAML).tools[0]?.name, 'a b');
  });

  test('ADS: Add invocationName goes on its own line at the key column, quoted like the name', () => {
    const text = [
      'specVersion: 0.3.0',
      'id: https://example.com',
      'name: Example',
      'provider: {name: Example, url: https://example.com}',
      'capabilities:',
      `  - name: com.example.${'segment'.repeat(8)}.get # first`,
      '    version: 1.0.0',
      '    endpoint: {transport: https, address: https://example.com/x}',
      '',
    ].join('\n');
    const analysis = fixedAnalysis(text, YAML);
    assert.equal(analysis.format, 'ads-manifest');
    const fix = analysis.findings.map((f) => f.fix).find((f) => f?.kind === 'add-invocation-name');
    assert.ok(fix, findingLines(text, YAML).join('\n'));
    const after = applyEdits(text, fix.edits);
    assert.match(after, /- name: com\.example\.\w+\.get # first\n {4}invocationName: [a-z-]+\n {4}version/);
    assert.equal(proveEdits(text, YAML, analysis, fix.edits, []).kind, 'proven');
  });

  test('the proof refuses an edit that repeats a key in a YAML mapping', () => {
    const text = 'tools:\n  - name: ok\n    title: t\n    inputSchema: {}\n';
    const before = analyze(text, YAML);
    const at = text.indexOf('title');
    const proof = proveEdits(
      text,
      YAML,
      before,
      [{ range: { start: at, end: at + 5 }, oldText: 'title', newText: 'name' }],
      [],
    );
    assert.equal(proof.kind, 'refused');
    assert.match(proof.kind === 'refused' ? proof.reason : '', /repeat the key "name"/);
  });

  test("--verbose's shape hint reads YAML keys, plain or quoted", () => {
    const text =
      'toolbox:\n  functions_list:\n    - name: a\n      schema: {}\n    - "name": b\n      \'schema\': {}\n';
    assert.equal(analyze(text, YAML).format, null);
    assert.equal(
      unrecognisedToolShape(text, 'yaml'),
      'an array of 2 objects with "name" and "schema" at "/toolbox/functions_list"',
    );
    assert.equal(unrecognisedToolShape('name: CI\njobs: {}\n', 'yaml'), undefined);
  });

  test('mutated YAML tool files (seeded): no throw, ranges inside the text, every fix applies', () => {
    const base = [
      'model: gpt-4o',
      'tools:',
      '  - type: function',
      '    function:',
      "      name: 'get weather'",
      '      parameters: {type: object, properties: {"a b": {type: string}}}',
      '  - type: function',
      '    function: {name: get.weather, parameters: {}}',
      'tool_choice: {type: function, function: {name: "get weather"}}',
      '',
    ].join('\n');
    const pieces = [
      '\n',
      ' ',
      '  ',
      '- ',
      ': ',
      '"',
      "'",
      '{',
      '}',
      '[',
      ']',
      ',',
      '#',
      '&a ',
      '*a',
      '---\n',
      '? ',
      '|\n',
      '\t',
      'name: x y',
      '\u00e9',
      '\ud83d\ude00',
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let round = 0; round < 400; round++) {
      let text = base;
      for (let k = 0; k <= random(4); k++) {
        const at = random(text.length + 1);
        text =
          random(3) === 0
            ? text.slice(0, at) + text.slice(at + 1 + random(8))
            : text.slice(0, at) + pieces[random(pieces.length)]! + text.slice(at);
      }
      const analysis = analyze(text, YAML);
      for (const f of analysis.findings) {
        assert.ok(f.range.start >= 0 && f.range.end <= text.length && f.range.start <= f.range.end, text);
        for (const edit of f.fix?.edits ?? [])
          assert.equal(text.slice(edit.range.start, edit.range.end), edit.oldText, text);
      }
      const all = computeFixAll(text, YAML, analysis, { unsafe: true });
      if (all.kind === 'edits') assert.equal(analyze(all.text, YAML).format, analysis.format, text);
    }
  });
});

// Deep flow nesting aborted the process inside `yaml` once its regexps were hot: it must be
// reported and left unread, on a fresh analysis and on every edit.
test('YAML nested deeper than the flow limit is reported, not parsed, fresh and edited', () => {
  const options = { language: 'yaml' } as const;
  for (const unit of ['[', '{a: ']) {
    for (const depth of [2000, 100_000]) {
      const text = unit.repeat(depth);
      const fresh = analyze(text, options);
      assert.ok(fresh.syntaxProblems.some((p) => /nested deeper/.test(p.message)));
      assert.equal(fresh.tools.length, 0);
    }
    let text = unit.repeat(1990);
    let previous = { text, analysis: analyze(text, options), options };
    for (let step = 0; step < 300; step++) {
      const next = text + unit;
      const analysis = reanalyze(previous, [{ start: text.length, end: text.length, text: unit }], next);
      text = next;
      previous = { text, analysis, options };
    }
    assert.ok(previous.analysis.syntaxProblems.some((p) => /nested deeper/.test(p.message)));
  }
});

describe('a tool with no name in a block mapping', () => {
  test('is anchored on its first key, never on half a surrogate pair', () => {
    const text =
      'tools:\n  - name: a\n    inputSchema: {type: object}\n  - \u{F8A96}x: 1\n    inputSchema: {type: object}\n';
    const missing = analyze(text, { language: 'yaml' }).findings.find((f) => f.code === 'missing-name');
    assert.ok(missing, 'the nameless tool is found');
    assert.equal(text.slice(missing.range.start, missing.range.end), '\u{F8A96}x');
  });
});
