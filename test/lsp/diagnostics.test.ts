import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseTree, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, positionOf, rangeText } from './client';
import { ADS_PROBLEMS, mcpList, OPENAI_A_B, pretty, carriesFix } from './fixtures';

const codes = (ds: Diagnostic[]) => ds.map((d) => d.code).sort();

describe('push diagnostics', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start()));
  after(() => client.stop());

  test('an ADS manifest: codes, ranges on the name token, source, docs link, related, data', async () => {
    const uri = 'file:///ws/.well-known/agent-discovery.json';
    await client.open(uri, ADS_PROBLEMS);
    const diagnostics = await client.diagnostics(uri, (d) => d.length > 0);
    const problems = diagnostics.filter((d) => d.severity !== 4);
    assert.deepEqual(
      problems.map((d) => [d.code, rangeText(ADS_PROBLEMS, d.range)]),
      // com.example.orders.get comes first and keeps the derived name: no finding of its own.
      [
        ['wire-collision', '"com.example.orders-get"'],
        ['not-invocable', '"com.example.fulfilment.warehouse-operations.reserve-inventory-for-order"'],
      ],
    );
    for (const d of diagnostics) {
      assert.equal(d.source, 'toolwire');
      assert.equal(
        d.codeDescription?.href,
        `https://github.com/toolwire/toolwire/blob/main/docs/diagnostics.md#${d.code}`,
      );
    }
    assert.equal(
      rangeText(ADS_PROBLEMS, problems[0]!.relatedInformation![0]!.location.range),
      '"com.example.orders.get"',
    );
    assert.deepEqual((problems[0]!.data as { version: number }).version, 1);
    assert.ok(carriesFix(problems[0]!), 'the fix travels in Diagnostic.data');
  });

  test('editing a name character by character converges, with no stale squiggles', async () => {
    const uri = 'file:///ws/typing.json';
    const text = mcpList('a_b', 'x');
    await client.open(uri, text);
    await client.diagnostics(uri);
    // Turn "x" into "a.b" one keystroke at a time, without waiting in between.
    const start = positionOf(text, '"x"');
    await client.edit(uri, [{ range: { start, end: { ...start, character: start.character + 1 } }, newText: 'a' }]);
    await client.edit(uri, [
      {
        range: {
          start: { ...start, character: start.character + 1 },
          end: { ...start, character: start.character + 1 },
        },
        newText: '.',
      },
    ]);
    await client.edit(uri, [
      {
        range: {
          start: { ...start, character: start.character + 2 },
          end: { ...start, character: start.character + 2 },
        },
        newText: 'b',
      },
    ]);
    assert.equal(client.version(uri), 4);
    const final = await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
    // a.b is left out (its clients' findings folded in); the kept a_b has no wire-collision (it
    // has a client-collision: under an unknown server name some clients lose it, not a.b).
    assert.deepEqual(codes(final.filter((d) => d.severity !== 4 && !String(d.code).startsWith('client-'))), [
      'wire-collision',
    ]);
    assert.equal(final.find((d) => d.code === 'wire-collision')!.range.start.line, start.line);
    // And back: delete the dot; the collision must go away.
    await client.edit(uri, [
      {
        range: {
          start: { ...start, character: start.character + 1 },
          end: { ...start, character: start.character + 2 },
        },
        newText: '',
      },
    ]);
    const cleared = await client.diagnostics(uri);
    assert.deepEqual(codes(cleared), []);
  });

  test('malformed JSON mid-typing neither crashes the server nor loses the other lines', async () => {
    const uri = 'file:///ws/broken.json';
    await client.open(uri, '{"tools": [{"name": "a.b", "inputSchema": {}}, {"name": "a_b", "inputSchema": {');
    const diagnostics = await client.diagnostics(uri);
    assert.deepEqual(codes(diagnostics.filter((d) => d.severity !== 4 && !String(d.code).startsWith('client-'))), [
      'wire-collision',
    ]);
    await client.open('file:///ws/garbage.json', '\u0000\uD800{{{[[[:::');
    assert.deepEqual(await client.diagnostics('file:///ws/garbage.json'), []);
  });

  test('untitled documents are analysed too', async () => {
    const uri = 'untitled:Untitled-1';
    await client.open(uri, OPENAI_A_B);
    const diagnostics = await client.diagnostics(uri, (d) => d.length > 0);
    assert.deepEqual(codes(diagnostics), ['invalid-name']);
  });

  test('closing a document clears its diagnostics', async () => {
    const uri = 'file:///ws/closing.json';
    await client.open(uri, OPENAI_A_B);
    await client.diagnostics(uri, (d) => d.length > 0);
    await client.close(uri);
    await client.waitFor('cleared diagnostics', () =>
      [...client.published].reverse().find((p) => p.uri === uri && p.diagnostics.length === 0),
    );
  });

  test('a huge document gets one clear message instead of a hang', async () => {
    const uri = 'file:///ws/huge.json';
    const big = pretty({
      tools: Array.from({ length: 2000 }, (_, i) => ({
        name: `t.${i}`,
        description: 'x'.repeat(600),
        inputSchema: {},
      })),
    });
    await client.changeConfiguration({ maxFileSize: 1 });
    await client.open(uri, big);
    const diagnostics = await client.diagnostics(uri, (d) => d.length > 0);
    assert.equal(diagnostics.length, 1);
    assert.match(
      String(diagnostics[0]!.message),
      /toolwire skipped this file: \d+\.\d MB is over the 1 MB limit \(setting toolwire\.maxFileSize\)/,
    );
    await client.changeConfiguration({});
  });

  test('settings per resource: severity overrides and enable apply after didChangeConfiguration', async () => {
    const uri = 'file:///ws/settings.json';
    await client.open(uri, OPENAI_A_B);
    await client.diagnostics(uri, (d) => d.some((x) => x.severity === 1));
    await client.changeConfiguration({ severity: { 'invalid-name': 'warning' } });
    const warned = await client.diagnostics(uri, (d) => d.length > 0 && d.every((x) => x.severity === 2));
    assert.deepEqual(codes(warned), ['invalid-name']);
    await client.changeConfiguration({ enable: false });
    await client.diagnostics(uri, (d) => d.length === 0);
    await client.changeConfiguration({});
  });

  test('a .toolwire.json document shows its own problems', async () => {
    const uri = 'file:///ws/.toolwire.json';
    const text = '{ "targets": ["opneai"], "colour": 1 }';
    await client.open(uri, text, 'jsonc');
    const diagnostics = await client.diagnostics(uri, (d) => d.length > 0);
    assert.deepEqual(
      diagnostics.map((d) => [d.severity, rangeText(text, d.range)]),
      [
        [1, '"opneai"'],
        [2, '"colour"'],
      ],
    );
  });

  test('the fixed text of every quick fix still parses', async () => {
    const uri = 'file:///ws/parse-after-fix.json';
    await client.open(uri, ADS_PROBLEMS);
    const diagnostics = await client.diagnostics(uri, (d) => d.length > 0);
    const withFix = diagnostics.find(carriesFix)!;
    const [action] = (await client.codeActions(uri, withFix.range, [withFix], ['quickfix']))!;
    await client.apply(action!.edit!);
    const errors: ParseError[] = [];
    parseTree(client.text(uri), errors);
    assert.deepEqual(errors, []);
  });
});

describe('pull diagnostics', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start({ pull: true })));
  after(() => client.stop());

  test('full report, unchanged for the same version, new after an edit; never pushed', async () => {
    const uri = 'file:///ws/pull.json';
    await client.open(uri, OPENAI_A_B);
    const first = await client.pull(uri);
    assert.equal(first.kind, 'full');
    assert.deepEqual(first.kind === 'full' ? codes(first.items) : [], ['invalid-name']);
    const again = await client.pull(uri, first.resultId);
    assert.equal(again.kind, 'unchanged');
    const start = positionOf(OPENAI_A_B, '"a.b"');
    await client.edit(uri, [{ range: { start, end: { ...start, character: start.character + 3 } }, newText: 'abc' }]);
    const third = await client.pull(uri, first.resultId);
    assert.equal(third.kind, 'full');
    // tool_choice still names a.b, which no longer exists
    assert.deepEqual(third.kind === 'full' ? codes(third.items) : [], ['unresolved-reference']);
    assert.equal(client.published.length, 0, 'no push when the client pulls');
  });

  test('an edit that moves no diagnostic is answered unchanged, and the kept diagnostics still fix', async () => {
    const uri = 'file:///ws/pull-unchanged.json';
    const text = pretty({
      model: 'gpt-4o',
      tools: [
        { type: 'function', function: { name: 'a.b', description: 'first' } },
        { type: 'function', function: { name: 'c', description: 'second' } },
      ],
    });
    await client.open(uri, text);
    const first = await client.pull(uri);
    assert.equal(first.kind, 'full');
    const at = positionOf(text, 'second');
    await client.edit(uri, [{ range: { start: at, end: at }, newText: 'x' }]);
    const second = await client.pull(uri, first.resultId);
    assert.equal(second.kind, 'unchanged', 'no squiggle moved');
    assert.notEqual(second.resultId, first.resultId);
    const kept = first.kind === 'full' ? first.items.find((d) => d.code === 'invalid-name')! : undefined;
    assert.ok(kept);
    const actions = (await client.codeActions(uri, kept.range, [kept], ['quickfix'])) ?? [];
    assert.ok(
      actions.some((a) => a.title.startsWith('Rename tool to')),
      'the quick fix of the kept diagnostic is offered',
    );
    // An edit that moves the squiggle: a full report again, from the unchanged one's resultId.
    const name = positionOf(client.text(uri), '"a.b"', 0, 0);
    await client.edit(uri, [{ range: { start: name, end: name }, newText: ' ' }]);
    const third = await client.pull(uri, second.resultId);
    assert.equal(third.kind, 'full');
    assert.ok(
      third.kind === 'full' &&
        third.items.some(
          (d) => d.code === 'invalid-name' && d.range.start.character === kept.range.start.character + 1,
        ),
    );
  });

  test('a settings change asks the client to pull again', async () => {
    const before = client.refreshes.length;
    await client.changeConfiguration({ severity: { 'invalid-name': 'off' } });
    await client.waitFor('diagnostic refresh', () =>
      client.refreshes.slice(before).includes('diagnostic') ? true : undefined,
    );
    const uri = 'file:///ws/pull-settings.json';
    await client.open(uri, OPENAI_A_B);
    const report = await client.pull(uri);
    assert.deepEqual(report.kind === 'full' ? report.items : ['?'], []);
  });
});
