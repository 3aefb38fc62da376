import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { createScanner, type Node } from 'jsonc-parser';
import { isReadKey } from '../../server/src/core/formats/readKeys';
import { KeyedProperty } from '../../server/src/core/json/keyedProperty';
import { forEachKey, LazyContainer } from '../../server/src/core/json/lazy';
import { property, propertyKey, stringValue } from '../../server/src/core/json/nodes';
import { parseDocument } from '../../server/src/core/json/parse';
import { parseStrictSkeleton } from '../../server/src/core/json/strict';
import type { BuildNode, Keep } from '../../server/src/core/json/tree';
import { generate } from '../../bench/generate';
import { plainTree } from './treeData';

/**
 * The strict-JSON reader (json/strict.ts) is a fast path: it must answer for every strict JSON
 * text (else the speed is lost, silently), give exactly the general parser's tree when it does,
 * and refuse everything jsonc-parser would report or recover from.
 */
const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true } as const;

function strict(text: string, keep: Keep = isReadKey, comments = true): Node | undefined {
  return parseStrictSkeleton(
    text,
    keep,
    (type, parent, offset) => new LazyContainer(type, parent as Node, text, OPTIONS, offset) as unknown as BuildNode,
    comments,
  );
}

/** Where a token of `text` ends (jsonc-parser's scanner): a comment may go there. */
function tokenEnds(text: string): number[] {
  const scanner = createScanner(text, true);
  const ends: number[] = [];
  while ((scanner.scan() as number) !== 17 /* EOF */) ends.push(scanner.getTokenOffset() + scanner.getTokenLength());
  return ends;
}

/** Comments with what would confuse a reader that missed them: quotes, brackets, line breaks. */
const COMMENTS = ['// c "q" {', '/* x */', '/**/', '/* a\n "b" ] */', '//', '/* } */', '/*/ */', '// \r'] as const;

/** The general parser's full tree, the oracle (it also reports whether the text had problems). */
function oracle(text: string): { node: Node | undefined; clean: boolean } {
  const parsed = parseDocument(text);
  return {
    node: parsed.values.length === 1 && parsed.kind === 'json' ? parsed.values[0]!.node : undefined,
    clean: parsed.problems.length === 0,
  };
}

function assertStrictMatches(text: string, keep?: (key: string) => boolean): void {
  const ours = strict(text, keep);
  assert.ok(ours, `the strict reader answers for ${JSON.stringify(text.slice(0, 200))}`);
  const full = oracle(text);
  assert.ok(full.clean && full.node);
  assert.deepEqual(plainTree(ours), plainTree(full.node), `tree differs for ${JSON.stringify(text.slice(0, 200))}`);
  assertListedKeysMatch(ours);
}

/** Every key list a stand-in kept (a schema's `properties`) names the keys its children have, at their offsets. */
function assertListedKeysMatch(root: Node): void {
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node instanceof LazyContainer && node.keys) {
      const fromChildren = node.children.flatMap((p) => [
        p.children![0]!.value as string,
        p.children![0]!.offset,
        p.children![0]!.length,
      ]);
      assert.deepEqual(node.keys, fromChildren, 'listed keys');
      const visited: Array<string | number> = [];
      forEachKey(node, (key, offset, length) => visited.push(key, offset, length));
      assert.deepEqual(visited, fromChildren, 'forEachKey reads the list');
    }
    if (node.children) stack.push(...node.children);
  }
}

/** Keys a recogniser reads mixed with others, so both built and stand-in subtrees occur. */
const key = fc.oneof(
  fc.constantFrom(
    'tools',
    'name',
    'properties',
    'properties',
    'inputSchema',
    'inputSchema',
    'required',
    'x',
    'description',
    '',
  ),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
}));

describe('strict JSON reader', () => {
  test("answers for any JSON.stringify output, with the general parser's tree (built and pruned)", () => {
    fc.assert(
      fc.property(value, fc.constantFrom<string | number | undefined>(undefined, 0, 2, '\t', ' \r'), (v, indent) => {
        const text = JSON.stringify(v, null, indent);
        if (text === undefined) return;
        assertStrictMatches(text);
        assertStrictMatches(text, () => false);
        assertStrictMatches(text, () => true);
        assertStrictMatches(`\r\n ${text}\t\n`);
      }),
      { numRuns: 3000 },
    );
  });

  test('escapes, numbers, keywords and whitespace jsonc-parser accepts silently', () => {
    for (const text of [
      '{"a\\u00e9\\"\\\\\\/\\b\\f\\n\\r\\t":"\\uD83D\\uDE00"}',
      '[0,-0,1.5,-2.25e+10,3E-2,1e5,123456789012345678901234567890]',
      '[true,false,null,{},[],"",{"tools":[]},{"x":{}},{"x":[]}]',
      '{"properties":{"a":{"type":"string"},"b":[1,{"c":2}]},"required":["a"]}',
      '"just a string"',
      '42',
      '{"é":"ü","😀":"\u2028"}',
    ]) {
      assertStrictMatches(text);
      assertStrictMatches(text, () => false);
    }
  });

  test('reads comments between any two tokens as jsonc-parser does (JSONC), with its tree', () => {
    fc.assert(
      fc.property(value, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...COMMENTS))), (v, inserts) => {
        let text = JSON.stringify(v, null, 2);
        if (text === undefined) return;
        const ends = tokenEnds(text);
        // From the last place back, so earlier places stay where they were; a line comment ends its line.
        const places = inserts
          .map(([at, comment]) => [ends[at % ends.length]!, comment] as const)
          .sort((a, b) => b[0] - a[0]);
        for (const [at, comment] of places)
          text = `${text.slice(0, at)} ${comment}${comment.startsWith('//') ? '\n' : ' '}${text.slice(at)}`;
        text = `/* head */ ${text} // tail`;
        assertStrictMatches(text);
        assertStrictMatches(text, () => false);
        assert.equal(strict(text, isReadKey, false), undefined, 'refused where comments are not allowed');
      }),
      { numRuns: 1500 },
    );
  });

  test('refuses whatever the general parser reports or recovers from, and what it reads otherwise', () => {
    for (const text of [
      '',
      '   ',
      '{',
      '}',
      '[1,]',
      '{"a":1,}',
      '{"a" 1}',
      '{"a":}',
      '{a:1}',
      '[1 2]',
      '[01]',
      '[1.]',
      '[1e]',
      '[-]',
      '[.5]',
      '[+1]',
      '[truex]',
      '[tru]',
      '[nul]',
      '["a\\x"]',
      '["\\u12"]',
      '["a\nb"]',
      '["a\tb"]',
      '["open',
      '{}{}',
      '{}\n{}',
      // An unclosed block comment, a lone slash, a comment that swallows the rest.
      '{} /* open',
      '[1 /* a */ /* b',
      '[1 / 2]',
      '{} /',
      '[1, // 2]',
      '{"a": 1 /* } */',
      '\uFEFF{}',
      '{}\u00A0',
      '[1,\v2]',
      '[}',
      '{]',
      '[[[',
      '{"a":[1}',
      // Control characters inside strings, with clean strings before them and line breaks after
      // (the native search for a closing quote must not skip over them).
      '["ok", "a\rb"]',
      '["ok", "a\u0001b"]',
      '{"x": {"y": "a\u001fb"}}\n',
      '["ok",\n"a\tb"]\n',
      '["ok", "a\\qb"]',
      '{"x": ["a\u000bb"]}',
    ]) {
      assert.equal(strict(text), undefined, `refused: ${JSON.stringify(text)}`);
    }
  });

  test('a 100,000-deep document is read without recursion', () => {
    const depth = 100_000;
    const text = `{"tools":${'['.repeat(depth)}${']'.repeat(depth)},"x":${'{"y":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    const root = strict(text);
    assert.ok(root);
    let levels = 0;
    for (
      let node: Node | undefined = root.children![0]!.children![1];
      node?.type === 'array';
      node = node.children?.[0]
    )
      levels += 1;
    assert.equal(levels, depth);
  });

  test('the generated benchmark files take the strict path (the speed issue 10 measures)', () => {
    for (const shape of ['mcp-tools-list', 'openai-chat', 'ads-manifest'] as const)
      assertStrictMatches(generate(shape, 50));
  });

  test("reading properties by key makes no key nodes; reading children makes the full parse's", () => {
    const text = generate('openai-chat', 3);
    const root = strict(text)!;
    const made = (node: Node) => Reflect.get(node, 'made') !== undefined;
    const tools = property(root, 'tools')!.children!;
    for (const tool of tools) {
      const fn = property(tool, 'function')!;
      assert.equal(typeof stringValue(property(fn, 'name')), 'string');
      forEachKey(fn, () => undefined);
      assert.deepEqual(fn.children!.map(propertyKey), ['name', 'description', 'parameters']);
      for (const prop of [...tool.children!, ...fn.children!]) {
        assert.ok(prop instanceof KeyedProperty);
        assert.equal(made(prop), false, `${String(propertyKey(prop))} made its children`);
      }
    }
    // Read, the children are the key node and value the full parse gives.
    assert.deepEqual(plainTree(root), plainTree(oracle(text).node!));
    assert.equal(made(tools[0]!.children![0]!), true);
  });
});
