// A fixed-seed fuzz run against the built server is part of npm test, every failure it ever found
// and that was fixed is replayed, and the invariants are shown to fail on the answers they reject.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { mcpList, openaiChat } from '../core/helpers';
import { fuzz, replay, type ReplayFile } from './fuzz';
import { LANGUAGES } from '../../server/src/core/languages';
import { SDK_SURFACES } from './sdkSeeds';
import { SURFACES } from './surfaces';
import { CoreOracle, diagnosticProblems, editProblems, rangeProblems, symbolProblems } from './invariants';

/** A few thousand edits: about half a minute on an idle two-core machine. */
const SUITE_EDITS = 2500;
const SUITE_SEED = 1313;

test(`fuzz: ${SUITE_EDITS} edits from seed ${SUITE_SEED} keep every invariant`, async (t) => {
  // A failure is shrunk and saved under .artefacts/fuzz/ (gitignored), where CI can keep it.
  const result = await fuzz({ seed: SUITE_SEED, edits: SUITE_EDITS, surfaces: ['json'] });
  t.diagnostic(
    `${result.cases} cases, ${result.edits} edits, ${result.requests} requests, ${result.fixesChecked} fixes checked, in ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  assert.deepEqual(
    result.failures.map((f) => `${f.message}\n  replay: npm run fuzz -- --replay ${f.replayFile}`),
    [],
  );
  assert.ok(result.edits >= SUITE_EDITS, `ran ${result.edits} edits`);
});

/** YAML and source documents, a short run: their cases parse more per edit (tree-sitter, twice). */
const OTHER_EDITS = 300;

test(`fuzz: ${OTHER_EDITS} edits of YAML and TypeScript documents from seed ${SUITE_SEED} keep every invariant`, async (t) => {
  const result = await fuzz({ seed: SUITE_SEED, edits: OTHER_EDITS, surfaces: ['yaml', 'typescript'] });
  t.diagnostic(
    `${result.cases} cases, ${result.edits} edits, ${result.requests} requests, ${result.fixesChecked} fixes checked, in ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  assert.deepEqual(
    result.failures.map((f) => `${f.message}\n  replay: npm run fuzz -- --replay ${f.replayFile}`),
    [],
  );
  assert.ok(result.edits >= OTHER_EDITS, `ran ${result.edits} edits`);
});

/** The seven SDK languages beside them (sdkSeeds.ts): one batch of cases, a few hundred edits. */
const SDK_EDITS = 150;

test(`fuzz: ${SDK_EDITS} edits of Java, Rust, C#, Kotlin, Swift, Ruby and PHP servers from seed ${SUITE_SEED} keep every invariant`, async (t) => {
  const result = await fuzz({ seed: SUITE_SEED, edits: SDK_EDITS, surfaces: SDK_SURFACES });
  t.diagnostic(
    `${result.cases} cases, ${result.edits} edits, ${result.requests} requests, ${result.fixesChecked} fixes checked, in ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  assert.deepEqual(
    result.failures.map((f) => `${f.message}\n  replay: npm run fuzz -- --replay ${f.replayFile}`),
    [],
  );
  assert.ok(result.edits >= SDK_EDITS, `ran ${result.edits} edits`);
});

test('every syntax toolwire reads is a fuzz surface (TSX is TypeScript with JSX: the typescript surface)', () => {
  const read = LANGUAGES.map((l) => l.syntax).filter((syntax) => syntax !== 'tsx');
  assert.deepEqual([...read].sort(), [...SURFACES].sort());
});

const oracle = new CoreOracle();
const TEXT = mcpList('a.b', 'ok');

/** The server's diagnostics as they should be: the core's findings, converted by hand. */
function served(text: string, version: number): Diagnostic[] {
  const lines = text.split('\n');
  const position = (offset: number) => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length - 1, character: before[before.length - 1]!.length };
  };
  assert.ok(lines.length > 1);
  const severity = { error: 1, warning: 2, information: 3, hint: 4 } as const;
  return oracle.analysis(text).findings.map((f) => ({
    range: { start: position(f.range.start), end: position(f.range.end) },
    severity: severity[f.severity],
    code: f.code,
    source: 'toolwire',
    message: f.message,
    data: {
      version,
      ...(f.fix
        ? {
            fix: {
              edits: f.fix.edits.map((e) => ({
                range: { start: position(e.range.start), end: position(e.range.end) },
                newText: e.newText,
                oldText: e.oldText,
              })),
            },
          }
        : {}),
      ...(f.nameFix ? { nameFix: f.nameFix } : {}),
    },
  }));
}

test('fuzz invariants: diagnostics must equal the core analysis of their version', () => {
  const good = served(TEXT, 3);
  assert.ok(good.length > 0);
  assert.deepEqual(diagnosticProblems(TEXT, 3, good, oracle.analysis(TEXT)), []);
  assert.match(
    diagnosticProblems(TEXT, 2, good, oracle.analysis(TEXT)).join(),
    /differ from the core/,
    'a version from the future',
  );
  assert.deepEqual(
    diagnosticProblems(TEXT, 4, good, oracle.analysis(TEXT)),
    [],
    'an older version (a diagnostic kept from a reused analysis)',
  );
  assert.match(
    diagnosticProblems(TEXT, 3, good.slice(1), oracle.analysis(TEXT)).join(),
    /differ from the core/,
    'one missing',
  );
  const shifted = good.map((d, i) =>
    i === 0
      ? { ...d, range: { start: d.range.start, end: { ...d.range.end, character: d.range.end.character - 1 } } }
      : d,
  );
  assert.match(
    diagnosticProblems(TEXT, 3, shifted, oracle.analysis(TEXT)).join(),
    /differ from the core/,
    'a shorter range',
  );
  const outside = good.map((d) => ({ ...d, range: { start: d.range.start, end: { line: 999, character: 0 } } }));
  assert.match(diagnosticProblems(TEXT, 3, outside, oracle.analysis(TEXT)).join(), /not inside the document/);
});

test('fuzz invariants: ranges inside the document, on whole UTF-16 characters', () => {
  const text = 'ab\n😀\r\ncd';
  assert.deepEqual(
    rangeProblems(text, [{ what: 'r', range: { start: { line: 0, character: 2 }, end: { line: 2, character: 2 } } }]),
    [],
  );
  assert.match(
    rangeProblems(text, [
      { what: 'r', range: { start: { line: 0, character: 3 }, end: { line: 0, character: 3 } } },
    ]).join(),
    /past the end of line 0/,
  );
  assert.match(
    rangeProblems(text, [
      { what: 'r', range: { start: { line: 1, character: 1 }, end: { line: 1, character: 2 } } },
    ]).join(),
    /splits a surrogate pair/,
  );
  assert.match(
    rangeProblems(text, [
      { what: 'r', range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } } },
    ]).join(),
    /past the last line/,
  );
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  assert.match(
    symbolProblems(text, [
      { name: 's', kind: 12, range, selectionRange: { start: range.start, end: { line: 1, character: 0 } } },
    ]).join(),
    /not inside its range/,
  );
});

test('fuzz invariants: an edit may not break parsing, add an error, or leave the finding it fixes', () => {
  const before = oracle.analysis(openaiChat(['a.b', 'c']));
  const fixed = before.findings.find((f) => f.code === 'invalid-name')!;
  assert.deepEqual(
    editProblems('fix', before, oracle.analysis(openaiChat(['a_b', 'c'])), {
      code: fixed.code,
      pointer: fixed.pointer,
    }),
    [],
  );
  assert.match(
    editProblems('fix', before, oracle.analysis(openaiChat(['a.b', 'c'])), {
      code: fixed.code,
      pointer: fixed.pointer,
    }).join(),
    /did not remove/,
  );
  assert.match(
    editProblems('fix', before, oracle.analysis(openaiChat(['a_b', 'c', 'c'])), undefined).join(),
    /added an error: wire-collision/,
  );
  assert.match(
    editProblems('fix', before, oracle.analysis(openaiChat(['a_b', 'c']).slice(0, -3)), undefined).join(),
    /unparseable/,
  );
});

// The cases of test/fuzz/replays/ failed once and pass since their fix (those in open/ still fail,
// and docs/fuzzing.md lists them): each is a regression test.
const REPLAYS = join(__dirname, 'replays');
for (const name of readdirSync(REPLAYS).filter((n) => n.endsWith('.json'))) {
  test(`fuzz replay ${name} passes`, async () => {
    assert.equal(await replay(join(REPLAYS, name)), undefined);
  });
}

test('fuzz --replay runs a saved case again', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'toolwire-replay-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'case.json');
  const saved: ReplayFile = {
    seed: 1,
    path: '0',
    failure: '(none)',
    case: {
      mode: 'pull',
      initial: mcpList('a.b', 'a_b'),
      steps: [
        { kind: 'quickFix', pick: 0, all: false },
        { kind: 'edit', at: 3, remove: 1, insert: '"' },
      ],
    },
  };
  writeFileSync(file, JSON.stringify(saved));
  assert.equal(await replay(file), undefined);
});
