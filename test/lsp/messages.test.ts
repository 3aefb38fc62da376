import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { TestClient, positionOf, rangeText } from './client';
import { ADS_PROBLEMS, mcpList, carriesFix } from './fixtures';

/** Issue 11, item 5: one sentence in the Problems panel; the why and the fix beside it and in the hover. */
describe('messages in the editor', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start()));
  after(() => client.stop());

  test('a collision: the message is one sentence; the detail follows the other tools, at the finding itself', async () => {
    const uri = 'file:///ws/messages/collision.json';
    const text = mcpList('a.b', 'a_b');
    await client.open(uri, text);
    const diagnostics = (await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'))).filter(
      (d) => d.code === 'wire-collision',
    );
    // One problem, one diagnostic: the kept a_b has none.
    assert.deepEqual(
      diagnostics.map((d) => rangeText(text, d.range)),
      ['"a.b"'],
    );
    const leftOut = diagnostics[0]!;
    // Its clients' findings fold in: one clause in the message, one line each in the detail.
    assert.equal(
      leftOut.message,
      'Left out of the request: sent as "a_b", the name of the tool the runtime keeps. Also fails the request in 6 clients, shares its name with another tool in 4 clients, is left out in Cursor.',
    );
    const data = leftOut.data as { detail?: string; fix?: unknown };
    const lines = (data.detail ?? '').split('\n');
    assert.match(lines[0]!, /^The runtime keeps "a_b" .* Rename it\.$/);
    assert.equal(lines.length, 4, data.detail);
    assert.ok(!(data.detail ?? '').includes('⟨U+000A⟩'), 'the lines are lines, not escaped breaks');
    assert.ok(carriesFix(leftOut), 'the quick fix still travels in data');
    const related = leftOut.relatedInformation!;
    // Related information points only at other places: the kept tool; the detail is in the hover.
    assert.deepEqual(
      related.map((r) => [rangeText(text, r.location.range), r.message]),
      [['"a_b"', '"a_b" has the same name (kept)']],
    );
  });

  test('a folded finding: the hover gives each code its own paragraph, never an escaped line break', async () => {
    const uri = 'file:///ws/messages/folded-hover.json';
    const text = mcpList('a.b', 'a_b');
    await client.open(uri, text);
    await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
    const value = ((await client.hover(uri, positionOf(text, '"a.b"', 0, 2)))!.contents as MarkupContent).value;
    assert.match(value, /\n\n`wire-collision`: The runtime keeps /);
    assert.match(value, /\n\n`client-rejected`: Sent as /);
    assert.match(value, /\n\n`client-collision`: Sent by /);
    assert.match(value, /\n\n`client-dropped`: Left out by Cursor/);
    assert.doesNotMatch(value, /⟨U\+000A⟩/);
  });

  test('a finding that points nowhere keeps relatedInformation empty; its detail is in the hover', async () => {
    const uri = 'file:///ws/messages/ads.json';
    await client.open(uri, ADS_PROBLEMS);
    const diagnostics = await client.diagnostics(uri, (d) => d.some((x) => x.code === 'not-invocable'));
    const notInvocable = diagnostics.find((d) => d.code === 'not-invocable')!;
    assert.equal(
      notInvocable.message,
      'Not invocable: derives "com-example-fulfilment-warehouse-operations-reserve-inventory-for-order", 71 characters, over ADS-2\'s 64.',
    );
    assert.equal(notInvocable.relatedInformation, undefined);
    const hover = await client.hover(uri, positionOf(ADS_PROBLEMS, '"com.example.fulfilment', 0, 2));
    const value = (hover!.contents as MarkupContent).value;
    // Issue 11, item 5: the not-invocable hover shows the derived name and its length.
    assert.match(
      value,
      /Wire name: \*\*none\*\* \(derives `com-example-fulfilment-warehouse-operations-reserve-inventory-for-order`, \*\*71 characters\*\*, over ADS-2's 64; never truncated, so not invocable\)/,
    );
    assert.match(
      value,
      /`not-invocable`: ADS-2 forbids truncating it, so clients MUST treat the capability as not invocable and models never see it\. Add an invocationName\./,
    );
  });

  test('an ADS name derived into invalid characters: the hover says which name and why', async () => {
    const uri = 'file:///ws/messages/ads-invalid.json';
    const text = JSON.stringify({ specVersion: '0.3.0', capabilities: [{ name: 'com.example.get!' }] }, null, 2);
    await client.open(uri, text);
    await client.diagnostics(uri, (d) => d.some((x) => x.code === 'not-invocable'));
    const value = ((await client.hover(uri, positionOf(text, '"com.example.get!"', 0, 2)))!.contents as MarkupContent)
      .value;
    assert.match(
      value,
      /Wire name: \*\*none\*\* \(derives `com-example-get!`, 16 characters, not a valid tool name: `\[A-Za-z0-9_-\]` only\)/,
    );
  });
});
