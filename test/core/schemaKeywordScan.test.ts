import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
import { CONTRACT_KEYWORDS } from '../../server/src/core/clients/schemaKeywords';
import { alterableKeywords } from '../../server/src/core/clients/schemaPaths';
import type { SchemaKeywordSite } from '../../server/src/core/formats/model';
import { scanKeywordSites } from '../../server/src/core/formats/schemaKeywordScan';
import { schemaSite } from '../../server/src/core/formats/schemaSites';

const ALTERABLE = alterableKeywords(CONTRACT_KEYWORDS);

/** The oracle: the walk over a whole tree (no lazy subtree), as an MCP schema with clients. */
function walked(text: string, base: number): readonly SchemaKeywordSite[] {
  const root = parseTree(text);
  assert.ok(root, 'the case is JSON');
  const anchor = { start: base, end: base + 1 };
  return schemaSite(root, '/s', base, 'inputSchema', false, anchor, true)?.keywords ?? [];
}

function scanned(text: string, base: number): SchemaKeywordSite[] {
  const out: SchemaKeywordSite[] = [];
  scanKeywordSites(text, 0, text.length, 'schema', '/s', base, ALTERABLE, out);
  return out;
}

const CASES: Record<string, unknown> = {
  'keywords of the root and of each property': {
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, maximum: 100 }, tag: { type: 'string', pattern: '^a' } },
  },
  'a property named like a keyword is a name, its schema is read': {
    properties: { minimum: { type: 'number', minimum: 0 }, format: { type: 'string', format: 'date' } },
  },
  'enum, default, examples and const are data': {
    properties: {
      a: { enum: ['minimum', { minimum: 1 }], default: { pattern: 'x' }, examples: [{ format: 'uri' }] },
      b: { const: { maximum: 3 } },
    },
  },
  'items as one schema and as a list': {
    properties: {
      one: { type: 'array', items: { type: 'string', format: 'email', minLength: 1 } },
      list: { type: 'array', items: [{ minimum: 1 }, { maximum: 2 }, 'not a schema', [{ pattern: 'x' }]] },
    },
  },
  'combinators, maps and one-schema keywords': {
    anyOf: [{ format: 'uri' }, { pattern: 'a' }],
    oneOf: [{ minimum: 0 }],
    allOf: [{ not: { maximum: 1 } }],
    $defs: { d: { format: 'uuid' } },
    definitions: { e: { minLength: 2 } },
    patternProperties: { '^x': { maxLength: 3 } },
    additionalProperties: { minimum: 4 },
    // `then` as text: an object literal with a `then` looks like a promise to the linter.
    ...JSON.parse('{"if": {"minimum": 1}, "then": {"maximum": 2}, "else": {"pattern": "z"}}'),
    contains: { format: 'date' },
    prefixItems: [{ minimum: 5 }],
  },
  'a keyword whose value is the wrong kind is walked no further': {
    properties: [{ minimum: 1 }],
    items: 'x',
    anyOf: { format: 'uri' },
    additionalProperties: false,
    not: [{ pattern: 'a' }],
  },
  'strings holding brackets, quotes and backslashes': {
    description: 'a {b} [c] "q" \\ \\"',
    properties: { 'k"ey': { minimum: 1, description: '}]' }, 'back\\slash': { format: 'uri' } },
    items: { enum: ['}', ']', '{"minimum": 1}', '\\'], pattern: '[{]' },
  },
  'names that a pointer escapes': { properties: { 'a/b': { minimum: 1 }, 'c~d': { format: 'uri' } } },
  'deep nesting': {
    properties: { a: { properties: { b: { items: { properties: { c: { anyOf: [{ minimum: 1 }] } } } } } } },
  },
};

describe('scanning a schema subtree for the keywords clients alter finds what the walk finds', () => {
  for (const [name, schema] of Object.entries(CASES)) {
    test(name, () => {
      for (const text of [JSON.stringify(schema), JSON.stringify(schema, null, 2)]) {
        for (const base of [0, 17]) assert.deepStrictEqual(scanned(text, base), walked(text, base));
      }
    });
  }

  test('data is never read for keywords, whatever it holds', () => {
    const text = JSON.stringify(CASES['enum, default, examples and const are data']);
    // The data keywords themselves are written keys (`default` and `const` some client alters);
    // nothing inside their values is.
    assert.deepStrictEqual(
      scanned(text, 0).map((k) => k.pointer),
      ['/s/properties/a/default', '/s/properties/b/const'],
    );
  });

  test('a repeated key is read each time, and an escaped key as decoded', () => {
    const text = '{"minimum": 1, "minimum": 2, "properties": {"a": {"\\u0066ormat": "uri"}, "a": {"pattern": "x"}}}';
    assert.deepStrictEqual(scanned(text, 0), walked(text, 0));
    assert.deepStrictEqual(
      scanned(text, 0).map((k) => k.keyword),
      ['minimum', 'minimum', 'format', 'pattern'],
    );
  });

  test('any nesting of schemas and data agrees', () => {
    const keyword = fc.constantFrom(...ALTERABLE, 'type', 'description', 'items', 'properties', 'anyOf', 'enum', 'not');
    const value = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(1, 'minimum', true, null),
        // Strings that hold brackets, quotes and backslashes must not open or close anything.
        fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', 'a'), maxLength: 6 }),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.oneof(keyword, fc.constantFrom('a', 'b/c', 'k"}', 'x\\')), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(keyword, value, { maxKeys: 5 }), (schema) => {
        const text = JSON.stringify(schema, null, 1);
        assert.deepStrictEqual(scanned(text, 3), walked(text, 3));
      }),
      { numRuns: 300 },
    );
  });

  test('only the subtree given is read, from where it starts', () => {
    const inner = '{"minimum": 1, "properties": {"a": {"format": "uri"}}}';
    const text = `{"x": {"pattern": "a"}, "s": ${inner}, "y": {"maximum": 2}}`;
    const start = text.indexOf(inner);
    const out: SchemaKeywordSite[] = [];
    scanKeywordSites(text, start, start + inner.length, 'schema', '/s', 0, ALTERABLE, out);
    assert.deepStrictEqual(
      out.map((k) => [k.keyword, k.pointer, text.slice(k.range.start, k.range.end)]),
      [
        ['minimum', '/s/minimum', '"minimum"'],
        ['format', '/s/properties/a/format', '"format"'],
      ],
    );
  });
});
