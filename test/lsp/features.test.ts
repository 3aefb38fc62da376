import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { parseTree, type ParseError } from 'jsonc-parser';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { TestClient, positionOf, rangeText } from './client';
import { ADS_PROBLEMS, adsManifest, mcpList, OPENAI_A_B, pretty, carriesFix } from './fixtures';

const problems = (ds: Diagnostic[]) => ds.filter((d) => d.severity !== 4);
const parses = (text: string) => {
  const errors: ParseError[] = [];
  parseTree(text, errors);
  return errors.length === 0;
};

describe('hover, inlay hints, symbols', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start()));
  after(() => client.stop());

  test('hover on a name: real name, wire name and why, provider table, collisions and dispatch', async () => {
    const uri = 'file:///ws/hover.json';
    const text = mcpList('a.b', 'a_b');
    await client.open(uri, text);
    const hover = await client.hover(uri, positionOf(text, '"a.b"', 0, 2));
    const value = (hover!.contents as MarkupContent).value;
    assert.match(value, /\*\*`a\.b`\*\* · MCP tool list · derivation `model-safe`/);
    assert.match(value, /Wire name: `a_b` \(model-safe: characters outside/);
    // An MCP list's own census takes the names as listed; the clients' rows below add their prefixes.
    assert.match(value, /Fate, names as listed: left out of the request \(the runtime keeps `a_b`\)/);
    assert.match(value, /\| OpenAI \(`openai`\) \| `\^\[a-zA-Z0-9_-\]\{1,64\}\$` \| ✓ accepted \|/);
    // The other tool's own name is the wire name: it is not compared with itself.
    assert.match(value, /Collides with `a_b`\. A call to `a_b` runs that tool, never this one\./);
    assert.equal(rangeText(text, hover!.range!), '"a.b"');
    // toolwire's answer leads; the findings' text follows it.
    const findings = value.indexOf('`wire-collision`:');
    assert.ok(findings > value.indexOf('Wire name:') && findings > value.indexOf('Collides with'), value);
    const kept = ((await client.hover(uri, positionOf(text, '"a_b"', 0, 2)))!.contents as MarkupContent).value;
    assert.match(kept, /Collides with `a\.b` on `a_b`\. A call to `a_b` runs \*\*this tool\*\*\./);
    for (const hoverText of [value, kept]) assert.doesNotMatch(hoverText, /(`[^`]+`) (?:on|runs \*\*)\1/);
  });

  test('hover on a reference says where it dispatches; a rejected name says why', async () => {
    const uri = 'file:///ws/hover-ref.json';
    await client.open(uri, OPENAI_A_B);
    const hover = await client.hover(uri, positionOf(OPENAI_A_B, '"a.b"', 1, 2));
    const value = (hover!.contents as MarkupContent).value;
    assert.match(value, /\*\*Tool choice\*\* `a\.b` in `tool_choice`/);
    assert.match(value, /Dispatches by its exact real name: \*\*`a\.b`\*\*/);
    assert.match(value, /✗ rejected: "\." \(U\+002E\) at character 2 is outside \\\[a-zA-Z0-9\\_-\\\]/);
    assert.equal(await client.hover(uri, { line: 0, character: 0 }), null);
  });

  test('inlay hints show the wire form after names that change', async () => {
    const uri = 'file:///ws/.well-known/agent-discovery.json';
    await client.open(uri, ADS_PROBLEMS);
    const hints = await client.inlayHints(uri, { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } });
    assert.deepEqual(
      hints!.map((h) => h.label),
      ['→ com-example-orders-get', '→ com-example-orders-get', '→ not invocable'],
    );
    assert.deepEqual(
      hints![0]!.position,
      positionOf(ADS_PROBLEMS, '"com.example.orders.get"', 0, '"com.example.orders.get"'.length),
    );
  });

  test('document symbols list the tools with their wire names', async () => {
    const uri = 'file:///ws/symbols.json';
    const text = mcpList('a.b', 'a_b', 'ok');
    await client.open(uri, text);
    const symbols = await client.symbols(uri);
    assert.deepEqual(
      symbols!.map((s) => [s.name, s.detail]),
      [
        ['a.b', '→ a_b (left out)'],
        ['a_b', ''],
        ['ok', ''],
      ],
    );
    assert.equal(rangeText(text, symbols![0]!.selectionRange), '"a.b"');
  });

  test('JSON Lines: one symbol per request', async () => {
    const uri = 'file:///ws/bfcl.jsonl';
    const text = [
      { id: '1', function: [{ name: 'math.gcd', parameters: { type: 'dict' } }] },
      { id: '2', function: [{ name: 'x', parameters: { type: 'dict' } }] },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    await client.open(uri, text, 'jsonl');
    const symbols = await client.symbols(uri);
    assert.deepEqual(
      symbols!.map((s) => [s.name, s.children?.map((c) => c.name)]),
      [
        ['request 1', ['math.gcd']],
        ['request 2', ['x']],
      ],
    );
  });

  test('status and census requests', async () => {
    const uri = 'file:///ws/census.json';
    await client.open(uri, mcpList('a.b', 'a_b', '<script>'));
    const status = await client.connection.sendRequest('toolwire/status', { uri });
    assert.deepEqual(status, {
      state: 'analysed',
      format: 'mcp-tools-list',
      tools: 3,
      offered: 2,
      // One problem, one diagnostic: a.b's error (its clients' fates folded in), none on the kept
      // a_b, and one warning on <script>.
      errors: 1,
      warnings: 1,
    });
    const census = (await client.connection.sendRequest('toolwire/census', { uri })) as {
      markdown: string;
      html: string;
    };
    assert.match(
      census.markdown,
      /\| `a\.b` \| `a_b` \| left out of the request \(the runtime keeps `a_b`\) \| ✓ \| ✓ \| ✓ \| `a_b` \|/,
    );
    assert.match(census.html, /<code>&lt;script&gt;<\/code>/);
    assert.doesNotMatch(census.html, /<script>/);
  });
});

describe('quick fixes through the server', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start()));
  after(() => client.stop());

  /**
   * For every fixable diagnostic: ask the server for the action, apply its edit as the client
   * would, wait for re-validation, and check the diagnostic is gone, no new error appeared and
   * the text still parses.
   */
  async function checkEveryFix(name: string, text: string): Promise<number> {
    let checked = 0;
    for (let index = 0; ; index++) {
      const uri = `file:///ws/fix-${name}-${index}.json`;
      await client.open(uri, text);
      const before = problems(await client.diagnostics(uri));
      const fixable = before.filter(carriesFix);
      const target = fixable[index];
      if (!target) return checked;
      const actions = (await client.codeActions(uri, target.range, [target], ['quickfix']))!;
      const action = actions.find(
        (a) => a.diagnostics?.[0] === undefined || a.diagnostics[0].message === target.message,
      )!;
      assert.ok(action?.edit, `an action for ${target.code}`);
      // A rename is unsafe (its callers must follow), so it is offered but never preferred.
      assert.equal(action.isPreferred, !action.title.startsWith('Rename '), `${action.title}: preferred iff safe`);
      await client.apply(action.edit);
      const after = problems(await client.diagnostics(uri));
      assert.ok(parses(client.text(uri)), `${action.title}: the text still parses`);
      const targetText = rangeText(text, target.range);
      assert.ok(
        !after.some(
          (d) =>
            d.code === target.code &&
            rangeText(client.text(uri), d.range) === targetText &&
            d.message === target.message,
        ),
        `${action.title}: ${target.code} is gone`,
      );
      const beforeErrors = new Set(before.filter((d) => d.severity === 1).map((d) => d.code));
      for (const d of after.filter((x) => x.severity === 1))
        assert.ok(beforeErrors.has(d.code), `${action.title}: no new error (${d.code}: ${d.message})`);
      const atLeastAsSevere = (ds: Diagnostic[]) => ds.filter((d) => d.severity! <= target.severity!).length;
      assert.ok(
        atLeastAsSevere(after) < atLeastAsSevere(before),
        `${action.title}: fewer problems of its severity or worse`,
      );
      checked += 1;
      await client.close(uri);
    }
  }

  test('ADS: Add invocationName for not-invocable and wire-collision', async () => {
    assert.equal(await checkEveryFix('ads', ADS_PROBLEMS), 2);
  });

  test('ADS: invalid-invocation-name and case-collision', async () => {
    assert.equal(
      await checkEveryFix(
        'ads2',
        adsManifest([
          { name: 'com.example.x', invocationName: '1st' },
          { name: 'Com.Example.get' },
          { name: 'com.example.get' },
        ]),
      ),
      2,
    );
  });

  test('rename fixes: invalid-name, wire-collision, reserved-name, case-collision', async () => {
    assert.equal(await checkEveryFix('openai', OPENAI_A_B), 1);
    // One fixable diagnostic per tool that loses: a.b (its clients' warnings folded into its
    // wire-collision, with the proven rename), tool.search (reserved-name, its clients' folded in)
    // and calc (case-collision); the kept a_b has none, and Calc keeps its name.
    assert.equal(await checkEveryFix('mcp', mcpList('a.b', 'a_b', 'tool.search', 'Calc', 'calc')), 3);
    assert.equal(
      await checkEveryFix(
        'anthropic',
        pretty({
          model: 'claude-x',
          tools: [
            { name: 'get', input_schema: { type: 'object' } },
            { name: 'get', input_schema: { type: 'object' } },
          ],
        }),
      ),
      1,
    );
  });

  test('the rename fix updates tool_choice too', async () => {
    const uri = 'file:///ws/rename-fix.json';
    await client.open(uri, OPENAI_A_B);
    const [diagnostic] = problems(await client.diagnostics(uri));
    const [action] = (await client.codeActions(uri, diagnostic!.range, [diagnostic!], ['quickfix']))!;
    assert.equal(action!.title, 'Rename tool to "a-b" (callers must use the new name)');
    assert.equal(action!.isPreferred, false);
    await client.apply(action!.edit!);
    assert.equal(JSON.parse(client.text(uri)).tool_choice.function.name, 'a-b');
    assert.deepEqual(problems(await client.diagnostics(uri)), []);
  });

  test('no two quick fixes share a title and an edit: one action lists the diagnostics it fixes', async () => {
    const uri = 'file:///ws/rename-twice.json';
    await client.open(uri, OPENAI_A_B);
    const [diagnostic] = problems(await client.diagnostics(uri));
    // A client may send one diagnostic twice (or two diagnostics whose fix is one edit).
    const actions = (await client.codeActions(uri, diagnostic!.range, [diagnostic!, diagnostic!], ['quickfix']))!;
    const renames = actions.filter((a) => a.title.startsWith('Rename tool'));
    assert.equal(renames.length, 1, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(renames[0]!.diagnostics?.length, 2);
  });

  test('a diagnostic from an older version gets no action once its finding moved (stateless staleness check)', async () => {
    const uri = 'file:///ws/stale.json';
    await client.open(uri, OPENAI_A_B);
    const [diagnostic] = problems(await client.diagnostics(uri));
    // A space before the name on its own line: the finding is now one character further on.
    const start = { line: diagnostic!.range.start.line, character: 0 };
    await client.edit(uri, [{ range: { start, end: start }, newText: ' ' }]);
    const actions = await client.codeActions(uri, diagnostic!.range, [diagnostic!], ['quickfix']);
    assert.deepEqual(actions, []);
  });

  test('a diagnostic from an older version keeps its action while the current analysis gives the same fix', async () => {
    const uri = 'file:///ws/older-but-current.json';
    await client.open(uri, OPENAI_A_B);
    const [diagnostic] = problems(await client.diagnostics(uri));
    // An edit on another line (the model's name) moves nothing: the fix is still the one the server would give.
    const model = positionOf(client.text(uri), 'gpt');
    await client.edit(uri, [{ range: { start: model, end: model }, newText: 'x' }]);
    const actions = (await client.codeActions(uri, diagnostic!.range, [diagnostic!], ['quickfix'])) ?? [];
    const fix = actions.find((a) => a.title.startsWith('Rename tool to'));
    assert.ok(fix, 'the quick fix is offered');
    const change = fix.edit!.documentChanges![0]!;
    assert.ok('textDocument' in change && change.textDocument.version === 2, 'as an edit of the current version');
  });

  test('source.fixAll.toolwire (fix on save) never renames a tool', async () => {
    const uri = 'file:///ws/fix-all-renames.json';
    await client.open(uri, mcpList('a.b', 'a_b', 'tool.search', 'a:b'));
    await client.diagnostics(uri, (d) => d.length > 0);
    const everywhere = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    assert.deepEqual(await client.codeActions(uri, everywhere, [], ['source.fixAll.toolwire']), []);
  });

  test('source.fixAll.toolwire applies the safe fixes at once as a versioned edit', async () => {
    const uri = 'file:///ws/fix-all.json';
    await client.open(uri, ADS_PROBLEMS);
    await client.diagnostics(uri, (d) => d.length > 0);
    const actions = (await client.codeActions(
      uri,
      { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      [],
      ['source.fixAll.toolwire'],
    ))!;
    assert.equal(actions.length, 1);
    assert.equal(actions[0]!.kind, 'source.fixAll.toolwire');
    const change = actions[0]!.edit!.documentChanges![0]!;
    assert.ok('textDocument' in change && change.textDocument.version === 1, 'a versioned edit');
    await client.apply(actions[0]!.edit!);
    const after = await client.diagnostics(uri);
    assert.deepEqual(
      after.filter((d) => d.severity === 1),
      [],
    );
    assert.ok(parses(client.text(uri)));
  });
});

describe('rename (F2)', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start()));
  after(() => client.stop());

  test('prepareRename on a name and on a reference; nothing elsewhere', async () => {
    const uri = 'file:///ws/f2.json';
    await client.open(uri, OPENAI_A_B);
    const onName = await client.prepareRename(uri, positionOf(OPENAI_A_B, '"a.b"', 0, 2));
    assert.deepEqual([rangeText(OPENAI_A_B, onName!.range), onName!.placeholder], ['"a.b"', 'a.b']);
    const onChoice = await client.prepareRename(uri, positionOf(OPENAI_A_B, '"a.b"', 1, 2));
    assert.deepEqual([rangeText(OPENAI_A_B, onChoice!.range), onChoice!.placeholder], ['"a.b"', 'a.b']);
    assert.equal(await client.prepareRename(uri, positionOf(OPENAI_A_B, '"model"')), null);
  });

  test('rename from tool_choice renames the tool and every reference', async () => {
    const uri = 'file:///ws/f2-apply.json';
    await client.open(uri, OPENAI_A_B);
    const edit = await client.rename(uri, positionOf(OPENAI_A_B, '"a.b"', 1, 2), 'lookup_order');
    await client.apply(edit!);
    const json = JSON.parse(client.text(uri));
    assert.equal(json.tools[0].function.name, 'lookup_order');
    assert.equal(json.tool_choice.function.name, 'lookup_order');
  });

  test('rename refuses a name a target rejects, or one that collides, and says why', async () => {
    const uri = 'file:///ws/f2-refuse.json';
    await client.open(uri, OPENAI_A_B);
    const at = positionOf(OPENAI_A_B, '"a.b"', 0, 2);
    await assert.rejects(
      client.rename(uri, at, 'a/b'),
      /"a\/b" would not work: "a\/b" is rejected by openai: the whole request fails \(and 1 other tool with it\)\./,
    );
    await assert.rejects(client.rename(uri, at, 'a_b'), /"a_b" would (not work|collide)/);
    await assert.rejects(client.rename(uri, at, ''), /cannot be empty/);
  });
});

describe('renamed-on-wire: shown by inlay hints and hover, sent only when turned on', () => {
  const text = adsManifest([{ name: 'com.example.lookupOrder' }, { name: 'com.example.issueRefund' }]);
  const all = { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } };
  const codes = (ds: readonly Diagnostic[]) => ds.map((d) => d.code);
  const items = (report: { kind: string; items?: Diagnostic[] }) =>
    report.kind === 'full' ? (report.items ?? []) : [];

  for (const pull of [false, true]) {
    test(`${pull ? 'pull' : 'push'}: no diagnostic by default; a severity setting brings it back`, async () => {
      const client = await TestClient.start({ pull });
      try {
        const uri = `file:///ws/.well-known/renamed-${pull ? 'pull' : 'push'}/agent-discovery.json`;
        await client.open(uri, text);
        const published = pull ? items(await client.pull(uri)) : await client.diagnostics(uri);
        assert.deepEqual(codes(published), []);
        // The wire names are shown all the same: they come from the analysis' tools, not a finding.
        const hints = await client.inlayHints(uri, all);
        assert.deepEqual(
          hints!.map((h) => h.label),
          ['→ com-example-lookupOrder', '→ com-example-issueRefund'],
        );
        const hover = await client.hover(uri, positionOf(text, '"com.example.lookupOrder"', 0, 2));
        assert.match((hover!.contents as MarkupContent).value, /Wire name: `com-example-lookupOrder`/);
        const refreshes = client.refreshes.length;
        await client.changeConfiguration({ severity: { 'renamed-on-wire': 'information' } });
        if (pull)
          await client.waitFor('diagnostic refresh', () =>
            client.refreshes.slice(refreshes).includes('diagnostic') ? true : undefined,
          );
        const raised = pull ? items(await client.pull(uri)) : await client.diagnostics(uri, (d) => d.length > 0);
        assert.deepEqual(codes(raised), ['renamed-on-wire', 'renamed-on-wire']);
        assert.ok(raised.every((d) => d.severity === 3));
      } finally {
        await client.stop();
      }
    });
  }
});

describe('.toolwire.json changes apply without a restart', () => {
  test('severity changes from the config file reach open documents', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolwire-ws-'));
    const configPath = join(folder, '.toolwire.json');
    writeFileSync(configPath, '{}');
    const client = await TestClient.start({ workspaceFolder: folder });
    try {
      const uri = pathToFileURL(join(folder, 'tools.json')).href;
      await client.open(uri, OPENAI_A_B);
      await client.diagnostics(uri, (d) => d.some((x) => x.severity === 1));
      writeFileSync(configPath, '{ "severity": { "invalid-name": "off" } }');
      await client.watchedFilesChanged(pathToFileURL(configPath).href);
      await client.diagnostics(uri, (d) => d.length === 0);
      writeFileSync(configPath, '{ "targets": ["opneai"] }');
      await client.watchedFilesChanged(pathToFileURL(configPath).href);
      await client.waitFor('a warning about the broken config', () =>
        client.messages.find((m) => /problem.*Unknown provider "opneai"/.test(m)),
      );
    } finally {
      await client.stop();
    }
  });
});
