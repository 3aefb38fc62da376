import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ALL_CLIENT_IDS } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { locateAt } from '../../server/src/core/locate';
import { AnalysisIndex } from '../../server/src/analysisIndex';
import { censusPage } from '../../server/src/features/censusModel';
import { inlayHintsIn } from '../../server/src/features/inlayHints';
import { TestClient } from './client';
import { mcpList, openaiChat, OPENAI_A_B } from './fixtures';

/** Issue 13, item 6 and the protocol faults: per-version lookups, paging, ranges inside bounds. */
describe('the per-version index answers as the scans did', () => {
  const texts = [
    OPENAI_A_B,
    mcpList('a.b', 'a_b', 'c', 'a.b'),
    openaiChat(['x', 'y.z', 'y_z'], {
      tool_choice: { type: 'function', function: { name: 'y.z' } },
      messages: [{ role: 'assistant', tool_calls: [{ type: 'function', function: { name: 'x', arguments: '{}' } }] }],
    }),
    '{"tools":[{"name":"a"},{"name":"b"}]}',
  ];

  test('locate: the same tool or reference as the core, at every offset', () => {
    for (const text of texts) {
      const analysis = analyze(text);
      const index = new AnalysisIndex(analysis);
      for (let offset = 0; offset <= text.length; offset++)
        assert.deepEqual(index.locate(offset), locateAt(analysis, offset), `${text} @${offset}`);
    }
  });

  test('inlay hints: only hints inside the requested range, even when a name straddles its end', () => {
    const text = mcpList('a.b', 'c.d', 'e.f');
    const document = TextDocument.create('file:///x.json', 'json', 1, text);
    const index = new AnalysisIndex(analyze(text));
    const cut = text.indexOf('"c.d"') + 2; // the range ends inside "c.d"
    const range = { start: document.positionAt(text.indexOf('"a.b"') + 1), end: document.positionAt(cut) };
    const hints = inlayHintsIn(document, index, range);
    assert.deepEqual(
      hints.map((h) => h.label),
      ['→ a_b'],
    );
    for (const from of [0, 5, text.indexOf('"c.d"')]) {
      for (const to of [from, cut, text.length]) {
        const r = { start: document.positionAt(from), end: document.positionAt(to) };
        for (const hint of inlayHintsIn(document, index, r)) {
          const at = document.offsetAt(hint.position);
          assert.ok(at >= from && at <= to, `hint at ${at} outside [${from}, ${to}]`);
        }
      }
    }
  });

  test('with no client enabled, every client runs once per version, not once per hover', () => {
    const index = new AnalysisIndex(analyze(mcpList('a.b', 'c')));
    const first = index.clientResults('srv');
    assert.equal(first.results.length, ALL_CLIENT_IDS.length);
    assert.equal(index.clientResults('srv'), first);
  });
});

describe('census pages', () => {
  const names = Array.from({ length: 450 }, (_, i) => `tool_${i}`);
  const index = new AnalysisIndex(analyze(mcpList(...names)));

  test('rows are cut into pages across tables; each row shows once', () => {
    const first = censusPage('t.json', index, 'srv', 0, 200);
    // 450 request rows, then one client table of 450 per modelled client.
    const tables = 1 + ALL_CLIENT_IDS.length;
    assert.equal(first.totalRows, 450 * tables);
    assert.equal(first.pages, Math.ceil((450 * tables) / 200));
    const seen: string[] = [];
    for (let page = 0; page < first.pages; page++) {
      const model = censusPage('t.json', index, 'srv', page, 200);
      assert.ok(model.sections.reduce((n, s) => n + s.rows.length, 0) <= 200);
      const request = model.sections.find((s) => s.heading === 'MCP tool list');
      for (const row of request?.rows ?? []) seen.push(JSON.stringify(row.cells[0]));
    }
    assert.deepEqual(
      seen,
      names.map((n) => JSON.stringify([{ code: n }])),
    );
    assert.deepEqual(
      censusPage('t.json', index, 'srv', 2, 200).sections.map((s) => [s.heading, s.firstRow, s.rows.length]),
      [
        ['MCP tool list', 400, 50],
        ['Agent runtime (model-safe) naming-rules.md §1', 0, 150],
      ],
    );
  });

  test('a page out of range is clamped', () => {
    assert.equal(
      censusPage('t.json', index, 'srv', 999, 200).page,
      Math.ceil((450 * (1 + ALL_CLIENT_IDS.length)) / 200) - 1,
    );
    assert.equal(censusPage('t.json', index, 'srv', -3, 200).page, 0);
  });
});

describe('census paging and notices through the server', () => {
  let client: TestClient;
  // The built bundle, spawned (most LSP tests run the server in-process): big documents cross a
  // real pipe, and the server's memory is its own process's.
  before(async () => (client = await TestClient.start({ settings: { maxFileSize: 0.00001 }, server: 'bundle' })));
  after(() => client.stop());

  test('the "too large" notice stays inside the document when line 0 is empty', async () => {
    const uri = 'file:///ws/big-empty-first-line.json';
    await client.open(uri, `\n${mcpList('a', 'b')}`);
    const [notice] = await client.diagnostics(uri, (d) => d.length > 0);
    assert.match(String(notice!.message), /over the .* MB limit/);
    assert.deepEqual(notice!.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    const other = 'file:///ws/big.json';
    await client.open(other, mcpList('a', 'b'));
    const [second] = await client.diagnostics(other, (d) => d.length > 0);
    assert.deepEqual(second!.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } });
  });

  test('the census request answers the page asked for, with links to the others', async () => {
    await client.changeConfiguration({});
    const uri = 'file:///ws/paged.json';
    await client.open(uri, mcpList(...Array.from({ length: 30 }, (_, i) => `t${i}`)));
    const page = (await client.connection.sendRequest('toolwire/census', { uri, page: 1, pageSize: 100 })) as {
      page: number;
      pages: number;
      html: string;
      markdown: string;
    };
    // 30 request rows, then 30 per modelled client.
    const rows = 30 * (1 + ALL_CLIENT_IDS.length);
    assert.deepEqual([page.page, page.pages], [1, Math.ceil(rows / 100)]);
    assert.match(page.markdown, new RegExp(`Page 2 of ${Math.ceil(rows / 100)}`));
    assert.match(page.html, /<a href="command:toolwire\.censusPage\?%5B2%5D">next ›<\/a>/);
    assert.equal(
      (page.html.match(/<tr( class="bad")?>/g) ?? []).length,
      100 + (page.html.match(/<thead>/g) ?? []).length,
    );
    const garbage = (await client.connection.sendRequest('toolwire/census', { uri, page: 'x', pageSize: null })) as {
      page: number;
      pages: number;
    };
    assert.deepEqual([garbage.page, garbage.pages], [0, Math.ceil(rows / 200)]);
  });
});
