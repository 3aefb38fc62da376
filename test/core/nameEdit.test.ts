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
import type { PreviousAnalysis } from '../../server/src/core/incremental/reanalyze';
import { recognizeDocument } from '../../server/src/core/formats/recognize';
import { extractionOf } from '../../server/src/core/incremental/nameEdit';
import { findingPairs } from '../../server/src/core/incremental/pairFindings';
import { sameAfterShift } from '../../server/src/core/incremental/shift';
import type { Finding } from '../../server/src/core/findings';
import { parseSource } from '../../server/src/core/source';
import { generate } from '../../bench/generate';
import { CORPUS, jsonTextsUnder } from './corpusFiles';
import { adsManifest, comparable, mcpList, pretty } from './helpers';

const EVERY_CLIENT: AnalysisOptions = { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } };

const DOCUMENTS: readonly string[] = [
  generate('mcp-tools-list', 12),
  generate('openai-chat', 12),
  generate('ads-manifest', 12),
  mcpList('a.b', 'a_b', 'x'.repeat(70)),
  pretty({
    server_info: { name: 'srv', title: 'Server' },
    tools: [
      { name: 'a', inputSchema: { type: 'object', properties: { 'b.c': { type: 'string' } }, required: ['b.c'] } },
      { name: 7 },
      {},
    ],
  }),
  [
    JSON.stringify({ tools: [{ type: 'function', function: { name: 'a.b' } }] }),
    JSON.stringify({
      tools: [{ type: 'function', function: { name: 'a_b' } }],
      tool_choice: { type: 'function', function: { name: 'a.b' } },
    }),
  ].join('\n'),
  pretty({
    modelId: 'm',
    messages: [],
    toolConfig: { tools: [{ toolSpec: { name: 'a.b', inputSchema: { json: { type: 'object' } } } }] },
  }),
  pretty({
    contents: [],
    tools: [{ functionDeclarations: [{ name: 'a.b' }, { name: 'c' }] }],
    toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a.b'] } },
  }),
  adsManifest([
    { name: 'com.example.orders.get', description: 'Gets.' },
    { name: `com.example.${'z'.repeat(70)}`, description: 'Long.' },
  ]),
];

function edit(text: string, change: TextChange): string {
  return text.slice(0, change.start) + change.text + text.slice(change.end);
}

/** A one-character insertion just after the first occurrence of `at` in `text`. */
function insertAfter(text: string, at: string, inserted: string, occurrence = 0): TextChange {
  let offset = -1;
  for (let i = 0; i <= occurrence; i += 1) offset = text.indexOf(at, offset + 1);
  assert.ok(offset >= 0, `no ${at} in the text`);
  return { start: offset + at.length, end: offset + at.length, text: inserted };
}

/** A previous analysis with its census's carry: one name edit that writes a name's own first character again. */
function withCarry(text: string, options: AnalysisOptions): PreviousAnalysis {
  const first = analyze(text, options).tools[0]!.declaration.name.range.start + 1;
  const same = { start: first, end: first + 1, text: text[first]! };
  const census = reanalyzeEdits({ text, analysis: analyze(text, options), options }, [same], text)!;
  return { text, analysis: census.analysis, options, carry: census.carry! };
}

function openai(...names: string[]): string {
  return pretty({ model: 'm', tools: names.map((name) => ({ type: 'function', function: { name } })) });
}

describe('name edits: the read is reused, the census is taken again', () => {
  it('the extraction rebuilt from an analysis is what the recognisers gave', (t) => {
    const corpus = jsonTextsUnder(CORPUS, 60_000);
    if (corpus.length === 0)
      t.diagnostic(`the shared corpus is not on this machine (${CORPUS}): hand-written documents only`);
    for (const text of [...DOCUMENTS, ...corpus]) {
      assert.deepStrictEqual(extractionOf(analyze(text)), recognizeDocument(parseSource(text).values, false));
      // With every client modelled, MCP schemas also keep the keywords clients alter.
      assert.deepStrictEqual(
        extractionOf(analyze(text, EVERY_CLIENT)),
        recognizeDocument(parseSource(text).values, true),
      );
    }
  });

  it('a name edit that makes a collision is reported on the other tool too', () => {
    const text = pretty({
      tools: [
        { name: 'a.b', description: 'one' },
        { name: 'a_c', description: 'two' },
      ],
    });
    const change = { start: text.indexOf('a_c') + 2, end: text.indexOf('a_c') + 3, text: 'b' };
    const newText = edit(text, change);
    const reused = reanalyzeEdits({ text, analysis: analyze(text), options: {} }, [change], newText);
    assert.equal(reused?.reuse, 'recensused');
    const fresh = analyze(newText);
    assert.ok(
      fresh.findings.some((f) => f.code === 'wire-collision' && f.tool === 0),
      'the first tool now collides',
    );
    assert.deepStrictEqual({ ...reused.analysis, strings: undefined }, { ...fresh, strings: undefined });
  });

  it('never joins the text: the checks, fixes and suppressions read windows of the pieces', () => {
    const options: AnalysisOptions = { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } };
    const source = generate('mcp-tools-list', 300);
    const text = PieceText.of(source)
      .replace(10, 10, '')
      .replace(source.length - 10, source.length - 10, '');
    const previous = { text, analysis: analyze(source, options), options };
    // tool_203_update -> tool.203_update: a dotted name gets a rename fix, written from the pieces.
    const change = insertAfter(source, '"tool_203', '.');
    const replaced = { ...change, end: change.end + 1 };
    const newText = text.replace(replaced.start, replaced.end, replaced.text);
    const joins: string[] = [];
    const original = PieceText.prototype.toString;
    PieceText.prototype.toString = function (this: PieceText) {
      joins.push(new Error().stack ?? '');
      return original.call(this);
    };
    let reused;
    try {
      reused = reanalyzeEdits(previous, [replaced], newText);
    } finally {
      PieceText.prototype.toString = original;
    }
    assert.equal(reused?.reuse, 'recensused');
    assert.deepStrictEqual(joins, []);
    const fresh = analyze(edit(source, replaced), options);
    // Its fix is built where fixes are, from the reused analysis.
    const fixed = withFixes(newText, options, reused.analysis).findings.find((f) => f.fix && f.tool === 203);
    assert.ok(fixed, 'the edited tool gets a fix');
    assert.deepStrictEqual(reused.analysis.findings, fresh.findings);
  });

  it('falls back where a recogniser could see more than a name', () => {
    const text = pretty({
      serverInfo: { name: 'srv' },
      tools: [{ name: 'ab', description: 'd' }],
      tool_choice: { type: 'function', function: { name: 'ab' } },
    });
    const json = pretty({
      model: 'm',
      tools: [{ type: 'function', function: { name: 'ab' } }],
      tool_choice: { type: 'function', function: { name: 'ab' } },
    });
    const yaml = 'tools:\n  - name: "ab"\n    description: d\n';
    const cases: Array<[string, string, TextChange]> = [
      ['the name emptied', text, { start: text.indexOf('"ab"') + 1, end: text.indexOf('"ab"') + 3, text: '' }],
      ['a quote typed (the token ends early)', text, insertAfter(text, '"a', '"', 1)],
      ['a bad escape', text, insertAfter(text, '"a', '\\q', 1)],
      [
        'the edit reaches the quote',
        text,
        { start: text.indexOf('"ab"') + 2, end: text.indexOf('"ab"') + 4, text: 'c"' },
      ],
      ['the server name, not a tool name', text, insertAfter(text, '"sr', 'x')],
      ['a reference, not a declaration', json, insertAfter(json, '"a', 'x', 1)],
      ['YAML', yaml, insertAfter(yaml, '"a', 'x')],
    ];
    for (const [why, before, change] of cases) {
      const reused = reanalyzeEdits(
        {
          text: before,
          analysis: analyze(before, { language: before === yaml ? 'yaml' : 'json' }),
          options: { language: before === yaml ? 'yaml' : 'json' },
        },
        [change],
        edit(before, change),
      );
      assert.equal(reused, undefined, why);
    }
    const broken = '{"tools": [{"name": "ab"}, {"name": "cd" "description": "x"}]}';
    const change = insertAfter(broken, '"a', 'x');
    assert.equal(
      reanalyzeEdits({ text: broken, analysis: analyze(broken), options: {} }, [change], edit(broken, change)),
      undefined,
      'a syntax problem',
    );
  });

  it("a chain of name edits, each from the last one's carry, equals analyze at every step", () => {
    // Names a character away from each other: a replaced character makes and breaks wire groups,
    // case groups and reserved names, and moves the names a fix proposes.
    const documents = [
      mcpList('a.b', 'a_b', 'ab', 'A_b', 'tool_search', `${'x'.repeat(70)}a`, `${'x'.repeat(70)}b`),
      // Names the clients keep apart (some edits still make two meet in one client, or fail one).
      mcpList('get_a', 'list.b', 'put-c', 'Zed', 'aab', 'mcp_x'),
      pretty({
        model: 'm',
        tools: ['a.b', 'a_b', 'ab', 'a-b', 'A.b'].map((name) => ({
          type: 'function',
          function: { name, description: 'd' },
        })),
      }),
      adsManifest(
        ['com.example.a.b', 'com.example.a-b', 'com.example.ab', 'com.example.A.b'].map((name) => ({
          name,
          description: 'd',
        })),
      ),
      [
        JSON.stringify({
          tools: [
            { type: 'function', function: { name: 'a.b' } },
            { type: 'function', function: { name: 'ab' } },
          ],
        }),
        JSON.stringify({
          tools: [
            { type: 'function', function: { name: 'a_b' } },
            { type: 'function', function: { name: 'a.b' } },
          ],
        }),
      ].join('\n'),
      generate('openai-chat', 24),
    ];
    const optionSets: AnalysisOptions[] = [
      {},
      { targets: ['openai', 'gemini'], reservedNames: ['ab'] },
      { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } },
    ];
    const cases = documents.flatMap((text) => optionSets.map((options) => ({ text, options })));
    // What a name can meet besides other names: a group no tool keeps (model-safe leaves every
    // member out; with its findings off, no fix asks the pool about it), a proposal the renamed
    // tool must be given before another tool's (a/x -> a/b proposes a_b ahead of a.b), a
    // reference, a suppression comment, a config ignore entry.
    cases.push(
      { text: mcpList('a.b', 'a/b', 'a-b', 'a:b'), options: {} },
      { text: mcpList('a.b', 'a/b', 'a-b', 'a:b'), options: { severity: { 'wire-collision': 'off' } } },
      {
        text: pretty({
          model: 'm',
          tools: ['a/x', 'a.b', 'a/a'].map((name) => ({ type: 'function', function: { name } })),
        }),
        options: {},
      },
      {
        text: pretty({
          model: 'm',
          tools: ['a.b', 'a_b', 'ab'].map((name) => ({ type: 'function', function: { name } })),
          tool_choice: { type: 'function', function: { name: 'a_b' } },
        }),
        options: {},
      },
      {
        text: '{"tools": [\n{"name": "a.b", "description": "d"},\n// toolwire-disable-next-line invalid-name\n{"name": "ab", "description": "d"},\n{"name": "a_b", "description": "d"}]}',
        options: {},
      },
      {
        text: mcpList('a.b', 'ab', 'a_b'),
        options: {
          suppressions: [
            {
              index: 0,
              file: 'tools.json',
              tool: 'a.xb',
              codes: [{ code: 'invalid-name', range: { start: 0, end: 1 } }],
              range: { start: 0, end: 2 },
            },
          ],
        },
      },
    );
    // `ahead`: how many steps of the work the carry hands out for an idle editor
    // (`CensusCarry.pending`) run before the edit: none, some, or all, at any point of the chain.
    const nameEdit = fc.record({
      name: fc.nat(),
      at: fc.nat(),
      length: fc.nat({ max: 1 }),
      text: fc.constantFrom('', 'a', 'b', 'A', '.', '_', '-', 'x'),
      ahead: fc.nat({ max: 14 }),
    });
    let carried = 0;
    let ranAhead = 0;
    let alone = 0;
    let aloneWithClients = 0;
    fc.assert(
      fc.property(fc.nat({ max: cases.length - 1 }), fc.array(nameEdit, { minLength: 2, maxLength: 6 }), (c, edits) => {
        const { options } = cases[c]!;
        let text = cases[c]!.text;
        let previous: PreviousAnalysis = { text, analysis: analyze(text, options), options };
        for (const step of edits) {
          // Inside one tool name's quotes, leaving at least one character.
          const sites = previous.analysis.tools.map((t) => t.declaration.name.range);
          const site = sites[step.name % sites.length]!;
          const length = site.end - site.start - 2;
          const start = site.start + 1 + (step.at % length);
          const change = { start, end: Math.min(start + step.length, site.end - 1), text: step.text };
          if (change.end - change.start >= length && step.text === '') continue;
          const newText = edit(text, change);
          for (const work of previous.carry?.pending().slice(0, step.ahead) ?? []) {
            work();
            ranAhead += 1;
          }
          const reused = reanalyzeEdits(previous, [change], newText);
          assert.ok(reused, `a name edit is reused: ${JSON.stringify(change)}`);
          assert.deepStrictEqual(
            comparable(reused.analysis),
            comparable(analyze(newText, options)),
            `${JSON.stringify(change)} in ${newText}`,
          );
          if (previous.carry && reused.reuse !== 'shifted') carried += 1;
          if (reused.reuse === 'rechecked') alone += 1;
          if (reused.reuse === 'rechecked' && reused.analysis.clients.length > 0) aloneWithClients += 1;
          text = newText;
          previous = { text, analysis: reused.analysis, options, ...(reused.carry ? { carry: reused.carry } : {}) };
        }
      }),
      { numRuns: 500, seed: 20_261_201 },
    );
    assert.ok(carried > 300, `only ${carried} re-censuses started from a carry`);
    assert.ok(alone > 100, `only ${alone} name edits checked the renamed tool alone`);
    assert.ok(aloneWithClients > 20, `only ${aloneWithClients} name edits re-rewrote one tool in every client`);
    assert.ok(ranAhead > 200, `only ${ranAhead} steps of work ahead ran`);
  });

  it('checks the renamed tool alone only when it meets no other tool', () => {
    const everyClient: AnalysisOptions = { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } };
    const rows: Array<{
      why: string;
      text: string;
      options?: AnalysisOptions;
      name: string;
      at: number;
      replacement: string;
    }> = [
      {
        why: 'it joins a group every member of which is left out',
        text: mcpList('a.b', 'a/b', 'a-b', 'a:b'),
        options: { severity: { 'wire-collision': 'off' } },
        name: 'a-b',
        at: 1,
        replacement: '.',
      },
      {
        why: 'an ignore entry names its new name',
        text: mcpList('a.b', 'cd'),
        options: {
          suppressions: [
            {
              index: 0,
              file: 'tools.json',
              tool: 'a.xb',
              codes: [{ code: 'invalid-name', range: { start: 0, end: 1 } }],
              range: { start: 0, end: 2 },
            },
          ],
        },
        name: 'a.b',
        at: 2,
        replacement: 'xb',
      },
      {
        why: 'a reference names it',
        text: pretty({
          model: 'm',
          tools: ['a.b', 'ab'].map((name) => ({ type: 'function', function: { name } })),
          tool_choice: { type: 'function', function: { name: 'a.x' } },
        }),
        name: 'a.b',
        at: 2,
        replacement: 'x',
      },
      // The clients (server name unknown: the placeholder "x"), where names meet that the request keeps apart.
      {
        why: 'VS Code shares an id elsewhere, so it registers the server sorted and a rename moves the tool past the throw',
        text: mcpList('0', 'a.b', 'a_b'),
        options: everyClient,
        name: '0',
        at: 0,
        replacement: 'z',
      },
      {
        why: 'another tool shares its key in one client and keeps it, so it asked the clients nothing (Continue sends "x_a.b" and "a.b" under server x as "x_a.b")',
        text: mcpList('x_a.b', 'a.b', 'c'),
        options: everyClient,
        name: 'a.b',
        at: 2,
        replacement: 'c',
      },
      {
        why: "its new key is another tool's in one client",
        text: mcpList('a', 'x_c', 'b'),
        options: everyClient,
        name: 'b',
        at: 0,
        replacement: 'c',
      },
      {
        why: "another server is sent with it, and its new name is one of that server's tools",
        text: mcpList('a', 'b'),
        options: {
          clients: {
            enabled: ALL_CLIENT_IDS,
            server: 'srv',
            serverSource: 'config',
            others: [
              {
                server: 'other',
                file: '/w/other.json',
                tools: [{ name: 'c', range: { start: 0, end: 3 } }],
                clients: ALL_CLIENT_IDS,
              },
            ],
          },
        },
        name: 'b',
        at: 0,
        replacement: 'c',
      },
    ];
    for (const row of rows) {
      const options = row.options ?? {};
      const previous = withCarry(row.text, options);
      const start = row.text.indexOf(`"${row.name}"`) + 1 + row.at;
      const change = { start, end: start + 1, text: row.replacement };
      const newText = edit(row.text, change);
      const reused = reanalyzeEdits(previous, [change], newText);
      assert.ok(reused && reused.reuse !== 'rechecked', `${row.why}: the census is taken again`);
      assert.deepStrictEqual(comparable(reused.analysis), comparable(analyze(newText, options)), row.why);
    }
  });

  it('re-checks alone a rename whose proposed names would meet others: proposals are no part of the analysis', () => {
    const everyClient: AnalysisOptions = { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } };
    // Each of these once took the census again, because a proposed name was handed out inside
    // the analysis; now a finding asks for a fix and the name is chosen where fixes are built.
    const rows: Array<{
      why: string;
      text: string;
      options?: AnalysisOptions;
      name: string;
      at: number;
      replacement: string;
    }> = [
      {
        why: 'its old proposal was numbered, and a later one resumed after it',
        text: openai('a.b', 'a_b', 'a-b', 'a/b', 'a:b'),
        name: 'a/b',
        at: 2,
        replacement: 'x',
      },
      {
        why: 'its new proposal is a name an earlier tool was given',
        text: openai('a/x', 'a.b'),
        name: 'a/x',
        at: 2,
        replacement: 'b',
      },
      {
        why: "another tool's proposal was checked against its new client wire name",
        text: mcpList('a/b', 'x_a_c'),
        options: everyClient,
        name: 'x_a_c',
        at: 4,
        replacement: 'b',
      },
    ];
    for (const row of rows) {
      const options = row.options ?? {};
      const previous = withCarry(row.text, options);
      const start = row.text.indexOf(`"${row.name}"`) + 1 + row.at;
      const change = { start, end: start + 1, text: row.replacement };
      const newText = edit(row.text, change);
      const reused = reanalyzeEdits(previous, [change], newText);
      assert.equal(reused?.reuse, 'rechecked', row.why);
      assert.deepStrictEqual(comparable(reused.analysis), comparable(analyze(newText, options)), row.why);
      // The fixes built on the reused analysis are those built on a fresh one.
      assert.deepStrictEqual(
        withFixes(newText, options, reused.analysis).findings.map((f) => f.fix),
        withFixes(newText, options, analyze(newText, options)).findings.map((f) => f.fix),
        row.why,
      );
    }
  });

  it("re-checks alone beside a client's pivot, or with its rewrite run again, when no other outcome moved", () => {
    const everyClient: AnalysisOptions = { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } };
    // A name too long for Codex's plain path (its key is null: its rewrite runs again), and an id
    // VS Code's census shares (its registration is sorted: a rename after the tool that throws
    // stays after it, beside the pivot). Renames that leave every other outcome as it was.
    const rows = [
      { text: mcpList('x'.repeat(64), 'a'), name: 'a', at: 0, replacement: 'b' },
      { text: mcpList('0', 'a.b', 'a_b', 'zz'), name: 'zz', at: 1, replacement: 'y' },
    ];
    for (const row of rows) {
      const text = row.text;
      const first = analyze(text, everyClient).tools[0]!.declaration.name.range.start + 1;
      const census = reanalyzeEdits(
        { text, analysis: analyze(text, everyClient), options: everyClient },
        [{ start: first, end: first + 1, text: text[first]! }],
        text,
      )!;
      const start = text.indexOf(`"${row.name}"`) + 1 + row.at;
      const change = { start, end: start + 1, text: row.replacement };
      const newText = edit(text, change);
      const reused = reanalyzeEdits(
        { text, analysis: census.analysis, options: everyClient, carry: census.carry! },
        [change],
        newText,
      );
      assert.equal(reused?.reuse, 'rechecked', `${row.name} -> ${row.replacement}: checked alone`);
      assert.deepStrictEqual(comparable(reused.analysis), comparable(analyze(newText, everyClient)));
    }
  });

  it("re-checks alone a rename behind the cause of a failed request: only the cause's count moves", () => {
    // `a.b` fails the request in the clients that send dots to a provider refusing them; every
    // other tool there is its collateral. `d_e` becoming `d.e` fails it on its own too, behind
    // `a.b`: the cause and every other outcome stay, and the cause takes one tool fewer down with
    // it (its finding is checked again). And back, one more.
    const text = mcpList('a.b', 'c', 'd_e', 'f');
    let previous: PreviousAnalysis = withCarry(text, EVERY_CLIENT);
    let current = text;
    for (const replacement of ['.', '_', '.']) {
      const start = current.search(/"d[._]e"/) + 2;
      const change = { start, end: start + 1, text: replacement };
      const newText = edit(current, change);
      const reused = reanalyzeEdits(previous, [change], newText);
      assert.equal(reused?.reuse, 'rechecked', `d${replacement}e: checked alone`);
      const fresh = analyze(newText, EVERY_CLIENT);
      assert.deepStrictEqual(comparable(reused.analysis), comparable(fresh), `d${replacement}e`);
      assert.ok(
        fresh.findings.some((f) => f.code === 'client-rejected' && /and [0-9]+ other tools? with it/.test(f.message)),
        'the cause says how many tools it takes down',
      );
      current = newText;
      previous = { text: current, analysis: reused.analysis, options: EVERY_CLIENT, carry: reused.carry! };
    }
  });

  it('a tool that stays in its group changes who the group keeps: the case map is found again, not updated', () => {
    // Two tools named a_b: the first is kept. a_b -> a.b keeps it in the group (same wire name),
    // but now the second is kept, offered, and must be in the case map: A_c -> A_b then meets it.
    const text = mcpList('a_b', 'a_b', 'A_c');
    const first = text.indexOf('"a_b"') + 2;
    const afterFirst = edit(text, { start: first, end: first + 1, text: '.' });
    const census = reanalyzeEdits(
      { text, options: {}, ...analyzeWithCarry(text) },
      [{ start: first, end: first + 1, text: '.' }],
      afterFirst,
    )!;
    assert.deepStrictEqual(comparable(census.analysis), comparable(analyze(afterFirst)));
    const second = afterFirst.indexOf('"A_c"') + 3;
    const afterSecond = edit(afterFirst, { start: second, end: second + 1, text: 'b' });
    const reused = reanalyzeEdits(
      { text: afterFirst, analysis: census.analysis, options: {}, carry: census.carry! },
      [{ start: second, end: second + 1, text: 'b' }],
      afterSecond,
    )!;
    const expected = analyze(afterSecond);
    assert.ok(
      expected.findings.some((f) => f.code === 'case-collision'),
      'a_b and A_b differ only in case',
    );
    assert.deepStrictEqual(comparable(reused.analysis), comparable(expected));
  });

  it('tells which findings are their predecessors moved', () => {
    const region = { start: 10, oldEnd: 12, newEnd: 15 }; // [10, 12) became [10, 15): +3 after it
    const finding = (start: number, end: number, extra: Record<string, unknown> = {}) => ({
      code: 'c',
      range: { start, end },
      related: [{ range: { start: 40, end: 42 }, file: 'other.json' }],
      ...extra,
    });
    assert.ok(sameAfterShift(finding(2, 5), finding(2, 5), region), 'before the edit');
    assert.ok(sameAfterShift(finding(23, 25), finding(20, 22), region), 'after the edit, moved');
    assert.ok(sameAfterShift(finding(2, 25), finding(2, 22), region), 'around the edit');
    assert.ok(!sameAfterShift(finding(20, 22), finding(20, 22), region), 'after the edit, not moved');
    assert.ok(!sameAfterShift(finding(10, 15), finding(10, 12), region), 'an offset on the edit is never the same');
    assert.ok(
      !sameAfterShift(finding(2, 5, { message: 'b' }), finding(2, 5, { message: 'a' }), region),
      'another message',
    );
    assert.ok(!sameAfterShift(finding(2, 5, { fix: {} }), finding(2, 5), region), 'a key more');
    const moved = { ...finding(23, 25), related: [{ range: { start: 43, end: 45 }, file: 'other.json' }] };
    assert.ok(!sameAfterShift(moved, finding(20, 22), region), "another file's range never moves");
  });

  it('pairs the findings of a re-census with their predecessors across findings added and removed', () => {
    const region = { start: 10, oldEnd: 11, newEnd: 11 }; // one character replaced at 10
    const finding = (start: number, code: string, message = 'm') =>
      ({
        code,
        severity: 'error',
        message,
        detail: '',
        range: { start, end: start + 4 },
        related: [],
      }) as unknown as Finding;
    const before = [finding(2, 'a'), finding(9, 'b'), finding(20, 'c'), finding(20, 'd'), finding(30, 'e', 'old')];
    // At 9 a finding is new and one is kept (its range holds the edit, no offset on it); at 20 one
    // of two is gone; at 30 the message changed.
    const now = [finding(2, 'a'), finding(9, 'x'), finding(9, 'b'), finding(20, 'd'), finding(30, 'e', 'new')];
    const of = findingPairs(now, before, region);
    assert.deepStrictEqual(
      now.map((_, i) => of(i)),
      [0, undefined, 1, 3, undefined],
    );
    // Findings after an edit that moved them pair with their predecessors there.
    const moved = { start: 7, oldEnd: 7, newEnd: 9 };
    const shiftedOf = findingPairs([finding(2, 'a'), finding(11, 'b'), finding(22, 'c')], before.slice(0, 3), moved);
    assert.deepStrictEqual([0, 1, 2].map(shiftedOf), [0, 1, 2]);
    // Two equal findings at one place pair one to one.
    const twice = [finding(20, 'c'), finding(20, 'c')];
    const twiceOf = findingPairs(
      twice,
      twice.map((f) => ({ ...f })),
      region,
    );
    assert.deepStrictEqual([twiceOf(0), twiceOf(1)], [0, 1]);
  });

  it('takes at most one census for the changes of one didChange; a tool checked alone takes none', () => {
    const text = pretty({
      tools: [
        { name: 'ab', description: 'x' },
        { name: 'cd', description: 'y' },
        { name: 'azb', description: 'z' },
        { name: 'czd', description: 'w' },
      ],
    });
    const previous = { text, analysis: analyze(text), options: {} };
    // ab -> azb and cd -> czd each make a collision: a census each.
    const first = insertAfter(text, '"a', 'z');
    const description = { ...insertAfter(edit(text, first), '"x', 'q') };
    const both = reanalyzeEdits(previous, [first, description], edit(edit(text, first), description));
    assert.equal(both?.reuse, 'recensused', 'one name and one description: one census');
    const second = insertAfter(edit(text, first), '"c', 'z');
    assert.equal(
      reanalyzeEdits(previous, [first, second], edit(edit(text, first), second)),
      undefined,
      'two censuses: a full analysis',
    );
    // From the census's carry, names that meet no other name are checked alone, one after another.
    const afterFirst = edit(text, first);
    const census = reanalyzeEdits(previous, [first], afterFirst)!;
    const third = insertAfter(afterFirst, '"c', 'q');
    const fourth = insertAfter(edit(afterFirst, third), '"czd', 'w');
    const alone = reanalyzeEdits(
      { text: afterFirst, analysis: census.analysis, options: {}, carry: census.carry! },
      [third, fourth],
      edit(edit(afterFirst, third), fourth),
    );
    assert.equal(alone?.reuse, 'rechecked', 'two names checked alone');
    assert.deepStrictEqual(comparable(alone.analysis), comparable(analyze(edit(edit(afterFirst, third), fourth))));
  });
});
