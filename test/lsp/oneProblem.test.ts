import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, rangeText } from './client';
import { mcpList, openaiChat } from './fixtures';

const WHOLE = { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } };

/** What the editor shows for a document once its findings are in: the problems and the quick-fix menu. */
async function shown(client: TestClient, uri: string, text: string, code: string) {
  await client.open(uri, text);
  const diagnostics = (await client.diagnostics(uri, (d) => d.some((x) => x.code === code))).filter(
    (d: Diagnostic) => d.severity !== 4,
  );
  const actions = ((await client.codeActions(uri, WHOLE, diagnostics)) ?? []) as CodeAction[];
  return { diagnostics, titles: actions.map((a) => a.title) };
}

describe('one problem, one diagnostic, one menu entry (the editor as a user sees it)', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start()));
  after(() => client.stop());

  test('orders.get beside orders_get among four tools: one diagnostic, on the tool that loses; no title twice', async () => {
    const uri = 'file:///ws/one-problem/orders.json';
    const text = mcpList('orders.get', 'orders_get', 'search', 'fetch');
    const { diagnostics, titles } = await shown(client, uri, text, 'wire-collision');
    assert.deepEqual(
      diagnostics.map((d) => [d.code, rangeText(text, d.range)]),
      [['wire-collision', '"orders.get"']],
    );
    // Every client's part of the problem is folded into that one diagnostic's message.
    const { message } = diagnostics[0]!;
    assert.ok(typeof message === 'string');
    assert.match(message, /Also fails the request in \d+ clients/);
    assert.equal(new Set(titles).size, titles.length, titles.join(' | '));
    assert.deepEqual(
      titles.filter((t) => t.startsWith('Rename')),
      ['Rename tool to "orders_get_2" (callers must use the new name)'],
    );
  });

  test('a proposed name is cut at a word boundary, never inside a word', async () => {
    const dotted = 'inventory.warehouse.management.report.generation.for.regional.distribution.centers';
    const camel = 'getInventoryWarehouseManagementReportGenerationForRegionalDistributionCentersNow';
    const uri = 'file:///ws/one-problem/long.json';
    const { titles } = await shown(client, uri, openaiChat([dotted, camel]), 'invalid-name');
    const proposed = titles.flatMap((t) => /^Rename tool to "([^"]+)"/.exec(t)?.slice(1) ?? []);
    assert.deepEqual(proposed, [
      'inventory_warehouse_management_report_generation_for_regional',
      'getInventoryWarehouseManagementReportGenerationForRegional',
    ]);
  });
});
