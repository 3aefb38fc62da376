import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ALL_CLIENT_IDS, computeFixAll, planRename, type AnalysisOptions, type Finding } from '../../server/src/core';
import { applyOffsetEdits, proveEdits } from '../../server/src/core/fixes/proof';
import { adsManifest, fixedAnalysis, mcpList } from './helpers';

/** Issue 13: every fix offered must be proven by re-analysis against all findings. */
const fixable = (text: string, options?: AnalysisOptions) =>
  fixedAnalysis(text, options).findings.filter(
    (f): f is Finding & { fix: NonNullable<Finding['fix']> } => f.fix !== undefined,
  );

const prove = (text: string, options: AnalysisOptions, finding: Finding & { fix: NonNullable<Finding['fix']> }) =>
  proveEdits(text, options, fixedAnalysis(text, options), finding.fix.edits, [
    { code: finding.code, pointer: finding.pointer },
  ]);

describe('issue 13: fixes that do not fix', () => {
  const long = 'x'.repeat(64);
  const vscode: AnalysisOptions = { clients: { enabled: ['vscode'], server: 's' } };

  test("VS Code enabled, two same-named long tools: no rename to the tool's own name", () => {
    const text = mcpList(long, long);
    const analysis = fixedAnalysis(text, vscode);
    for (const finding of fixable(text, vscode)) {
      const tool = analysis.tools[finding.tool!]!;
      assert.notEqual(finding.fix.proposed, tool.name, `${finding.code} proposes the tool's own name`);
      assert.equal(prove(text, vscode, finding).kind, 'proven', finding.fix.title);
    }
    const result = computeFixAll(text, vscode, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.notEqual(result.text, text);
    assert.deepEqual(
      fixedAnalysis(result.text, vscode)
        .findings.filter((f) => f.severity === 'error')
        .map((f) => f.code),
      [],
    );
  });

  test('derivation "ads" forced on an MCP file: no invocationName (it would change nothing), and fix-all converges', () => {
    const options: AnalysisOptions = { derivation: 'ads' };
    const text = mcpList('a.b', 'a-b');
    assert.ok(fixable(text, options).length > 0);
    for (const finding of fixable(text, options)) assert.equal(finding.fix.kind, 'rename');
    const first = computeFixAll(text, options, undefined, { unsafe: true });
    assert.equal(first.kind, 'edits');
    if (first.kind !== 'edits') return;
    assert.doesNotMatch(first.text, /invocationName/);
    // A second fix-all (the next save) finds nothing left to do.
    assert.deepEqual(computeFixAll(first.text, options, undefined, { unsafe: true }), {
      kind: 'nothing',
      unsafeLeft: 0,
    });
  });

  test('a fix that reveals a masked error is not proven (client-collision hid client-rejected)', () => {
    const options: AnalysisOptions = { clients: { enabled: ['openai-agents'], server: 's' } };
    const text = mcpList('a.b', 'a.b');
    // The client-collision folds into the first a.b's wire-collision, which carries its fix.
    const finding = fixable(text, options).find((f) => f.also?.includes('client-collision'));
    assert.ok(finding);
    assert.equal(finding.code, 'wire-collision');
    const proof = prove(text, options, finding);
    assert.equal(proof.kind, 'refused');
    if (proof.kind === 'refused') assert.match(proof.reason, /new error/);
    // Fix-all repairs the set: it fixes the revealed error too, and the result is clean.
    const result = computeFixAll(text, options, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.equal(result.fixed, 2);
    assert.deepEqual(
      fixedAnalysis(result.text, options)
        .findings.filter((f) => f.severity === 'error')
        .map((f) => f.code),
      [],
    );
  });

  test('renamed-on-wire raised to error: Add invocationName is refused, and fix-all applies nothing', () => {
    const options: AnalysisOptions = { severity: { 'renamed-on-wire': 'error' } };
    const text = adsManifest([{ name: `com.example.${'q'.repeat(60)}` }]);
    const finding = fixable(text, options).find((f) => f.code === 'not-invocable');
    assert.ok(finding);
    const proof = prove(text, options, finding);
    assert.equal(proof.kind, 'refused');
    if (proof.kind === 'refused') assert.match(proof.reason, /renamed|Sent to the model/);
    assert.equal(computeFixAll(text, options).kind, 'refused');
    // With the default severity the same fix is proven.
    assert.equal(prove(text, {}, fixable(text).find((f) => f.code === 'not-invocable')!).kind, 'proven');
  });

  test('a fix that removes one error and adds another is refused (identity, not count)', () => {
    // Renaming "b" to "a" clears nothing and creates a collision; both counts would be 0 -> 1.
    const text = mcpList('a', 'b');
    const plan = planRename(text, {}, text.indexOf('"b"') + 1, 'a');
    assert.equal(plan.kind, 'refused');
    // One error before (a.b/a_b collide), one after (a_b/a-b... renamed into another collision).
    const before = mcpList('a.b', 'a_b', 'c');
    const at = before.indexOf('"c"') + 1;
    const swap = planRename(before, {}, at, 'a-b');
    assert.equal(swap.kind, 'edits', 'a-b is free: a.b is sent as a_b');
  });

  test('a fix that leaves its finding in place is refused', () => {
    const text = mcpList('a.b', 'a_b');
    const before = fixedAnalysis(text);
    const finding = before.findings.find((f) => f.code === 'wire-collision' && f.fix)!;
    const noop = [{ ...finding.fix!.edits[0]!, newText: JSON.stringify('a b') }];
    const proof = proveEdits(text, {}, before, noop, [{ code: 'wire-collision', pointer: finding.pointer }]);
    assert.equal(proof.kind, 'refused');
    if (proof.kind === 'refused') assert.match(proof.reason, /would not clear wire-collision/);
    const same = [{ ...finding.fix!.edits[0]!, newText: finding.fix!.edits[0]!.oldText }];
    assert.equal(proveEdits(text, {}, before, same, []).kind, 'refused', 'an edit that changes nothing is no fix');
  });

  test('a repeated key is refused; one that was already there is not blamed on the fix', () => {
    const text = adsManifest([{ name: `com.example.${'q'.repeat(70)}` }]);
    const before = fixedAnalysis(text);
    const finding = before.findings.find((f) => f.code === 'not-invocable')!;
    assert.equal(
      proveEdits(text, {}, before, finding.fix!.edits, [{ code: finding.code, pointer: finding.pointer }]).kind,
      'proven',
    );
    const twice = finding.fix!.edits.map((e) => ({ ...e, newText: `${e.newText}, "version": "2"` }));
    const proof = proveEdits(text, {}, before, twice, [{ code: finding.code, pointer: finding.pointer }]);
    assert.equal(proof.kind, 'refused');
    if (proof.kind === 'refused') assert.match(proof.reason, /repeat the key "version"/);
  });

  test('edits that overlap or no longer match are refused', () => {
    const edits = [
      { range: { start: 0, end: 2 }, oldText: 'ab', newText: 'x' },
      { range: { start: 1, end: 3 }, oldText: 'bc', newText: 'y' },
    ];
    assert.equal(applyOffsetEdits('abcd', edits), undefined);
    assert.equal(applyOffsetEdits('abcd', [{ range: { start: 0, end: 1 }, oldText: 'z', newText: 'y' }]), undefined);
    assert.equal(
      applyOffsetEdits('abcd', [
        { range: { start: 3, end: 4 }, oldText: 'd', newText: 'D' },
        { range: { start: 0, end: 1 }, oldText: 'a', newText: 'A' },
      ]),
      'AbcD',
    );
  });
});

describe('fix-all, property', () => {
  test('with any clients and severities, fix-all changes the text when it fixes, and never adds an error', () => {
    const name = fc.constantFrom(
      'a.b',
      'a_b',
      'a-b',
      'a b',
      'x'.repeat(64),
      'x'.repeat(70),
      `${'x'.repeat(70)}y`,
      'get',
      'Get',
      'tool.search',
      'com.example.a-b',
      'com.example.a.b',
    );
    const options = fc.record({
      clients: fc.subarray([...ALL_CLIENT_IDS]).map((enabled) => ({ enabled, server: 's' })),
      derivation: fc.constantFrom(undefined, 'ads' as const, 'verbatim' as const),
      renamedError: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 6 }), options, (names, o) => {
        const opts: AnalysisOptions = {
          clients: o.clients,
          ...(o.derivation ? { derivation: o.derivation } : {}),
          ...(o.renamedError ? { severity: { 'renamed-on-wire': 'error' } } : {}),
        };
        const text = mcpList(...names);
        const result = computeFixAll(text, opts, undefined, { unsafe: true });
        if (result.kind !== 'edits') return;
        assert.notEqual(result.text, text);
        const key = (t: string) => (f: Finding) => `${f.code} ${f.pointer} ${t.slice(f.range.start, f.range.end)}`;
        const before = new Set(
          fixedAnalysis(text, opts)
            .findings.filter((f) => f.severity === 'error')
            .map((f) => `${f.code} ${f.pointer}`),
        );
        for (const f of fixedAnalysis(result.text, opts).findings.filter((x) => x.severity === 'error'))
          assert.ok(before.has(`${f.code} ${f.pointer}`), `new error ${key(result.text)(f)}`);
        const again = computeFixAll(result.text, opts, undefined, { unsafe: true });
        if (again.kind === 'edits') assert.doesNotMatch(again.text, /"invocationName"[^}]*"invocationName"/);
      }),
      { numRuns: 150 },
    );
  });
});
