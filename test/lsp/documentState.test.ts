import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ALL_CLIENT_IDS, PieceText, type AnalysisOptions, type DocumentResult } from '../../server/src/core';
import { analyze, analyzeWithCarry } from '../../server/src/core/analyze';
import { withFixes } from '../../server/src/core/fixes/buildFixes';
import { diagnosticsOf, type DiagnosticCache } from '../../server/src/features/diagnostics';
import { generate } from '../../bench/generate';
import { AnalysisIndex } from '../../server/src/analysisIndex';
import { DocumentAnalyzer } from '../../server/src/documentState';
import { EditLog } from '../../server/src/editLog';
import { DEFAULT_SETTINGS, normalizeSettings } from '../../server/src/settings';
import { mcpList } from './fixtures';

/** The server's analyzer over an edit log, with default settings and a silent logger. */
function analyzerOver(
  log: EditLog,
  pipeline: (uri: string, text: string) => DocumentResult | Promise<DocumentResult>,
): DocumentAnalyzer {
  return new DocumentAnalyzer(
    { forDocument: () => Promise.resolve(DEFAULT_SETTINGS) },
    pipeline,
    { error: () => undefined, info: () => undefined },
    { edits: (uri, from, to) => log.since(uri, from, to), onBase: (uri, version) => log.trim(uri, version) },
  );
}

/** What the pipeline answers for a file with no config. */
function resultOf(text: string, options: AnalysisOptions): DocumentResult {
  return {
    kind: 'analysis',
    analysis: analyze(text, options),
    options,
    config: undefined,
    reads: [],
    text,
    modelled: { providers: [] },
  };
}

/** The same, with the census's carry, as the service answers. */
function carryingResultOf(text: string, options: AnalysisOptions): DocumentResult {
  const { analysis, carry } = analyzeWithCarry(text, options);
  return {
    kind: 'analysis',
    analysis,
    options,
    config: undefined,
    reads: [],
    text,
    modelled: { providers: [] },
    carry,
  };
}

/** An analyzer over an edit log, counting how often the full pipeline runs. */
function harness() {
  const log = new EditLog();
  const options: AnalysisOptions = { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } };
  let runs = 0;
  const pipeline = (_uri: string, text: string): DocumentResult => {
    runs += 1;
    return resultOf(text, options);
  };
  const analyzer = analyzerOver(log, pipeline);
  let document = log.documents.create(
    'file:///t.json',
    'json',
    1,
    mcpList('a.b', 'a_b', 'c').replace(/"name"/g, '"description": "about", "name"'),
  );
  const edit = (needle: string, delta: number, text: string, count = 0) => {
    const found = document.getText().indexOf(needle);
    assert.ok(found >= 0, needle);
    const at = found + delta;
    document = log.documents.update(
      document,
      [{ range: { start: document.positionAt(at), end: document.positionAt(at + count) }, text }],
      document.version + 1,
    );
  };
  const check = async () => {
    const state = await analyzer.stateFor(document);
    assert.equal(state.kind, 'analysis');
    if (state.kind === 'analysis')
      assert.deepStrictEqual(state.analysis.findings, analyze(document.getText(), options).findings);
  };
  return { analyzer, edit, check, runs: () => runs, document: () => document };
}

describe('the document analyzer re-analyses in proportion to the edit', () => {
  test('a description or name edit reuses the previous analysis; settings and dependencies run the pipeline', async () => {
    const h = harness();
    await h.check();
    assert.equal(h.runs(), 1);
    h.edit('about', 2, 'xyz');
    await h.check();
    assert.equal(h.runs(), 1, 'a description edit needs no pipeline run');
    // Two versions at once (the debounce skipped one): the log chains them.
    h.edit('abxyzout', 1, 'Q');
    h.edit('aQbxyzout', 3, '', 1);
    await h.check();
    assert.equal(h.runs(), 1, 'edits over several versions are chained');
    h.edit('aQbyzout', 1, 'R');
    h.edit('"about"', 2, 'S');
    await h.check();
    assert.equal(h.runs(), 1, 'edits in two tools are reused one by one');
    h.edit('"a_b"', 1, 'z');
    await h.check();
    assert.equal(h.runs(), 1, 'a name edit re-takes the census from the kept read, not the pipeline');
    const description = '"description": "';
    h.edit(description, description.length + 1, 'k');
    h.analyzer.invalidateAll();
    await h.check();
    assert.equal(h.runs(), 2, 'a settings or config change runs the pipeline');
    h.edit(description, description.length + 1, 'k');
    h.analyzer.touch(h.document().uri);
    await h.check();
    assert.equal(h.runs(), 3, 'a change of a file the census read runs the pipeline');
    h.edit(description, description.length + 1, 'k');
    await h.check();
    assert.equal(h.runs(), 3, 'and the next description edit is reused again');
  });

  test('an edit during an analysis (the document changes in place) never pairs the new version with the old text', async () => {
    const log = new EditLog();
    const options: AnalysisOptions = {};
    let release: () => void = () => undefined;
    let gate: Promise<void> | undefined = new Promise((resolve) => (release = resolve));
    let runs = 0;
    const pipeline = async (_uri: string, text: string): Promise<DocumentResult> => {
      runs += 1;
      // The first run waits (as for a grammar load or the browser's reads) while the user types.
      const waiting = gate;
      gate = undefined;
      if (waiting) await waiting;
      return resultOf(text, options);
    };
    const analyzer = analyzerOver(log, pipeline);
    const first = mcpList('a.b', 'a_b').replace(/"name"/g, '"description": "about", "name"');
    let document = log.documents.create('file:///race.json', 'json', 1, first);
    const pending = analyzer.stateFor(document);
    await new Promise((resolve) => setImmediate(resolve));
    const at = document.getText().indexOf('about') + 1;
    document = log.documents.update(
      document,
      [{ range: { start: document.positionAt(at), end: document.positionAt(at) }, text: 'zz' }],
      2,
    );
    release();
    const state = await pending;
    assert.equal(state.version, 1);
    assert.ok(state.kind === 'analysis' && state.text === first, 'the state is of the text it analysed');
    // The next edit starts from version 1's base, with both edits replayed (a base stamped with
    // version 2 but holding version 1's text would lose the first edit).
    const at2 = document.getText().lastIndexOf('about') + 2;
    document = log.documents.update(
      document,
      [{ range: { start: document.positionAt(at2), end: document.positionAt(at2) }, text: 'q' }],
      3,
    );
    const next = await analyzer.stateFor(document);
    assert.ok(next.kind === 'analysis');
    if (next.kind === 'analysis')
      assert.deepStrictEqual(next.analysis.findings, analyze(document.getText(), options).findings);
    assert.equal(runs, 1, 'both description edits were reused from the right base');
  });

  test('a document closed while it is analysed keeps no base; reopened, it starts over', async () => {
    const log = new EditLog();
    const options: AnalysisOptions = {};
    let runs = 0;
    const pipeline = async (_uri: string, text: string): Promise<DocumentResult> => {
      runs += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return resultOf(text, options);
    };
    const analyzer = analyzerOver(log, pipeline);
    const before = mcpList('a.b', 'a_b');
    const pending = analyzer.stateFor(log.documents.create('file:///closed.json', 'json', 1, before));
    analyzer.forget('file:///closed.json');
    await pending;
    // Reopened at version 1 with other text of the same length: no stale reuse.
    const after = before.replace('a_b', 'a-b');
    const reopened = await analyzer.stateFor(log.documents.create('file:///closed.json', 'json', 1, after));
    assert.equal(runs, 2);
    assert.ok(reopened.kind === 'analysis');
    if (reopened.kind === 'analysis')
      assert.deepStrictEqual(reopened.analysis.findings, analyze(after, options).findings);
  });

  test('the edit log refuses a gap and keeps offsets of multi-change events exact', () => {
    const log = new EditLog();
    let document = log.documents.create('file:///t.json', 'json', 1, 'abcdef');
    document = log.documents.update(
      document,
      [
        { range: { start: { line: 0, character: 4 }, end: { line: 0, character: 5 } }, text: 'XY' },
        { range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, text: '12' },
      ],
      2,
    );
    assert.equal(document.getText(), 'a12bcdXYf');
    assert.deepEqual(log.since(document.uri, 1, 2), [
      { start: 4, end: 5, text: 'XY' },
      { start: 1, end: 1, text: '12' },
    ]);
    document = log.documents.update(document, [{ text: 'whole' }], 3);
    assert.deepEqual(log.since(document.uri, 2, 3), [{ start: 0, end: 9, text: 'whole' }]);
    assert.equal(log.since(document.uri, 0, 3), undefined);
    log.trim(document.uri, 2);
    assert.equal(log.since(document.uri, 1, 3), undefined);
    assert.ok(log.since(document.uri, 2, 3));
    assert.equal(TextDocument.create('x:', 'json', 1, '').getText(), '');
  });
});

/** renamed-on-wire turned on (off by default): a diagnostic on every capability of a manifest. */
const HINTS: AnalysisOptions = { severity: { 'renamed-on-wire': 'hint' } };

/**
 * A 300-capability ADS manifest (a hint on every capability, `HINTS`) opened over an edit log,
 * with its first diagnostics made through a cache, a count of full pipeline runs, and the
 * diagnostics a fresh analyzer makes for the document's current text (compared without
 * `data.version`).
 */
async function manifestHarness(uri: string, text = generate('ads-manifest', 300)) {
  const log = new EditLog();
  let runs = 0;
  const analyzer = analyzerOver(log, (_uri, text) => {
    runs += 1;
    return resultOf(text, HINTS);
  });
  const document = log.documents.create(uri, 'json', 1, text);
  const cache: DiagnosticCache = new WeakMap();
  const before = diagnosticsOf(document, await analyzer.stateFor(document), undefined, cache);
  const withoutVersion = (items: readonly { data?: unknown }[]) =>
    items.map((d) => ({ ...d, data: { ...(d.data as object), version: 0 } }));
  const fresh = async () => {
    const other = analyzerOver(new EditLog(), (_uri, t) => resultOf(t, HINTS));
    return withoutVersion(
      diagnosticsOf(
        document,
        await other.stateFor(TextDocument.create(uri, 'json', document.version, document.getText())),
      ),
    );
  };
  return { log, analyzer, text, document, cache, before, runs: () => runs, withoutVersion, fresh };
}

/**
 * `work` with a spy on the one way to a document's whole text, PieceText.toString (its pieces
 * joined); `joins()` counts the calls so far. The spy is gone when `work` settles.
 */
async function spyingOnJoins<T>(work: (joins: () => number) => Promise<T>): Promise<T> {
  const join = PieceText.prototype.toString;
  let joins = 0;
  PieceText.prototype.toString = function (this: PieceText) {
    joins += 1;
    return join.call(this);
  };
  try {
    return await work(() => joins);
  } finally {
    PieceText.prototype.toString = join;
  }
}

describe('an edit reads what it touches', () => {
  test("a reused analysis's diagnostics never join the document's text", async () => {
    const { log, analyzer, text, document, cache, before, runs, withoutVersion, fresh } =
      await manifestHarness('file:///m.json');
    assert.ok(before.length > 100, 'every capability has a hint to carry over');
    const at = document.positionAt(text.indexOf('Performs operation 150 ') + 4);
    const after = await spyingOnJoins(async (joins) => {
      log.documents.update(document, [{ range: { start: at, end: at }, text: 'x' }], 2);
      const state = await analyzer.stateFor(document);
      const made = diagnosticsOf(document, state, undefined, cache);
      assert.equal(runs(), 1, 'the description edit reused the analysis');
      assert.equal(joins(), 0, 'nothing on the way to the diagnostics read the whole text');
      assert.equal(state.kind === 'analysis' && state.text.length, text.length + 1);
      assert.equal(joins(), 1, 'the spy sees a handler that does read it');
      return made;
    });
    assert.deepStrictEqual(withoutVersion(after), await fresh());
  });

  test("a name edit that changes another tool's proposed name leaves its diagnostic: the name is built when asked", async () => {
    const log = new EditLog();
    let runs = 0;
    const analyzer = analyzerOver(log, (_uri, text) => {
      runs += 1;
      return resultOf(text, {});
    });
    const uri = 'file:///collide.json';
    const fn = (name: string) => ({ type: 'function', function: { name, description: 'd' } });
    const text = JSON.stringify({ model: 'm', tools: [fn('a.b'), fn('a_c')] }, null, 2);
    const document = log.documents.create(uri, 'json', 1, text);
    const cache: DiagnosticCache = new WeakMap();
    const beforeState = await analyzer.stateFor(document);
    const before = diagnosticsOf(document, beforeState, undefined, cache);
    const proposedFor = (state: typeof beforeState, at: string) =>
      state.kind === 'analysis'
        ? withFixes(at, {}, state.analysis).findings.find((f) => f.tool === 0 && f.fix)?.fix?.proposed
        : undefined;
    assert.equal(proposedFor(beforeState, text), 'a_b');
    // a_c -> a_b: the rename offered for a.b (on a line the edit did not touch, with no related
    // place on it) can no longer be a_b. Its diagnostic carries the intent, not the name.
    const at = document.positionAt(text.indexOf('a_c') + 2);
    log.documents.update(
      document,
      [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: 'b' }],
      2,
    );
    const afterState = await analyzer.stateFor(document);
    const after = diagnosticsOf(document, afterState, undefined, cache);
    assert.equal(runs, 1, 'the name edit reused the read');
    assert.equal(after.length, before.length);
    assert.deepStrictEqual(after[0]?.data, before[0]?.data, 'the data of a.b holds no proposed name');
    const proposed = proposedFor(afterState, document.getText());
    assert.ok(proposed !== undefined && proposed !== 'a_b', `the fix built now proposes ${proposed}`);
    const fresh = await analyzerOver(new EditLog(), (_uri, t) => resultOf(t, {})).stateFor(
      TextDocument.create(uri, 'json', 2, document.getText()),
    );
    const withoutVersion = (items: readonly { data?: unknown }[]) =>
      items.map((d) => ({ ...d, data: { ...(d.data as object), version: 0 } }));
    assert.deepStrictEqual(withoutVersion(after), withoutVersion(diagnosticsOf(document, fresh)));
  });

  test("a name edit's new diagnostics read the text in windows, never whole", async () => {
    const { log, analyzer, text, document, cache, runs, withoutVersion, fresh } =
      await manifestHarness('file:///name.json');
    // Every capability has an https:// address: telling a URL from a comment needs the whole
    // text once, when the document is opened, and the answer is kept across edits.
    const at = document.positionAt(text.indexOf('"com.example.svc0.op150"') + 5);
    const after = await spyingOnJoins(async (joins) => {
      log.documents.update(document, [{ range: { start: at, end: at }, text: 'x' }], 2);
      const made = diagnosticsOf(document, await analyzer.stateFor(document), undefined, cache);
      assert.equal(joins(), 0, 'neither the re-census nor its diagnostics read the whole text');
      return made;
    });
    assert.equal(runs(), 1, 'the name edit reused the read');
    assert.deepStrictEqual(withoutVersion(after), await fresh());
  });

  test('a name edit keeps the diagnostics of the findings it did not change', async () => {
    const { log, analyzer, document, cache, before, runs, withoutVersion, fresh } =
      await manifestHarness('file:///names.json');
    let previous = before;
    // Names early, late and in the middle; inserted, replaced and deleted characters.
    const edits: Array<[string, number, string]> = [
      ['"com.example.svc10.op10"', 0, 'x'],
      ['"com.example.svc49.op299"', 1, 'Z'],
      ['"com.example.svc0.op150"', 1, ''],
    ];
    for (const [needle, length, inserted] of edits) {
      const current = document.getText();
      const start = current.indexOf(needle) + needle.length - 3;
      log.documents.update(
        document,
        [{ range: { start: document.positionAt(start), end: document.positionAt(start + length) }, text: inserted }],
        document.version + 1,
      );
      const after = diagnosticsOf(document, await analyzer.stateFor(document), undefined, cache);
      const line = document.positionAt(start).line;
      const kept = after.filter((d, i) => d === previous[i]).length;
      assert.equal(
        kept,
        after.filter((d) => d.range.start.line !== line).length,
        `${needle}: every diagnostic off the edited line is kept`,
      );
      assert.deepStrictEqual(withoutVersion(after), await fresh(), needle);
      previous = after;
    }
    assert.equal(runs(), 1, 'every name edit reused the read');
  });

  test('a name edit that adds or removes a finding keeps the diagnostics of the others', async () => {
    const { log, analyzer, document, cache, before, runs, withoutVersion, fresh } = await manifestHarness(
      'file:///openai.json',
      generate('openai-chat', 300),
    );
    let previous = before;
    // tool_103_update -> tool.103_update (a new invalid-name finding), and back (gone again).
    for (const replacement of ['.', '_']) {
      const start = document.getText().search(/"tool[._]103_/) + 5;
      log.documents.update(
        document,
        [{ range: { start: document.positionAt(start), end: document.positionAt(start + 1) }, text: replacement }],
        document.version + 1,
      );
      const after = diagnosticsOf(document, await analyzer.stateFor(document), undefined, cache);
      assert.equal(Math.abs(after.length - previous.length), 1, `${replacement}: one finding more or less`);
      const line = document.positionAt(start).line;
      const kept = after.filter((d) => previous.includes(d)).length;
      assert.equal(
        kept,
        after.filter((d) => d.range.start.line !== line).length,
        `${replacement}: every diagnostic off the edited line is kept`,
      );
      assert.deepStrictEqual(withoutVersion(after), await fresh(), replacement);
      previous = after;
    }
    assert.equal(runs(), 1, 'both name edits reused the read');
  });

  test("the first name edit after a full analysis re-checks the renamed tool alone, from the pipeline's carry", async () => {
    const log = new EditLog();
    const analyzer = analyzerOver(log, (_uri, text) => carryingResultOf(text, {}));
    const document = log.documents.create('file:///first.json', 'json', 1, generate('openai-chat', 50));
    const before = await analyzer.stateFor(document);
    const at = document.positionAt(document.getText().indexOf('"tool_43_') + 5);
    log.documents.update(
      document,
      [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: '.' }],
      2,
    );
    const after = await analyzer.stateFor(document);
    assert.ok(before.kind === 'analysis' && after.kind === 'analysis');
    // A lone re-check shifts the previous analysis: the tools before the edit are the very same objects.
    assert.equal(after.analysis.tools[0], before.analysis.tools[0], 'the first tool was not censused again');
    assert.deepStrictEqual(after.analysis.findings, analyze(document.getText()).findings);
  });

  test('several changes in one didChange, each within a line, keep the diagnostics they did not displace', async () => {
    const { log, analyzer, text, document, cache, before, runs, withoutVersion, fresh } =
      await manifestHarness('file:///n.json');
    // Multi-cursor typing in two descriptions; the second change's place is in the text the first left.
    const first = document.positionAt(text.indexOf('Performs operation 100 ') + 4);
    const second = document.positionAt(text.indexOf('Performs operation 200 ') + 4);
    log.documents.update(
      document,
      [
        { range: { start: first, end: first }, text: 'ab' },
        { range: { start: second, end: { line: second.line, character: second.character + 3 } }, text: 'z' },
      ],
      2,
    );
    const after = diagnosticsOf(document, await analyzer.stateFor(document), undefined, cache);
    assert.equal(runs(), 1, 'both description edits reused the analysis');
    assert.equal(
      after.filter((d, i) => d === before[i]).length,
      before.length,
      'no finding sits on an edited line: every diagnostic carried over',
    );
    assert.deepStrictEqual(withoutVersion(after), await fresh());
  });
});

describe('the lookups beside an analysis', () => {
  test('a reused analysis takes over the all-clients tables; a name edit computes them again', async () => {
    const log = new EditLog();
    const analyzer = analyzerOver(log, (_uri, text) => resultOf(text, {}));
    const document = log.documents.create(
      'file:///c.json',
      'json',
      1,
      mcpList('a.b', 'a_b', 'c').replace(/"name"/g, '"description": "about", "name"'),
    );
    const tablesOf = async () => {
      const state = await analyzer.stateFor(document);
      assert.equal(state.kind, 'analysis');
      return state.kind === 'analysis' ? state.index.clientResults('srv') : assert.fail();
    };
    const first = await tablesOf();
    assert.ok(first.results.length > 0 && !first.enabled, 'no client enabled: every client over this file');
    const edit = (needle: string, delta: number, text: string) => {
      const at = document.positionAt(document.getText().indexOf(needle) + delta);
      log.documents.update(document, [{ range: { start: at, end: at }, text }], document.version + 1);
    };
    edit('about', 2, 'xyz');
    assert.equal(await tablesOf(), first, 'a description edit keeps the very tables');
    edit('"c"', 1, 'd');
    const renamed = await tablesOf();
    assert.notEqual(renamed, first, 'a name edit is a new analysis, with tables of its own');
    assert.ok(
      renamed.results.some((r) => r.tools.some((t) => t.wireName?.includes('dc'))),
      'the new name is in them',
    );
  });

  test('after edits that move names, lookups by offset answer as freshly sorted ones', async () => {
    const log = new EditLog();
    const analyzer = analyzerOver(log, (_uri, text) => resultOf(text, {}));
    const tools = Array.from({ length: 12 }, (_, i) => `{"name": "t.${i}", "description": "about ${i}"}`);
    const document = log.documents.create('file:///o.json', 'json', 1, `{"tools": [\n${tools.join(',\n')}\n]}`);
    const indexOf = async () => {
      const state = await analyzer.stateFor(document);
      return state.kind === 'analysis' ? state.index : assert.fail(state.kind);
    };
    (await indexOf()).locate(0); // sorted now, so the next versions carry its order
    for (const [needle, text] of [
      ['about 3', 'xx'],
      ['about 7', ''],
      ['about 0', 'y'],
    ] as const) {
      const found = document.getText().indexOf(needle) + 1;
      const start = document.positionAt(found);
      const end = document.positionAt(found + (text === '' ? 2 : 0));
      log.documents.update(document, [{ range: { start, end }, text }], document.version + 1);
      const carried = await indexOf();
      const fresh = new AnalysisIndex(carried.analysis);
      const length = document.getText().length;
      for (let offset = 0; offset <= length; offset += 1)
        assert.deepStrictEqual(carried.locate(offset), fresh.locate(offset), `locate(${offset}) after ${needle}`);
      for (let from = 0; from <= length; from += 7)
        assert.deepStrictEqual(carried.namesEndingIn(from, from + 40), fresh.namesEndingIn(from, from + 40));
    }
  });
});

describe('big files', () => {
  test('the size limit defaults to 50 MB, what VS Code syncs to extensions, and stays a setting', () => {
    const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    };
    assert.equal(DEFAULT_SETTINGS.maxFileSizeMB, 50);
    assert.equal(manifest.contributes.configuration.properties['toolwire.maxFileSize']?.default, 50);
    assert.equal(normalizeSettings({}).maxFileSizeMB, 50);
    assert.equal(normalizeSettings({ maxFileSize: 2 }).maxFileSizeMB, 2);
  });
});
