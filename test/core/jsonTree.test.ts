import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseTree, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';
import { parseJsonTree } from '../../server/src/core/json/tree';
import { adsManifest, mcpList, openaiChat } from './helpers';

/** The node as plain data (no parent cycle), so two trees compare with deepEqual. */
function plain(node: Node | undefined): unknown {
  if (!node) return undefined;
  return {
    type: node.type,
    value: node.value,
    offset: node.offset,
    length: node.length,
    colonOffset: node.colonOffset,
    children: node.children?.map(plain),
  };
}

function parentsConsistent(node: Node): boolean {
  return (node.children ?? []).every((c) => c.parent === node && parentsConsistent(c));
}

const OPTION_SETS: readonly ParseOptions[] = [
  { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true },
  {},
  { disallowComments: true },
];

function assertSameAsJsoncParser(text: string): void {
  for (const options of OPTION_SETS) {
    const theirErrors: ParseError[] = [];
    const ourErrors: ParseError[] = [];
    const theirs = parseTree(text, theirErrors, options);
    const ours = parseJsonTree(text, ourErrors, options);
    assert.deepEqual(plain(ours), plain(theirs), `tree of ${JSON.stringify(text)} with ${JSON.stringify(options)}`);
    assert.deepEqual(ourErrors, theirErrors, `errors of ${JSON.stringify(text)} with ${JSON.stringify(options)}`);
    if (ours) {
      assert.equal(ours.parent, undefined);
      assert.ok(parentsConsistent(ours));
    }
  }
}

/** Token soup: mostly JSON punctuation, so broken structure of every kind turns up. */
const jsonish = fc
  .array(
    fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"a"',
      '"',
      '1',
      '-',
      'true',
      'nul',
      ' ',
      '\n',
      '//c\n',
      '/*',
      '*/',
      'x',
      '\\',
      '"\\u12"',
      '1e',
      '0x',
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('parseJsonTree: jsonc-parser parseTree without recursion', () => {
  test('the same tree and errors on token soup', () => {
    fc.assert(fc.property(jsonish, assertSameAsJsoncParser), { numRuns: 3000 });
  });

  test('the same tree and errors on any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 80 }), assertSameAsJsoncParser), { numRuns: 1000 });
  });

  test('the same tree and errors on JSON values and every cut and splice of them', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.nat(), fc.nat(), (value, a, b) => {
        const text = JSON.stringify(value, null, 1);
        assertSameAsJsoncParser(text);
        const cut = a % (text.length + 1);
        assertSameAsJsoncParser(text.slice(0, cut));
        assertSameAsJsoncParser(text.slice(0, cut) + text.slice(Math.min(text.length, cut + (b % 5) + 1)));
      }),
      { numRuns: 500 },
    );
  });

  test('the same tree and errors on every prefix of real documents', () => {
    const documents = [
      openaiChat(['a.b', 'a_b'], { tool_choice: { type: 'function', function: { name: 'a.b' } } }),
      adsManifest([{ name: 'com.example.a-b' }, { name: 'com.example.a.b', invocationName: 'x' }]),
      mcpList('mcp/s/t', 'tool.search', '😀'),
      '{\n  // c\n  "tools": [\n    { "name": "a.b", "inputSchema": {} }, /* x */\n  ],\n}\n{"x":1}\n',
    ];
    for (const doc of documents) for (let end = 0; end <= doc.length; end++) assertSameAsJsoncParser(doc.slice(0, end));
  });

  test('any depth: 100,000 nested arrays and objects parse without overflowing the stack', () => {
    const depth = 100_000;
    const arrays = parseJsonTree('['.repeat(depth) + ']'.repeat(depth));
    let node = arrays;
    let levels = 0;
    while (node?.children?.[0]) {
      node = node.children[0];
      levels += 1;
    }
    assert.equal(levels, depth - 1);
    const errors: ParseError[] = [];
    const objects = parseJsonTree(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, errors);
    assert.equal(objects?.type, 'object');
    assert.deepEqual(errors, []);
    // Unclosed: errors, not a throw.
    const open: ParseError[] = [];
    assert.equal(parseJsonTree('[{"a":'.repeat(depth), open)?.type, 'array');
    assert.ok(open.length > 0);
  });
});
