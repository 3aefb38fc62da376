import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { adsDerive, modelSafe } from '../../server/src/core/wire/derivations';

describe('model-safe derivation', () => {
  const CASES: ReadonlyArray<[string, string]> = [
    ['get_weather', 'get_weather'],
    ['a.b', 'a_b'],
    ['mcp/github/create_issue', 'mcp_github_create_issue'],
    ['admin.tools.list', 'admin_tools_list'],
    ['Summarize Detection', 'Summarize_Detection'],
    ['x-y', 'x-y'],
    // one code point, one underscore: the reference runtime is Python
    ['a😀b', 'a_b'],
    ['😀', '_'],
    ['👩‍💻', '___'], // woman + ZWJ + laptop: three code points
    ['e\u0301', 'e_'],
    ['日本語', '___'],
    ['lone\ud800x', 'lone_x'],
    ['a'.repeat(70), 'a'.repeat(64)],
    ['😀'.repeat(70), '_'.repeat(64)],
    ['', ''],
  ];
  for (const [name, expected] of CASES) {
    test(JSON.stringify(name), () => assert.equal(modelSafe(name), expected));
  }

  test('a name already in the form is its own form', () => {
    for (const name of ['a', 'A-b_c', 'x'.repeat(64)]) assert.equal(modelSafe(name), name);
  });
});

describe('ADS-2 derivation', () => {
  test('every dot becomes a hyphen; nothing is cut', () => {
    assert.equal(adsDerive('com.example.orders.get'), 'com-example-orders-get');
    assert.equal(adsDerive('com.example.a-b'), adsDerive('com.example.a.b'));
    const long = `com.example.${'x'.repeat(60)}`;
    assert.equal(adsDerive(long).length, long.length);
  });
});
