import { cutAtBoundary, NamePool } from '../../server/src/core/fixes/namePool';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseTree, type ParseError } from 'jsonc-parser';
import { computeFixAll, type Analysis, type AnalysisOptions, type Finding } from '../../server/src/core';
import { withFixes } from '../../server/src/core/fixes/buildFixes';
import { analyze } from '../../server/src/core/analyze';
import { adsManifest, applyEdits, mcpList, openaiChat, pretty, fixedAnalysis } from './helpers';

function parses(text: string): boolean {
  const errors: ParseError[] = [];
  parseTree(text, errors);
  return errors.length === 0;
}

const errorLines = (text: string, options?: AnalysisOptions) =>
  analyze(text, options)
    .findings.filter((f) => f.severity === 'error')
    .map((f) => `${f.code} ${text.slice(f.range.start, f.range.end)}`);

/**
 * Applying one finding's fix makes that finding go away, adds no error, and keeps valid JSON.
 * Checked for every fixable finding of every fixture, not for a hand-picked one.
 */
function assertEveryFixWorks(text: string, options?: AnalysisOptions): number {
  const analysis = fixedAnalysis(text, options);
  const fixable = analysis.findings.filter(
    (f): f is Finding & { fix: NonNullable<Finding['fix']> } => f.fix !== undefined,
  );
  for (const finding of fixable) {
    const fixed = applyEdits(text, finding.fix.edits);
    assert.ok(parses(fixed), `${finding.fix.title} keeps the JSON valid`);
    const after = analyze(fixed, options);
    const sameToolAfter = after.findings.filter((f) => f.code === finding.code && f.tool === finding.tool);
    assert.deepEqual(
      sameToolAfter.map((f) => f.message),
      [],
      `${finding.fix.title} clears ${finding.code}`,
    );
    assert.ok(
      errorLines(fixed, options).length < errorLines(text, options).length || finding.severity !== 'error',
      `${finding.fix.title} removes at least one error`,
    );
    for (const line of errorLines(fixed, options)) {
      // No new kind of error: every remaining error existed before (by code).
      assert.ok(
        errorLines(text, options).some((b) => b.split(' ')[0] === line.split(' ')[0]),
        `no new error: ${line}`,
      );
    }
  }
  return fixable.length;
}

describe('quick fixes', () => {
  test('rename fixes in an OpenAI body also rename tool_choice and replayed calls', () => {
    const text = openaiChat(['a.b', 'a_b'], {
      tool_choice: { type: 'function', function: { name: 'a.b' } },
      messages: [
        { role: 'assistant', tool_calls: [{ id: '1', type: 'function', function: { name: 'a.b', arguments: '{}' } }] },
      ],
    });
    const finding = fixedAnalysis(text).findings.find((f) => f.code === 'invalid-name' && f.fix);
    assert.ok(finding?.fix);
    assert.equal(finding.fix.proposed, 'a-b', 'a_b is taken, so the hyphen form is proposed');
    assert.equal(finding.fix.edits.length, 3);
    const fixed = applyEdits(text, finding.fix.edits);
    assert.deepEqual(errorLines(fixed), []);
    assert.match(fixed, /"tool_choice": \{\s*"type": "function",\s*"function": \{\s*"name": "a-b"/);
    assertEveryFixWorks(text);
  });

  test('Add invocationName keeps the file layout', () => {
    const text = adsManifest([{ name: `com.example.${'x'.repeat(60)}` }]);
    const fix = fixedAnalysis(text).findings[0]!.fix!;
    assert.equal(fix.title, `Add invocationName "${'x'.repeat(60)}"`);
    const fixed = applyEdits(text, fix.edits);
    assert.match(fixed, /\n {6}"name": "com\.example\.x+",\n {6}"invocationName": "x{60}"\n {4}}/);
  });

  test('Add invocationName in a one-line object goes inline', () => {
    const text = `{"specVersion":"0.3.0","capabilities":[{"name":"com.example.${'y'.repeat(60)}","version":"1"}]}`;
    const fix = fixedAnalysis(text).findings[0]!.fix!;
    assert.equal(
      applyEdits(text, fix.edits),
      `{"specVersion":"0.3.0","capabilities":[{"name":"com.example.${'y'.repeat(60)}", "invocationName": "${'y'.repeat(60)}","version":"1"}]}`,
    );
  });

  test('ADS candidates drop the shared namespace, and stay unique across fixes', () => {
    const text = adsManifest([
      { name: 'com.example.orders.a-b' },
      { name: 'com.example.orders.a.b' },
      { name: `com.example.orders.${'z'.repeat(60)}` },
    ]);
    const proposals = fixedAnalysis(text).findings.flatMap((f) => (f.fix ? [f.fix.proposed] : []));
    assert.deepEqual(proposals, ['a-b', 'z'.repeat(60)]);
  });

  const FIXTURES: Record<string, [string, AnalysisOptions?]> = {
    'mcp collisions, reserved, long': [
      mcpList('a.b', 'a_b', 'tool.search', `${'x'.repeat(64)}_1`, `${'x'.repeat(64)}_2`, 'Calc', 'calc'),
    ],
    'anthropic duplicates': [
      pretty({
        model: 'claude-x',
        tools: [
          { name: 'get', input_schema: {} },
          { name: 'get', input_schema: {} },
          { name: 'get', input_schema: {} },
        ],
      }),
    ],
    'bedrock-agents targets': [mcpList('get-order', '1st'), { defaultTargets: ['bedrock-agents', 'openai'] }],
    'cohere targets': [mcpList('get-order'), { defaultTargets: ['cohere-v1'] }],
    'ads gaps': [
      adsManifest([
        { name: 'com.example.a-b' },
        { name: 'com.example.a.b' },
        { name: 'Com.Example.get' },
        { name: 'com.example.get' },
        { name: 'com.example.x', invocationName: '1st' },
        { name: `com.example.${'q'.repeat(70)}` },
      ]),
    ],
    gemini: [pretty({ tools: [{ functionDeclarations: [{ name: '9lives' }, { name: 'g'.repeat(64) }] }] })],
  };
  for (const [title, [text, options]] of Object.entries(FIXTURES)) {
    test(`every fix works: ${title}`, () => {
      assert.ok(assertEveryFixWorks(text, options) > 0);
    });
  }
});

describe('name fixes are built where fixes are, in document order', () => {
  // "a/b" is only invalid; the second "a.b" also loses a collision, a check that runs before the
  // name check. The names go to the tools in document order, whichever check asked: "a/b" gets
  // "a_b" (in check order the collision took it, and "a/b" was numbered).
  const text = openaiChat(['a/b', 'a.b', 'a.b']);
  const proposed = (analysis: Analysis) =>
    analysis.findings.filter((f) => f.fix).map((f) => [f.code, f.tool, f.fix!.proposed]);

  test('the analysis holds intents; the fixes built from it give each tool its name in document order', () => {
    const analysis = analyze(text);
    assert.ok(
      analysis.findings.every((f) => f.fix === undefined),
      'no name fix inside the analysis',
    );
    assert.ok(analysis.findings.some((f) => f.nameFix?.kind === 'rename'));
    const built = withFixes(text, {}, analysis);
    const byTool = new Map(built.findings.filter((f) => f.fix).map((f) => [f.tool, f.fix!.proposed]));
    assert.deepEqual([...byTool].sort(), [
      [0, 'a_b'],
      [1, 'a-b'],
      [2, 'a_b_2'],
    ]);
  });

  test('the order of the findings does not change the names', () => {
    const analysis = analyze(text);
    const reversed = { ...analysis, findings: [...analysis.findings].reverse() };
    const fromReversed = proposed(withFixes(text, {}, reversed)).sort();
    assert.deepEqual(fromReversed, proposed(withFixes(text, {}, analysis)).sort());
  });
});

describe('safe and unsafe fixes', () => {
  const renameOf = (text: string) => fixedAnalysis(text).findings.find((f) => f.fix?.kind === 'rename')!.fix!;

  test('a tool rename is unsafe, and its title says callers must follow', () => {
    const fix = renameOf(openaiChat(['orders.get']));
    assert.equal(fix.safety, 'unsafe');
    assert.equal(fix.title, 'Rename tool to "orders_get" (callers must use the new name)');
  });

  test('fix-all leaves a rename alone by default, and counts it', () => {
    const text = openaiChat(['orders.get', 'ok']);
    assert.deepEqual(computeFixAll(text), { kind: 'nothing', unsafeLeft: 1 });
  });

  test('with unsafe, fix-all applies the rename and its references, and reports it as unsafe', () => {
    const text = pretty({
      model: 'gpt-4o',
      tools: [{ type: 'function', function: { name: 'orders.get', parameters: {} } }],
      tool_choice: { type: 'function', function: { name: 'orders.get' } },
    });
    const result = computeFixAll(text, {}, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.equal(result.unsafeLeft, 0);
    assert.doesNotMatch(result.text, /orders\.get/, 'the tool_choice reference is renamed with the tool');
    assert.deepEqual(
      result.unsafe.map((u) => [u.kind, u.edits.map((e) => e.newText)]),
      [['rename', ['"orders_get"', '"orders_get"']]],
    );
  });

  test('Add invocationName is safe: fix-all applies it without unsafe', () => {
    const text = adsManifest([{ name: `com.example.${'x'.repeat(60)}` }]);
    const fix = fixedAnalysis(text).findings.find((f) => f.fix?.kind === 'add-invocation-name')!.fix!;
    assert.equal(fix.safety, 'safe');
    const result = computeFixAll(text);
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.deepEqual(result.unsafe, []);
    assert.match(result.text, /"invocationName": "x{60}"/);
  });

  test('property: without unsafe, fix-all keeps every tool name (and the file parses)', () => {
    const name = fc.oneof(
      fc.constantFrom('a.b', 'a_b', 'a-b', 'tool.search', 'x'.repeat(70), 'get', 'Get', 'a b', 'com.example.a.b'),
      fc.string({ minLength: 1, maxLength: 40 }),
    );
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('mcp', 'openai', 'ads'),
        (names, shape) => {
          const text =
            shape === 'mcp'
              ? mcpList(...names)
              : shape === 'openai'
                ? openaiChat(names)
                : adsManifest(names.map((n) => ({ name: n })));
          const result = computeFixAll(text);
          if (result.kind !== 'edits') return;
          assert.deepEqual(result.unsafe, []);
          assert.ok(parses(result.text));
          assert.deepEqual(
            analyze(result.text).tools.map((t) => t.name),
            analyze(text).tools.map((t) => t.name),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  test('replacing an invalid invocationName is safe: no client could invoke it', () => {
    const text = adsManifest([{ name: 'com.example.x', invocationName: '1st' }]);
    const fix = fixedAnalysis(text).findings.find((f) => f.code === 'invalid-invocation-name')!.fix!;
    assert.equal(fix.safety, 'safe');
  });

  test('replacing an invocationName clients invoke is unsafe, and not in fix-all', () => {
    const text = adsManifest([
      { name: 'com.example.a', invocationName: 'get' },
      { name: 'com.example.b', invocationName: 'get' },
    ]);
    const fix = fixedAnalysis(text).findings.find((f) => f.code === 'wire-collision' && f.fix)!.fix!;
    assert.equal(fix.safety, 'unsafe');
    assert.equal(fix.title, 'Set invocationName to "b" (callers must use the new name)');
    assert.deepEqual(computeFixAll(text), { kind: 'nothing', unsafeLeft: 1 });
  });

  test('with safe and unsafe fixes in one file, fix-all applies the safe ones only', () => {
    // An ADS manifest's invocationName fix (safe) beside a schema key rename (unsafe).
    const text = adsManifest([
      { name: `com.example.${'x'.repeat(60)}` },
      { name: 'com.example.ok', inputSchema: { type: 'object', properties: { 'a b': {} } } },
    ]);
    const result = computeFixAll(text);
    if (result.kind !== 'edits') return assert.fail(JSON.stringify(result));
    assert.match(result.text, /"invocationName"/);
    assert.match(result.text, /"a b"/, 'the key callers send is kept');
    assert.deepEqual(result.unsafe, []);
    assert.equal(result.unsafeLeft, 1);
  });
});

describe('fix-all', () => {
  test('fixes everything fixable at once and proves no new collision', () => {
    const text = mcpList('a.b', 'a_b', 'a:b', 'tool.search', 'Calc', 'calc');
    const result = computeFixAll(text, {}, undefined, { unsafe: true });
    assert.equal(result.kind, 'edits');
    if (result.kind !== 'edits') return;
    assert.deepEqual(errorLines(result.text), []);
    assert.ok(parses(result.text));
  });

  test('nothing to fix', () => {
    assert.deepEqual(computeFixAll(mcpList('ok')), { kind: 'nothing', unsafeLeft: 0 });
  });

  test('property: for any set of names, fix-all leaves no collision and no invalid wire name', () => {
    const name = fc.oneof(
      fc.constantFrom(
        'a.b',
        'a_b',
        'a-b',
        'A_B',
        'tool_search',
        'tool.search',
        'x'.repeat(70),
        `${'x'.repeat(70)}y`,
        'get',
        'Get',
        '😀',
        'a b',
        'mcp/s/t',
      ),
      fc.string({ minLength: 1, maxLength: 80 }),
    );
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('mcp', 'openai', 'anthropic'),
        (names, shape) => {
          const text =
            shape === 'mcp'
              ? mcpList(...names)
              : shape === 'openai'
                ? openaiChat(names)
                : pretty({ model: 'claude-x', tools: names.map((n) => ({ name: n, input_schema: {} })) });
          const result = computeFixAll(text, {}, undefined, { unsafe: true });
          if (result.kind === 'refused') assert.fail(`refused: ${result.reason} for ${JSON.stringify(names)}`);
          const finalText = result.kind === 'edits' ? result.text : text;
          assert.ok(parses(finalText));
          const left = analyze(finalText).findings.filter(
            (f) =>
              ['wire-collision', 'invalid-name', 'reserved-name', 'case-collision'].includes(f.code) &&
              f.severity !== 'hint',
          );
          // MCP-rule warnings on real names are advice; everything sent must now be clean.
          assert.deepEqual(
            left.filter((f) => f.severity === 'error').map((f) => f.message),
            [],
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('proposed names are cut at a word or segment boundary', () => {
  test('never inside a word', () => {
    assert.equal(cutAtBoundary('com_example_inventory_warehouse_management', 30), 'com_example_inventory');
    assert.equal(cutAtBoundary('getInventoryWarehouseManagementReport', 25), 'getInventoryWarehouse');
    assert.equal(cutAtBoundary('short_name', 30), 'short_name');
  });
  test('a name with no boundary in its second half is cut at the limit', () => {
    assert.equal(cutAtBoundary('a_abcdefghijklmnopqrstuvwxyz', 10), 'a_abcdefgh');
  });
  test("a proposal for a name over 64 is cut at a boundary, not at the model-safe form's 64th character", () => {
    const pool = new NamePool([], ['openai']);
    const name = 'inventory.warehouse.management.report.generation.for.regional.distribution.centers';
    assert.equal(pool.toolName(name), 'inventory_warehouse_management_report_generation_for_regional');
  });
});
