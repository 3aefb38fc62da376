import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  ALL_CLIENT_IDS,
  PieceText,
  reanalyzeEdits,
  type AnalysisOptions,
  type TextChange,
} from '../../server/src/core';
import { analyze, analyzeWithCarry } from '../../server/src/core/analyze';
import { withFixes } from '../../server/src/core/fixes/buildFixes';
import { changedRegion } from '../../server/src/core/incremental/region';
import { reanalyze, tryReanalyze } from '../../server/src/core/incremental/reanalyze';
import { generate } from '../../bench/generate';
import { CORPUS, jsonTextsUnder } from './corpusFiles';
import { adsManifest, comparable, mcpList, pretty, fixedAnalysis } from './helpers';

function apply(text: string, changes: readonly TextChange[]): string {
  let out = text;
  for (const change of changes) out = out.slice(0, change.start) + change.text + out.slice(change.end);
  return out;
}

const OPTIONS: readonly AnalysisOptions[] = [
  {},
  // renamed-on-wire is off by default; turned on, a name edit must rebuild its finding too.
  { targets: ['openai', 'anthropic', 'gemini'], severity: { 'renamed-on-wire': 'hint' } },
  { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } },
  {
    clients: {
      enabled: ALL_CLIENT_IDS,
      server: 'srv',
      serverSource: 'config',
      others: [
        {
          server: 'other',
          file: '/ws/other.json',
          tools: [
            { name: 'tool_3_get', range: { start: 40, end: 52 } },
            { name: 'a_b', range: { start: 90, end: 95 } },
          ],
          clients: ALL_CLIENT_IDS,
        },
      ],
    },
  },
];

/** Documents whose descriptions sit next to everything a shortcut must not miss. */
const HANDWRITTEN: readonly string[] = [
  generate('mcp-tools-list', 12),
  generate('openai-chat', 12),
  generate('ads-manifest', 12),
  mcpList('a.b', 'a_b', 'x'.repeat(70)).replace(/"name"/g, '"description": "about it", "name"'),
  pretty({
    tools: [
      { name: { description: 'a name that is an object' }, description: 'd' },
      {
        name: 'ok',
        description: 'fine',
        inputSchema: {
          type: 'object',
          properties: { description: 'odd schema', 'a.b': { type: 'string', description: 'p' } },
          required: ['description'],
        },
      },
    ],
  }),
  '{"tools": [{"name": "a.b", "description": "one line"}, {"name": "a_b", "description": "x"}]}',
  '{"tools": [{"name": "a.b", "description": "c" /* note */, "inputSchema": {}}, // comment\n{"name": "a_b", "description": "d", "inputSchema": {}},]}',
  adsManifest([
    { name: 'com.example.orders.get', description: 'Gets an order.' },
    { name: 'com.example.orders-get', description: 'Also.' },
    { name: `com.example.${'z'.repeat(70)}`, description: 'Long.' },
  ]),
  [
    JSON.stringify({ tools: [{ type: 'function', function: { name: 'a.b', description: 'line one' } }] }),
    JSON.stringify({
      tools: [{ type: 'function', function: { name: 'a_b', description: 'line two' } }],
      tool_choice: { type: 'function', function: { name: 'a.b' } },
    }),
  ].join('\n'),
  pretty({
    modelId: 'm',
    messages: [],
    toolConfig: {
      tools: [
        {
          toolSpec: {
            name: 'a.b',
            description: 'bedrock',
            inputSchema: { json: { type: 'object', description: 'schema' } },
          },
        },
      ],
    },
  }),
  '{"tools": [{"name": "a.b", "description": "broken"}, {"name": "a_b" "description": "x"}]}',
];

/** Real files from the shared corpus (up to 60 kB each), when the corpus is on this machine. */
function corpusDocuments(): string[] {
  // Every seventh file: every folder is represented, and the run stays short.
  return jsonTextsUnder(CORPUS, 60_000).filter((_, i) => i % 7 === 0);
}

const PIECES = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('a', 'b', ' ', 'é', '😀', 'Z') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'a',
      ' ',
      'é',
      '😀',
      '\ud83d',
      '\\',
      '\\n',
      '\\u00e9',
      '\\u12',
      '"',
      '\n',
      '\r\n',
      '\t',
      '\u0000',
      'x"y',
      '{',
      '}',
      ',',
      ':',
      '[',
      '"name"',
      'description',
      '.',
      '//',
    ),
  },
);
const INSERTED = fc.array(PIECES, { maxLength: 4 }).map((parts) => parts.join(''));

/**
 * Offsets inside the string values of `key` (`"key": "..."`): descriptions, where the shift
 * applies, so most edits land there; names, where the re-census does.
 */
function stringValueOffsets(text: string, key: 'description' | 'name'): number[] {
  const out: number[] = [];
  for (const match of text.matchAll(new RegExp(`"${key}"\\s*:\\s*"([^"\\\\\\n]*)"`, 'g'))) {
    const open = match.index + match[0].length - match[1]!.length - 1;
    for (let i = open + 1; i <= open + match[1]!.length; i += 1) out.push(i);
  }
  return out;
}

/** Offsets in or next to whitespace: where spaces and tabs are typed and deleted. */
function whitespaceOffsets(text: string): number[] {
  const out: number[] = [];
  for (let i = 1; i < text.length; i += 1)
    if (text[i] === ' ' || text[i] === '\t' || ',:{['.includes(text[i - 1]!)) out.push(i);
  return out;
}

const BLANK = fc.array(fc.constantFrom(' ', '\t', '  ', '\n', '\r\n'), { maxLength: 3 }).map((parts) => parts.join(''));

function changeArbitrary(text: string): fc.Arbitrary<TextChange> {
  const inside = stringValueOffsets(text, 'description');
  const blanks = whitespaceOffsets(text);
  const names = stringValueOffsets(text, 'name');
  const anywhere = fc
    .nat({ max: text.length })
    .chain((start) => fc.tuple(fc.constant(start), fc.nat({ max: 6 }), INSERTED));
  const choices = [{ weight: 1, arbitrary: anywhere }];
  if (inside.length > 0)
    choices.push({
      weight: 3,
      arbitrary: fc
        .constantFrom(...inside)
        .chain((start) => fc.tuple(fc.constant(start), fc.nat({ max: 6 }), INSERTED)),
    });
  if (names.length > 0)
    choices.push({
      weight: 2,
      arbitrary: fc.constantFrom(...names).chain((start) => fc.tuple(fc.constant(start), fc.nat({ max: 3 }), INSERTED)),
    });
  if (blanks.length > 0)
    choices.push({
      weight: 2,
      arbitrary: fc.constantFrom(...blanks).chain((start) => fc.tuple(fc.constant(start), fc.nat({ max: 3 }), BLANK)),
    });
  return fc
    .oneof(...choices)
    .map(([start, length, inserted]) => ({ start, end: Math.min(text.length, start + length), text: inserted }));
}

/** One to three changes, each on the text the previous one produced (an LSP didChange). */
function editsOf(text: string): fc.Arbitrary<readonly TextChange[]> {
  return changeArbitrary(text).chain((first) => {
    const after = apply(text, [first]);
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant([first]) },
      { weight: 1, arbitrary: changeArbitrary(after).map((second) => [first, second]) },
    );
  });
}

function checkDocuments(
  documents: readonly string[],
  runs: number,
): { shortcuts: number; censuses: number; rechecks: number; total: number } {
  let shortcuts = 0;
  let censuses = 0;
  let rechecks = 0;
  let total = 0;
  const prepared = documents.flatMap((text) =>
    OPTIONS.map((options) => ({ text, options, analysis: analyze(text, options) })),
  );
  fc.assert(
    fc.property(
      fc
        .nat({ max: prepared.length - 1 })
        .chain((i) => fc.tuple(fc.constant(i), editsOf(prepared[i]!.text), fc.boolean())),
      ([i, changes, carried]) => {
        // With the census's carry (as the server keeps it), a name edit may re-check one tool; a
        // carry is used once, so each reuse below gets its own.
        const previousOf = () =>
          carried ? { ...prepared[i]!, ...analyzeWithCarry(prepared[i]!.text, prepared[i]!.options) } : prepared[i]!;
        const previous = previousOf();
        const newText = apply(previous.text, changes);
        const expected = analyze(newText, previous.options);
        total += 1;
        const detailed = reanalyzeEdits(previous, changes, newText);
        const reused = detailed?.analysis;
        if (detailed?.reuse === 'shifted') shortcuts += 1;
        if (detailed?.reuse === 'recensused' || detailed?.reuse === 'rechecked') censuses += 1;
        if (detailed?.reuse === 'rechecked') rechecks += 1;
        assert.deepStrictEqual(comparable(reanalyze(previousOf(), changes, newText)), comparable(expected));
        // The server keeps texts in pieces (PieceDocument): the same edit over pieces cut at the
        // edit and elsewhere is reused exactly when the strings are, with the same analysis.
        const cut = Math.min(changes[0]!.start + 1, previous.text.length);
        const oldPieces = PieceText.of(previous.text)
          .replace(cut >> 1, cut >> 1, '')
          .replace(cut, cut, '');
        const newPieces = changes.reduce(
          (text, change) => text.replace(change.start, change.end, change.text),
          oldPieces,
        );
        assert.equal(newPieces.toString(), newText);
        const overPieces = tryReanalyze({ ...previousOf(), text: oldPieces }, changes, newPieces);
        assert.equal(overPieces !== undefined, reused !== undefined, 'pieces and strings reuse alike');
        if (overPieces && reused) assert.deepStrictEqual(comparable(overPieces), comparable(reused));
      },
    ),
    { numRuns: runs, seed: 10_003 },
  );
  return { shortcuts, censuses, rechecks, total };
}

describe('reanalyze equals analyze on the new text', () => {
  it('over generated and hand-written documents, with and without clients', () => {
    const { shortcuts, censuses, rechecks, total } = checkDocuments(HANDWRITTEN, 2000);
    // Both shortcuts must really be taken (else this test would only compare analyze with itself).
    assert.ok(shortcuts > total / 5, `only ${shortcuts} of ${total} edits took the shift`);
    assert.ok(censuses > total / 10, `only ${censuses} of ${total} edits took the re-census`);
    assert.ok(rechecks > total / 50, `only ${rechecks} of ${total} edits re-checked the renamed tool alone`);
  });

  it('over the shared corpus', (t) => {
    const documents = corpusDocuments();
    if (documents.length === 0) {
      t.skip(`the shared corpus is not on this machine (${CORPUS})`);
      return;
    }
    const { shortcuts, censuses } = checkDocuments(documents, 1000);
    assert.ok(shortcuts > 0, 'no corpus edit took the shift');
    assert.ok(censuses > 0, 'no corpus edit took the re-census');
  });

  it('shifts every offset after a description edit, fix edits included', () => {
    const text =
      '{"model": "m", "tools": [{"type": "function", "function": {"name": "x", "description": "abc"}}, {"type": "function", "function": {"name": "a.b", "description": "d"}}]}';
    const options: AnalysisOptions = { targets: ['openai'] };
    const previous = { text, options, analysis: analyze(text, options) };
    const at = text.indexOf('abc') + 1;
    const changes = [{ start: at, end: at, text: 'ZZZZ' }];
    const newText = apply(text, changes);
    const shifted = tryReanalyze(previous, changes, newText);
    assert.ok(shifted, 'a description edit is reused');
    // The name fix is built on the reused analysis, where fixes are: its edits name the new text.
    const fix = withFixes(newText, options, shifted).findings.find((f) => f.fix)?.fix;
    assert.ok(fix);
    for (const edit of fix.edits) assert.equal(newText.slice(edit.range.start, edit.range.end), edit.oldText);
    assert.deepStrictEqual(comparable(shifted), comparable(analyze(newText, options)));
  });

  it('reuses spaces typed between tokens, not a line break', () => {
    const text =
      '{"model": "m", "tools": [\n  {"type": "function", "function": {"name": "a", "description": "x",   "parameters": {}}},\n  {"type": "function", "function": {"name": "b.c"}}\n]}';
    const options: AnalysisOptions = {};
    const previous = { text, options, analysis: analyze(text, options) };
    assert.ok(
      previous.analysis.findings.some((f) => f.nameFix),
      'b.c asks for a rename',
    );
    const spaces = text.indexOf('   "parameters"') + 1;
    const cases: ReadonlyArray<readonly [TextChange, boolean]> = [
      [{ start: spaces, end: spaces, text: ' \t' }, true],
      [{ start: spaces, end: spaces + 2, text: '' }, true],
      [{ start: spaces, end: spaces, text: '\n' }, false],
      // On the line of b.c's name: its rename holds no edit until it is built, from the new text.
      [{ start: text.indexOf('{"name": "b.c"') + 1, end: text.indexOf('{"name": "b.c"') + 1, text: ' ' }, true],
    ];
    for (const [change, reused] of cases) {
      const newText = apply(text, [change]);
      const result = tryReanalyze(previous, [change], newText);
      assert.equal(result !== undefined, reused, JSON.stringify(change));
      assert.deepStrictEqual(comparable(reanalyze(previous, [change], newText)), comparable(analyze(newText, options)));
      assert.deepStrictEqual(
        withFixes(newText, options, reanalyze(previous, [change], newText)).findings.map((f) => f.fix),
        withFixes(newText, options, analyze(newText, options)).findings.map((f) => f.fix),
      );
    }
  });

  it('spaces typed inside a suppression directive are a full analysis (they change what it silences)', () => {
    const text =
      '{\n  "tools": [\n    {\n      // toolwire-disable-next-line renamed-on-wire -- ok\n      "name": "a.b", "inputSchema": {}\n    }\n  ]\n}';
    // renamed-on-wire turned on (off by default), so the directive has something to silence.
    const options: AnalysisOptions = { commentsAllowed: true, severity: { 'renamed-on-wire': 'hint' } };
    const previous = { text, options, analysis: analyze(text, options) };
    assert.equal(previous.analysis.findings.length, 0, 'the directive silences the hint');
    const inside = text.indexOf('-next-line ') + '-next-line'.length;
    for (const change of [
      { start: inside, end: inside + 1, text: '' },
      { start: inside, end: inside, text: ' ' },
    ]) {
      const newText = apply(text, [change]);
      assert.equal(tryReanalyze(previous, [change], newText), undefined, newText);
      assert.deepStrictEqual(comparable(reanalyze(previous, [change], newText)), comparable(analyze(newText, options)));
    }
  });

  it('an added invocationName copies the indentation of the name line as it is when the fix is built', () => {
    const text = adsManifest([{ name: `com.example.${'z'.repeat(70)}`, description: 'Long.' }]);
    const previous = { text, options: {}, analysis: analyze(text) };
    assert.ok(fixedAnalysis(text).findings.some((f) => f.fix?.kind === 'add-invocation-name'));
    const lineStart = text.lastIndexOf('\n', text.indexOf('"name": "com.example')) + 1;
    for (const change of [
      { start: lineStart, end: lineStart, text: '  ' },
      { start: lineStart, end: lineStart + 1, text: '' },
    ]) {
      const newText = apply(text, [change]);
      const reused = reanalyze(previous, [change], newText);
      assert.deepStrictEqual(comparable(reused), comparable(analyze(newText)));
      const built = withFixes(newText, {}, reused).findings.find((f) => f.fix)?.fix;
      assert.deepStrictEqual(built, fixedAnalysis(newText).findings.find((f) => f.fix)?.fix);
      const indent = newText.slice(lineStart, newText.indexOf('"name": "com.example'));
      assert.ok(
        built?.edits[0]?.newText.includes(`\n${indent}"invocationName"`),
        'the new line copies the indentation',
      );
    }
  });

  it('falls back for edits it cannot prove', () => {
    const text = '{"tools": [{"name": "a.b", "description": "abc"}]}';
    const previous = { text, options: {}, analysis: analyze(text) };
    const quote = text.indexOf('"abc"') + 4;
    // Name edits have their own tests (nameEdit.test.ts).
    for (const change of [
      { start: quote, end: quote, text: '"' },
      { start: quote, end: quote, text: '\\' },
      { start: 0, end: 1, text: '[' },
      { start: quote - 3, end: quote - 3, text: ',"x": 1' },
    ]) {
      assert.equal(tryReanalyze(previous, [change], apply(text, [change])), undefined, JSON.stringify(change));
    }
  });
});

describe('changedRegion', () => {
  it('covers exactly what a list of changes touched', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 5 }), fc.string({ maxLength: 4 })), { maxLength: 5 }),
        (text, raw) => {
          const changes: TextChange[] = [];
          let current = text;
          for (const [at, length, inserted] of raw) {
            const start = at % (current.length + 1);
            const change = { start, end: Math.min(current.length, start + length), text: inserted };
            changes.push(change);
            current = apply(current, [change]);
          }
          const region = changedRegion(changes, text.length, current.length);
          assert.ok(region);
          assert.equal(current.slice(0, region.start), text.slice(0, region.start));
          assert.equal(current.slice(region.newEnd), text.slice(region.oldEnd));
          assert.equal(
            current,
            text.slice(0, region.start) + current.slice(region.start, region.newEnd) + text.slice(region.oldEnd),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses changes that do not fit the text', () => {
    assert.equal(changedRegion([{ start: 5, end: 9, text: '' }], 6, 2), undefined);
    assert.equal(changedRegion([{ start: 0, end: 1, text: 'ab' }], 3, 3), undefined);
  });
});
