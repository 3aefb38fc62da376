import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import {
  computeFixAll,
  FINDING_CODES,
  proveEdits,
  proveSuppressComment,
  suppressionRemover,
  judgeEntry,
  parseConfig,
  staleIgnoreEntries,
  suppressTarget,
  type AnalysisOptions,
  type SourceLanguage,
} from '../../server/src/core';
import { COMMENT_SYNTAX } from '../../server/src/core/suppress/syntax';
import { optionsForFile } from '../../server/src/core/config/resolve';
import { commentSuppressor, suppressCommentEdit } from '../../server/src/core/suppress/quickFix';
import { applyEdits, fixedAnalysis } from './helpers';

/**
 * Suppressions: text in, findings out, as `severity code <covered text>` lines (hints
 * left out). Each case's text is written as a user would write it, one tool per line.
 */
interface Case {
  readonly title: string;
  readonly text: string;
  readonly language?: SourceLanguage;
  readonly options?: AnalysisOptions;
  readonly expected: readonly string[];
  readonly suppressed?: number;
}

const openai = (...lines: string[]) => `{
  "model": "gpt-4o",
  "tools": [
${lines.join('\n')}
  ]
}`;
const tool = (name: string, last = false) =>
  `    { "type": "function", "function": { "name": "${name}" } }${last ? '' : ','}`;

const yamlOpenai = (...lines: string[]) => `model: gpt-4o
tools:
${lines.join('\n')}
`;
const yamlTool = (name: string, comment?: string) => `  - type: function
    function:
${comment ? `      ${comment}\n` : ''}      name: ${name}`;

const CASES: readonly Case[] = [
  {
    title: 'no suppression: both invalid names are errors',
    text: openai(tool('get.weather'), tool('get.time', true)),
    expected: ['error invalid-name "get.weather"', 'error invalid-name "get.time"'],
    suppressed: 0,
  },
  {
    title: 'JSONC: a line comment silences its code on the next line only',
    text: openai('    // toolwire-disable-next-line invalid-name', tool('get.weather'), tool('get.time', true)),
    expected: ['error invalid-name "get.time"'],
    suppressed: 1,
  },
  {
    title: 'JSONC: the reason after -- is kept apart from the codes',
    text: openai(
      '    // toolwire-disable-next-line invalid-name -- kept for old clients, see #12',
      tool('get.weather'),
      tool('get_time', true),
    ),
    expected: [],
    suppressed: 1,
  },
  {
    title: 'JSONC: several codes; one of them unused is reported on that code',
    text: openai(
      '    // toolwire-disable-next-line invalid-name, wire-collision -- why',
      tool('get.weather'),
      tool('get_time', true),
    ),
    expected: ['warning unused-suppression wire-collision'],
  },
  {
    title: 'JSONC: a block comment alone on its line counts',
    text: openai('    /* toolwire-disable-next-line invalid-name */', tool('get.weather'), tool('get_time', true)),
    expected: [],
  },
  {
    title: 'JSONC: a block comment with text on its line silences nothing and is reported',
    text: openai(`${tool('get_time')} /* toolwire-disable-next-line invalid-name */`, tool('get.weather', true)),
    expected: [
      'warning unused-suppression /* toolwire-disable-next-line invalid-name */',
      'error invalid-name "get.weather"',
    ],
  },
  {
    title: 'JSONC: a trailing line comment silences the next line (as ESLint)',
    text: openai(`${tool('get_time')} // toolwire-disable-next-line invalid-name`, tool('get.weather', true)),
    expected: [],
  },
  {
    title: 'JSONC: an unknown code is reported, and silences nothing',
    text: openai('    // toolwire-disable-next-line invalid-nmae', tool('get.weather'), tool('get_time', true)),
    expected: ['warning unused-suppression invalid-nmae', 'error invalid-name "get.weather"'],
  },
  {
    title: 'JSONC: a directive naming no code is reported',
    text: openai('    // toolwire-disable-next-line -- because', tool('get.weather'), tool('get_time', true)),
    expected: [
      'warning unused-suppression // toolwire-disable-next-line -- because',
      'error invalid-name "get.weather"',
    ],
  },
  {
    title: 'JSONC: a stale directive (the tool was renamed) is reported',
    text: openai('    // toolwire-disable-next-line invalid-name', tool('get_weather'), tool('get_time', true)),
    expected: ['warning unused-suppression invalid-name'],
  },
  {
    title: 'JSONC: a directive two lines above silences nothing',
    text: openai('    // toolwire-disable-next-line invalid-name', tool('get_time'), tool('get.weather', true)),
    expected: ['warning unused-suppression invalid-name', 'error invalid-name "get.weather"'],
  },
  {
    title: 'JSON: the directive inside a string is text, not a comment',
    text: openai(
      '    { "type": "function", "function": { "name": "a", "description": "// toolwire-disable-next-line invalid-name" } },',
      tool('get.weather', true),
    ),
    expected: ['error invalid-name "get.weather"'],
  },
  {
    title: 'JSONC: a directive inside a block comment that spans lines is no directive',
    text: openai(
      '    /* notes',
      '       // toolwire-disable-next-line invalid-name',
      '    */',
      tool('get.weather', true),
    ),
    expected: ['error invalid-name "get.weather"'],
  },
  {
    title: 'a prefix of the keyword is not a directive',
    text: openai('    // toolwire-disable-next-lines invalid-name', tool('get.weather', true)),
    expected: ['error invalid-name "get.weather"'],
  },
  {
    title: 'severities compose: a code turned off is not an unused suppression',
    text: openai('    // toolwire-disable-next-line invalid-name', tool('get.weather', true)),
    options: { severity: { 'invalid-name': 'off' } },
    expected: [],
  },
  {
    title: 'severities compose: unused-suppression turned off',
    text: openai('    // toolwire-disable-next-line wire-collision', tool('get.weather', true)),
    options: { severity: { 'unused-suppression': 'off' } },
    expected: ['error invalid-name "get.weather"'],
  },
  {
    title: 'unused-suppression cannot itself be suppressed',
    text: openai(
      '    // toolwire-disable-next-line unused-suppression',
      '    // toolwire-disable-next-line wire-collision',
      tool('get_x', true),
    ),
    expected: ['warning unused-suppression unused-suppression', 'warning unused-suppression wire-collision'],
  },
  {
    title: 'YAML: a # comment above the name silences it',
    language: 'yaml',
    text: yamlOpenai(
      yamlTool('get.weather', '# toolwire-disable-next-line invalid-name -- legacy'),
      yamlTool('get.time'),
    ),
    expected: ['error invalid-name get.time'],
    suppressed: 1,
  },
  {
    title: 'YAML: a comment above the item, not the name, silences nothing (the range is the name)',
    language: 'yaml',
    text: yamlOpenai(`  # toolwire-disable-next-line invalid-name\n${yamlTool('get.weather')}`),
    expected: ['warning unused-suppression invalid-name', 'error invalid-name get.weather'],
  },
  {
    title: 'YAML: a # inside a block scalar is text',
    language: 'yaml',
    text: `model: gpt-4o\nnote: |\n  # toolwire-disable-next-line invalid-name\ntools:\n${yamlTool('get.weather')}\n`,
    expected: ['error invalid-name get.weather'],
  },
  {
    title: 'YAML: CRLF line ends',
    language: 'yaml',
    text: yamlOpenai(yamlTool('get.weather', '# toolwire-disable-next-line invalid-name')).replace(/\n/g, '\r\n'),
    expected: [],
  },
  {
    title: 'config entry: the tool named is silenced, the other tool is not',
    text: openai(tool('get.weather'), tool('get.time', true)),
    options: {
      suppressions: parseConfig(
        JSON.stringify({ ignore: [{ file: '*.json', tool: 'get.weather', code: 'invalid-name' }] }),
      ).config.suppressions!,
    },
    expected: ['error invalid-name "get.time"'],
  },
  {
    title: 'config entry: without a tool, every tool; a list of codes',
    text: openai(tool('get.weather'), tool('get.time', true)),
    options: {
      suppressions: parseConfig(
        JSON.stringify({ ignore: [{ file: '*.json', code: ['wire-collision', 'invalid-name'] }] }),
      ).config.suppressions!,
    },
    expected: [],
  },
];

describe('suppressions, data-driven', () => {
  for (const c of CASES) {
    test(c.title, () => {
      const analysis = fixedAnalysis(c.text, { ...c.options, ...(c.language ? { language: c.language } : {}) });
      const lines = analysis.findings
        .filter((f) => f.severity !== 'hint')
        .map((f) => `${f.severity} ${f.code} ${c.text.slice(f.range.start, f.range.end)}`);
      assert.deepEqual(lines, c.expected);
      if (c.suppressed !== undefined) assert.equal(analysis.suppression?.suppressed, c.suppressed);
    });
  }
});

describe('ignore entries in .toolwire.json', () => {
  test('strings stay file globs; objects become suppressions with their ranges', () => {
    const text = JSON.stringify({
      ignore: [
        'fixtures/**',
        { file: 'tools/*.json', tool: 'admin.tools.list', code: 'wire-collision', reason: 'legacy' },
      ],
    });
    const { config, problems } = parseConfig(text);
    assert.deepEqual(problems, []);
    assert.deepEqual(config.ignore, ['fixtures/**']);
    const [entry] = config.suppressions!;
    assert.equal(entry!.file, 'tools/*.json');
    assert.equal(entry!.tool, 'admin.tools.list');
    assert.equal(entry!.reason, 'legacy');
    assert.deepEqual(
      entry!.codes.map((c) => c.code),
      ['wire-collision'],
    );
    assert.equal(
      text.slice(entry!.range.start, entry!.range.end),
      JSON.stringify(
        config.suppressions && {
          file: 'tools/*.json',
          tool: 'admin.tools.list',
          code: 'wire-collision',
          reason: 'legacy',
        },
      ),
    );
  });

  test('bad entries are problems at their place, and are not used', () => {
    const text = JSON.stringify({
      ignore: [
        { tool: 'x', code: 'invalid-name' },
        { file: 'a.json' },
        { file: 'a.json', code: 'no-such-code' },
        { file: 'a.json', code: 'unused-suppression' },
        { file: 'a.json', code: 'invalid-name', colour: 1 },
        3,
      ],
    });
    const { config, problems } = parseConfig(text);
    assert.deepEqual(
      problems.map((p) => [p.severity, text.slice(p.range.start, p.range.end)]),
      [
        ['error', '{"tool":"x","code":"invalid-name"}'],
        ['error', '{"file":"a.json"}'],
        ['error', '"no-such-code"'],
        ['error', '"unused-suppression"'],
        ['warning', '"colour"'],
        ['error', '3'],
      ],
    );
    assert.deepEqual(
      config.suppressions?.map((e) => e.index),
      [0],
    );
  });

  test('optionsForFile hands a file only the entries whose glob matches it', () => {
    const { config } = parseConfig(
      JSON.stringify({
        ignore: [
          { file: 'tools/*.json', code: 'invalid-name' },
          { file: 'other.json', code: 'invalid-name' },
        ],
      }),
    );
    const options = optionsForFile(config, 'tools/a.json');
    assert.notEqual(options, 'ignored');
    if (options === 'ignored') return;
    assert.deepEqual(
      options.suppressions?.map((e) => e.file),
      ['tools/*.json'],
    );
  });

  test('stale entries: used, unused over every matching file, no file, unknown when a file was not analysed', () => {
    const text = JSON.stringify({
      ignore: [
        { file: 'a.json', tool: 'get.weather', code: 'invalid-name' },
        { file: 'b.json', code: 'wire-collision' },
        { file: 'gone.json', code: 'invalid-name' },
        { file: '*.json', code: 'case-collision' },
        { file: 'b.json', code: 'renamed-on-wire' },
      ],
    });
    const { config } = parseConfig(text);
    const analyses = new Map(
      ['a.json', 'b.json'].map((file) => {
        const options = optionsForFile(config, file);
        return [file, fixedAnalysis(openai(tool('get.weather', true)), options === 'ignored' ? {} : options)] as const;
      }),
    );
    const files: Record<string, string[]> = {
      'a.json': ['a.json'],
      'b.json': ['b.json'],
      'gone.json': [],
      '*.json': ['a.json', 'b.json', 'c.json'],
    };
    const findings = staleIgnoreEntries(config.suppressions!, { 'renamed-on-wire': 'off' }, (entry) =>
      judgeEntry(entry, files[entry.file]!, (file) => analyses.get(file)),
    );
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, text.slice(f.range.start, f.range.end), f.message.split(':')[0]]),
      [
        [
          'unused-suppression',
          'warning',
          '{"file":"b.json","code":"wire-collision"}',
          'This ignore entry (wire-collision) silences nothing in the file it matches.',
        ],
        [
          'unused-suppression',
          'warning',
          '{"file":"gone.json","code":"invalid-name"}',
          'This ignore entry (invalid-name) matches no file.',
        ],
      ],
    );
    // renamed-on-wire is off by default: its entry is not judged unless a severity turns it on.
    const byDefault = staleIgnoreEntries(config.suppressions!, {}, (entry) =>
      judgeEntry(entry, files[entry.file]!, (file) => analyses.get(file)),
    );
    assert.deepEqual(
      byDefault.map((f) => text.slice(f.range.start, f.range.end)),
      findings.map((f) => text.slice(f.range.start, f.range.end)),
    );
  });
});

describe('the suppress quick fix (core part)', () => {
  test('the comment goes above the name line with its indentation; the result is silenced', () => {
    const text = openai(tool('get.weather'), tool('get_time', true));
    const finding = fixedAnalysis(text).findings.find((f) => f.code === 'invalid-name')!;
    const after = applyEdits(text, [suppressCommentEdit(text, 'json', finding)!]);
    assert.ok(
      after.includes(
        '\n    // toolwire-disable-next-line invalid-name\n    { "type": "function", "function": { "name": "get.weather" } }',
      ),
      after,
    );
    assert.deepEqual(
      fixedAnalysis(after).findings.filter((f) => f.severity !== 'hint'),
      [],
    );
  });

  test('a code joins the directive already above, before its reason', () => {
    const text = openai(
      '    // toolwire-disable-next-line case-collision -- why',
      tool('get.weather'),
      tool('Get.Weather', true),
    );
    const finding = fixedAnalysis(text).findings.find((f) => f.code === 'invalid-name')!;
    const edit = suppressCommentEdit(text, 'json', finding)!;
    const after = applyEdits(text, [edit]);
    assert.ok(after.includes('// toolwire-disable-next-line case-collision, invalid-name -- why\n'), after);
  });

  test('YAML with CRLF: a # comment and the same line end', () => {
    const text = yamlOpenai(yamlTool('get.weather')).replace(/\n/g, '\r\n');
    const finding = fixedAnalysis(text, { language: 'yaml' }).findings.find((f) => f.code === 'invalid-name')!;
    const after = applyEdits(text, [suppressCommentEdit(text, 'yaml', finding)!]);
    assert.ok(
      after.includes('\r\n      # toolwire-disable-next-line invalid-name\r\n      name: get.weather'),
      JSON.stringify(after),
    );
    assert.deepEqual(
      fixedAnalysis(after, { language: 'yaml' }).findings.filter((f) => f.severity !== 'hint'),
      [],
    );
  });

  test('where it writes: comments in YAML and JSONC, the config for plain JSON and JSON Lines', () => {
    const plain = openai(tool('get.weather', true));
    assert.equal(suppressTarget(plain, fixedAnalysis(plain), {}), 'config');
    assert.equal(suppressTarget(plain, fixedAnalysis(plain), { commentsAllowed: true }), 'comment');
    const commented = `// tools\n${plain}`;
    assert.equal(suppressTarget(commented, fixedAnalysis(commented), {}), 'comment');
    const url = plain.replace('gpt-4o', 'https://x.example/gpt');
    assert.equal(suppressTarget(url, fixedAnalysis(url), {}), 'config', 'a // in a string is no comment');
    assert.equal(suppressTarget('a: 1', fixedAnalysis('a: 1', { language: 'yaml' }), { language: 'yaml' }), 'comment');
    const lines = `${JSON.stringify({ model: 'gpt-4o', tools: [] })}\n${JSON.stringify({ model: 'gpt-4o', tools: [] })}\n`;
    assert.equal(suppressTarget(lines, fixedAnalysis(lines), { commentsAllowed: true }), 'config');
  });
});

/**
 * Fixes and suppressions: a suppressed finding is a decision the user made, so fix-all leaves its
 * tool alone, and a proof compares what the user sees (suppressed findings count neither before
 * nor after), so a suppressed error never makes a fix fail.
 */
describe('fixes and suppressions', () => {
  test('fix-all renames the tools with findings, never a suppressed one', () => {
    const text = openai('    // toolwire-disable-next-line invalid-name', tool('get.weather'), tool('get.time', true));
    const result = computeFixAll(text, {}, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.equal(result.fixed, 1);
    assert.ok(result.text.includes('"get.weather"'), 'the suppressed tool keeps its name');
    assert.ok(!result.text.includes('"get.time"'));
    assert.deepEqual(
      fixedAnalysis(result.text).findings.filter((f) => f.severity !== 'hint'),
      [],
    );
  });

  test('a suppressed error that the fixed text still holds does not refuse the fix', () => {
    // get.weather stays an error in the fixed text, but suppressed: it is neither before nor after.
    const text = openai('    // toolwire-disable-next-line invalid-name', tool('get.weather'), tool('get.time', true));
    const before = fixedAnalysis(text);
    const finding = before.findings.find((f) => f.code === 'invalid-name')!;
    assert.equal(text.slice(finding.range.start, finding.range.end), '"get.time"');
    const proof = proveEdits(text, {}, before, finding.fix!.edits, [{ code: finding.code, pointer: finding.pointer }]);
    assert.equal(proof.kind, 'proven', proof.kind === 'refused' ? proof.reason : '');
  });
});

describe('Remove unused suppression', () => {
  const cases: ReadonlyArray<{ title: string; text: string; language?: SourceLanguage; after: string }> = [
    {
      title: 'the only code: the whole line goes',
      text: openai('    // toolwire-disable-next-line wire-collision -- why', tool('get_x', true)),
      after: openai(tool('get_x', true)),
    },
    {
      title: 'one of two codes: that code and its comma go, the reason stays',
      text: openai('    // toolwire-disable-next-line invalid-name, wire-collision -- why', tool('get.x', true)),
      after: openai('    // toolwire-disable-next-line invalid-name -- why', tool('get.x', true)),
    },
    {
      title: 'the first of two codes',
      text: openai('    // toolwire-disable-next-line wire-collision,invalid-name', tool('get.x', true)),
      after: openai('    // toolwire-disable-next-line invalid-name', tool('get.x', true)),
    },
    {
      title: 'a trailing comment goes with its spaces; the code before it stays',
      text: openai(`${tool('get_a')}   // toolwire-disable-next-line wire-collision`, tool('get_x', true)),
      after: openai(tool('get_a'), tool('get_x', true)),
    },
    {
      title: 'a directive with a problem goes whole',
      text: openai('    // toolwire-disable-next-line', tool('get_x', true)),
      after: openai(tool('get_x', true)),
    },
    {
      title: 'YAML',
      language: 'yaml',
      text: yamlOpenai(yamlTool('get_x', '# toolwire-disable-next-line invalid-name')),
      after: yamlOpenai(yamlTool('get_x')),
    },
  ];
  for (const c of cases) {
    test(c.title, () => {
      const options = c.language ? { language: c.language } : {};
      const unused = fixedAnalysis(c.text, options).findings.filter((f) => f.code === 'unused-suppression');
      assert.equal(unused.length, 1);
      const edit = suppressionRemover(c.text, c.language ?? 'json')(unused[0]!.range);
      assert.ok(edit);
      const after = applyEdits(c.text, [edit]);
      assert.equal(after, c.after);
      assert.deepEqual(
        fixedAnalysis(after, options).findings.filter((f) => f.code === 'unused-suppression'),
        [],
      );
    });
  }
});

describe('YAML comments: only what YAML reads as a comment', () => {
  const cases: ReadonlyArray<[string, string[]]> = [
    ['a: "x\n  # not a comment\n  y" # yes\n', ['# yes']],
    ['k: |\n  # text\n  more\n# real\n', ['# real']],
    ['l: [a, # c1\n  b]\n', ['# c1']],
    ['- >-\n    #x\n  # c\n', ['# c']], // less indented than the content: the scalar ended
    ['\ufeff# bom comment\na: 1 # two\n', ['# bom comment', '# two']],
    ["q: 'it''s # no'\n---\n# second document\nb: 2\n", ['# second document']],
  ];
  for (const [text, expected] of cases) {
    test(JSON.stringify(text), () => {
      assert.deepEqual(
        COMMENT_SYNTAX.yaml.scan(text).map((c) => text.slice(c.start, c.end)),
        expected,
      );
    });
  }
});

describe('contracts', () => {
  test('the schema lists every suppressible code (every code but unused-suppression)', () => {
    const schema = JSON.parse(readFileSync(resolve(__dirname, '../../schemas/toolwire.schema.json'), 'utf8'));
    assert.deepEqual(
      schema.definitions.suppressibleCode.enum,
      FINDING_CODES.filter((c) => c !== 'unused-suppression'),
    );
  });
});

/**
 * Where YAML takes the suppression comment: one case per place a tool's name line can be. `comment`
 * is the line the edit writes (undefined: no comment is offered, the `.toolwire.json` entry is).
 * Each offered comment is proven (the text still parses, the finding gone, every other finding
 * kept); at each refused place, the comment written regardless is refused by the fix proof too.
 */
interface YamlPlace {
  readonly title: string;
  readonly text: string;
  readonly comment: string | undefined;
}

const invalidName = (name = 'a.b') => `{ type: function, function: { name: ${name} } }`;

const YAML_PLACES: readonly YamlPlace[] = [
  {
    title: 'a block mapping: above the name line, with its indentation',
    text: yamlOpenai(yamlTool('get.weather')),
    comment: '      # toolwire-disable-next-line invalid-name\n',
  },
  {
    title: 'a directive above the name line: the code joins it (inside the comment the lexer reads)',
    text: yamlOpenai(yamlTool('get.weather', '# toolwire-disable-next-line case-collision -- why')),
    comment: ', invalid-name',
  },
  {
    title: 'a block mapping with CRLF',
    text: yamlOpenai(yamlTool('get.weather')).replace(/\n/g, '\r\n'),
    comment: '      # toolwire-disable-next-line invalid-name\r\n',
  },
  {
    title: 'a flow map on one line: above the document',
    text: `{ model: gpt-4o, tools: [ ${invalidName()} ] }\n`,
    comment: '# toolwire-disable-next-line invalid-name\n',
  },
  {
    title: 'a flow sequence over lines: a comment line between its entries is legal',
    text: `{ model: gpt-4o, tools: [\n  ${invalidName()}\n] }\n`,
    comment: '  # toolwire-disable-next-line invalid-name\n',
  },
  {
    title: 'a text whose line ends are lone CRs: yaml reads none there (a comment runs on), so none is written',
    text: `{ model: gpt-4o, tools: [ ${invalidName()} ] } # one line\r`,
    comment: undefined,
  },
  {
    title: 'a flow map whose plain scalar goes on over the line break (a CRLF typed into a key)',
    text: `{ m\r\nodel: gpt-4o, tools: [ ${invalidName()} ] }\n`,
    comment: undefined,
  },
  {
    title: 'the same with LF',
    text: `{ m\nodel: gpt-4o, tools: [ ${invalidName()} ] }\n`,
    comment: undefined,
  },
  {
    title: 'a flow map whose value is folded over lines (`>-` is plain text in a flow)',
    text: `{ model: gpt->-\n  4o, tools: [ ${invalidName()} ] }\n`,
    comment: undefined,
  },
  {
    title: 'a double-quoted scalar over lines',
    text: `{ model: "gpt\n  4o", tools: [ ${invalidName()} ] }\n`,
    comment: undefined,
  },
  {
    title: 'a single-quoted scalar over lines',
    text: `{ model: 'gpt\n  4o', tools: [ ${invalidName()} ] }\n`,
    comment: undefined,
  },
  {
    title: 'a block scalar name: above its key line, never in its body',
    text: yamlOpenai('  - type: function\n    function:\n      name: >-\n        get.\n        weather'),
    comment: '      # toolwire-disable-next-line invalid-name\n',
  },
  {
    title: 'a plain name over lines that starts on the line after its key: between key and value',
    text: yamlOpenai('  - type: function\n    function:\n      name:\n        get.\n        weather'),
    comment: '        # toolwire-disable-next-line invalid-name\n',
  },
  {
    title: 'a block scalar body above the name only looks like a directive: no join into its text',
    text: yamlOpenai(
      '  - type: function\n    function:\n      description: |\n        # toolwire-disable-next-line case-collision\n      name: get.weather',
    ),
    comment: undefined,
  },
];

describe('the suppress quick fix in YAML: a comment line only where YAML takes one', () => {
  const options: AnalysisOptions = { language: 'yaml' };
  for (const place of YAML_PLACES) {
    test(place.title, () => {
      const before = fixedAnalysis(place.text, options);
      assert.deepEqual(before.syntaxProblems, [], 'the case must parse');
      const finding = before.findings.find((f) => f.code === 'invalid-name');
      assert.ok(finding, 'the case must have its finding');
      const edit = suppressCommentEdit(place.text, 'yaml', finding);
      assert.equal(edit?.newText, place.comment);
      if (edit) {
        const proof = proveSuppressComment(place.text, options, before, [edit], finding);
        assert.equal(proof.kind, 'proven', proof.kind === 'refused' ? proof.reason : '');
        assert.deepEqual(
          proof.after.findings.filter((f) => f.code === 'invalid-name'),
          [],
        );
        return;
      }
      // As the editor writes it (it judges the place only when the fix is asked for): the fix
      // proof alone refuses it too (it breaks the text, or silences nothing), and so does the comment's.
      const unchecked = commentSuppressor(place.text, 'yaml')(finding);
      const sites = [{ code: finding.code, pointer: finding.pointer }];
      assert.equal(proveEdits(place.text, options, before, [unchecked], sites).kind, 'refused');
      assert.equal(proveSuppressComment(place.text, options, before, [unchecked], finding).kind, 'refused');
    });
  }

  test('the proof refuses a comment that breaks the syntax even when the finding goes away', () => {
    const text = `{ model: gpt-4o, tools: [ ${invalidName()} ] }\n`;
    const before = fixedAnalysis(text, options);
    const finding = before.findings.find((f) => f.code === 'invalid-name')!;
    // A stray `]` after the directive: the tool is still read, the document no longer parses.
    const broken = {
      range: { start: 0, end: 0 },
      oldText: '',
      newText: '# toolwire-disable-next-line invalid-name\n]',
    };
    const proof = proveEdits(text, options, before, [broken], [{ code: finding.code, pointer: finding.pointer }]);
    assert.equal(proof.kind, 'refused');
    assert.match(proof.kind === 'refused' ? proof.reason : '', /no longer parse/);
  });

  test("a finding the silenced one folded in may show on its own site (an invalid name's case collision)", () => {
    const text = yamlOpenai(yamlTool('get.weather'), yamlTool('GET.weather'));
    const before = fixedAnalysis(text, options);
    const finding = before.findings.find((f) => f.code === 'invalid-name')!;
    const proof = proveSuppressComment(text, options, before, [suppressCommentEdit(text, 'yaml', finding)!], finding);
    assert.equal(proof.kind, 'proven', proof.kind === 'refused' ? proof.reason : '');
    assert.ok(proof.after.findings.some((f) => f.code === 'case-collision' && f.pointer === finding.pointer));
  });

  test('the proof refuses a suppression that silences more than its finding', () => {
    const text = `{ model: gpt-4o, tools: [ ${invalidName()}, ${invalidName('c.d')} ] }\n`;
    const before = fixedAnalysis(text, options);
    const [first, second] = before.findings.filter((f) => f.code === 'invalid-name');
    assert.ok(first && second, 'two findings on one line');
    const edit = suppressCommentEdit(text, 'yaml', first)!;
    const proof = proveSuppressComment(text, options, before, [edit], first);
    assert.equal(proof.kind, 'refused');
    assert.match(proof.kind === 'refused' ? proof.reason : '', /also silence/);
  });
});
