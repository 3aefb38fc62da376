import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { Node } from 'jsonc-parser';
import { ALL_CLIENT_IDS, type Analysis, type AnalysisOptions } from '../../server/src/core';
import { analyze, analyzeWithReader } from '../../server/src/core/analyze';
import { isReadKey } from '../../server/src/core/formats/readKeys';
import { parseDocument, type ParsedDocument } from '../../server/src/core/json/parse';
import { LazyContainer } from '../../server/src/core/json/lazy';
import type { Keep } from '../../server/src/core/json/tree';
import type { SourceLanguage } from '../../server/src/core/source';
import { parseYamlFully } from '../../server/src/core/yaml/parse';
import { generate } from '../../bench/generate';
import { CORPUS, REALWORLD } from './corpusFiles';
import { adsManifest, mcpList, openaiChat, pretty } from './helpers';
import { plainDocument } from './treeData';

/**
 * The skeleton reader (json/skeleton.ts) against the oracle: the full tree every recogniser read
 * before the skeleton. Same tools, names, ranges, references, findings and syntax problems, on seeds
 * of every format, their mutations, the repo's fixtures and the shared corpus.
 */
function fullTreeReader(text: string, language?: SourceLanguage): ParsedDocument {
  return language === 'yaml' ? parseYamlFully(text) : parseDocument(text);
}

/** The analysis as data: the server's budget is a function, so it is compared by its answers. */
function comparable(analysis: Analysis): unknown {
  // The string writer is a function: compared by what it writes for every tool's name.
  const { server, strings, ...data } = analysis;
  const rest = { ...data, strings: analysis.tools.map((t) => strings(t.declaration.name.range, 'renamed_tool')) };
  if (!server) return rest;
  const { budget, ...info } = server;
  return { ...rest, server: info, budgets: analysis.tools.map((_, i) => budget(i)) };
}

function assertSameAnalysis(text: string, options: AnalysisOptions = {}, label = ''): void {
  const ours = analyze(text, options);
  const oracle = analyzeWithReader(text, options, fullTreeReader);
  assert.deepEqual(
    comparable(ours),
    comparable(oracle),
    `analysis differs ${label} for ${JSON.stringify(text.slice(0, 300))}`,
  );
}

function assertSameTree(text: string, keep: Keep = isReadKey): void {
  assert.deepEqual(
    plainDocument(parseDocument(text, keep)),
    plainDocument(parseDocument(text)),
    `tree differs for ${JSON.stringify(text.slice(0, 300))}`,
  );
}

const SEEDS: readonly string[] = [
  mcpList('get.user', 'get_user', 'ok', 'Get-User', 'x'.repeat(70), 42, ''),
  openaiChat(['a.b', 'a_b', 'c'], {
    tool_choice: { type: 'function', function: { name: 'a.b' } },
    messages: [
      {
        role: 'assistant',
        tool_calls: [{ id: '1', type: 'function', function: { name: 'missing', arguments: '{}' } }],
      },
      { role: 'function', name: 'c', content: 'x' },
    ],
  }),
  adsManifest([
    { name: 'com.example.orders.get' },
    { name: 'com.example.orders-get' },
    { name: 'com.example.x', invocationName: 'bad name' },
  ]),
  pretty({
    model: 'claude-sonnet-4',
    tools: [
      {
        name: 'a.b',
        description: 'd',
        input_schema: {
          type: 'object',
          properties: { 'bad key': { type: 'string' }, ok: { type: 'object', properties: { deep: {} } } },
          required: ['bad key'],
        },
      },
    ],
    tool_choice: { type: 'tool', name: 'a.b' },
    messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'zz', input: { q: [1, 2] } }] }],
  }),
  pretty({
    contents: [{ parts: [{ functionCall: { name: 'f.g', args: { a: 1 } } }] }],
    tools: [
      {
        functionDeclarations: [{ name: 'f.g', parameters: { type: 'OBJECT', properties: { x: { type: 'STRING' } } } }],
      },
    ],
    toolConfig: { functionCallingConfig: { allowedFunctionNames: ['f.g', 'nope'] } },
  }),
  pretty({
    modelId: 'x',
    toolConfig: {
      tools: [{ toolSpec: { name: 'a.b', inputSchema: { json: { type: 'object', properties: { 'a b': {} } } } } }],
      toolChoice: { tool: { name: 'a.b' } },
    },
    messages: [{ role: 'assistant', content: [{ toolUse: { toolUseId: '1', name: 'a.b', input: {} } }] }],
  }),
  pretty({
    jsonrpc: '2.0',
    id: 1,
    result: {
      tools: [
        {
          name: 'x.y',
          inputSchema: { type: 'object', properties: { p: { type: 'array', items: { type: 'object' } } } },
          annotations: { title: 't' },
          _meta: { a: [1, { b: 2 }] },
        },
      ],
    },
  }),
  pretty({
    server_info: { name: 'srv', title: 'Server' },
    tools: [{ name: 'a.b', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { r: {} } } }],
  }),
  [
    { custom_id: '1', method: 'POST', url: '/v1/chat/completions', body: JSON.parse(openaiChat(['l.one'])) },
    { custom_id: '2', method: 'POST', url: '/v1/chat/completions', body: JSON.parse(openaiChat(['l.two'])) },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n'),
  [
    '{"name":"t.one","parameters":{"type":"object","properties":{"a":{}}}}',
    '{"name":"t_one","parameters":{"type":"object"}}',
  ].join('\n'),
  pretty([
    { name: 'cat.one', description: 'd', arguments: [{ name: 'a', type: 'string', desc: 'x' }] },
    { name: 'cat_one', description: 'e' },
  ]),
  pretty({
    model: 'gpt-4.1',
    input: [{ type: 'function_call', name: 'r.x', arguments: '{}' }],
    tools: [
      {
        type: 'function',
        name: 'r.x',
        parameters: { type: 'object', properties: { q: { anyOf: [{ type: 'string' }] } } },
      },
    ],
    tool_choice: { type: 'allowed_tools', mode: 'auto', tools: [{ type: 'function', name: 'r.x' }] },
  }),
  '// comment\n{\n  /* block */ "tools": [ { "name": "c.d", "inputSchema": { "type": "object", "properties": { "x": { "default": [1,2,], }, }, }, }, ],\n}\n',
  generate('mcp-tools-list', 30),
  generate('openai-chat', 30),
  generate('ads-manifest', 30),
];

const ALL_CLIENTS: AnalysisOptions = { clients: { enabled: ALL_CLIENT_IDS, server: 'a-server' } };

/** One edit of the kinds a user makes mid-typing, or a tool list grows by. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '"a"',
      '1',
      'x',
      '\n',
      '\\',
      '/*',
      '*/',
      '//c\n',
      '"name": "q.r",',
      '{"name":"a.b"}',
    ),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('comment' as const), at: fc.nat(), block: fc.boolean() }),
  fc.record({ kind: fc.constant('trailing-comma' as const), at: fc.nat() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(text: string, m: Mutation): string {
  const at = text.length === 0 ? 0 : m.at % (text.length + 1);
  switch (m.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'truncate':
      return text.slice(0, at);
    case 'duplicate':
      return text.slice(0, at) + text.slice(at, at + m.length) + text.slice(at);
    case 'comment':
      return text.slice(0, at) + (m.block ? '/* c */' : '// c\n') + text.slice(at);
    case 'trailing-comma': {
      // Before the next closing bracket: where a trailing comma is allowed (JSONC) or not.
      const close = text.slice(at).search(/[}\]]/);
      return close === -1 ? text : `${text.slice(0, at + close)},${text.slice(at + close)}`;
    }
  }
}

const mutated = fc
  .record({ seed: fc.nat({ max: SEEDS.length - 1 }), edits: fc.array(mutation, { minLength: 1, maxLength: 4 }) })
  .map(({ seed, edits }) => edits.reduce(mutate, SEEDS[seed]!));

/** Token soup: broken structure of every kind, inside and outside pruned subtrees. */
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
      '"tools"',
      '"x"',
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
      '\\',
      '"\\u12"',
      '1e',
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

describe('skeleton reader: identical to the full tree (the oracle)', () => {
  test('every seed, with the default options and with every MCP client', () => {
    for (const seed of SEEDS) {
      assertSameTree(seed);
      assertSameAnalysis(seed);
      assertSameAnalysis(seed, ALL_CLIENTS, 'with every client');
    }
  });

  test('the seeds prune what no recogniser reads (the point of the skeleton)', () => {
    const root = parseDocument(generate('mcp-tools-list', 3), isReadKey).values[0]!.node;
    const inputSchema = root.children![0]!.children![1]!.children![0]!.children!.find(
      (p) => p.children![0]!.value === 'inputSchema',
    )!.children![1]!;
    const properties = inputSchema.children!.find((p) => p.children![0]!.value === 'properties')!.children![1]!;
    assert.ok(
      properties instanceof LazyContainer && properties.keys,
      'the top-level properties are a stand-in that lists its keys',
    );
    assert.deepEqual(
      properties.keys.filter((_, i) => i % 3 === 0),
      ['id', 'limit', 'filter'],
    );
    const required = inputSchema.children!.find((p) => p.children![0]!.value === 'required')!.children![1]!;
    assert.ok(required instanceof LazyContainer && !required.keys, 'the required array is a plain stand-in');
  });

  test('thousands of mutated documents: same tree, same analysis', () => {
    fc.assert(
      fc.property(mutated, (text) => {
        assertSameTree(text);
        assertSameAnalysis(text);
      }),
      { numRuns: 2500 },
    );
  });

  test('mutated documents with every MCP client enabled', () => {
    fc.assert(
      fc.property(mutated, (text) => assertSameAnalysis(text, ALL_CLIENTS)),
      { numRuns: 300 },
    );
  });

  test('token soup, pruning every key or only unread ones: same tree and same problems', () => {
    fc.assert(
      fc.property(jsonish, (body) => {
        for (const text of [
          body,
          `{"tools":[{"name":"a","inputSchema":${body}}],"x":${body}}`,
          `{"a":${body}}\n{"b":[${body}]}`,
        ]) {
          assertSameTree(text);
          assertSameTree(text, () => false);
        }
      }),
      { numRuns: 1500 },
    );
  });

  test('a pruned subtree 100,000 levels deep is built without recursion when read', () => {
    const depth = 100_000;
    const text = `{"x":${'['.repeat(depth)}${']'.repeat(depth)},"tools":[]}`;
    const root = parseDocument(text, isReadKey).values[0]!.node;
    let node: Node | undefined = root.children![0]!.children![1];
    assert.ok(node instanceof LazyContainer);
    let levels = 0;
    while (node && node.type === 'array') {
      levels += 1;
      node = node.children?.[0];
    }
    assert.equal(levels, depth);
    const broken = `{"x":${'['.repeat(depth)},"tools":[]}`;
    assert.deepEqual(parseDocument(broken, isReadKey).problems, parseDocument(broken).problems);
  });

  test("the repo's fixtures and the shared corpus (skipped where absent)", (t) => {
    const wanted = ['test/fixtures', CORPUS, REALWORLD];
    const roots = wanted.filter((r) => existsSync(r));
    if (roots.length < wanted.length)
      t.diagnostic(`skipped: ${wanted.filter((r) => !roots.includes(r)).join(', ')} absent`);
    let files = 0;
    for (const file of roots.flatMap(jsonFiles)) {
      const text = readFileSync(file, 'utf8');
      assertSameAnalysis(text, {}, file);
      assertSameAnalysis(text, ALL_CLIENTS, `${file} with every client`);
      files += 1;
    }
    t.diagnostic(`${files} files compared`);
  });
});

/** Every JSON, JSONC and JSON Lines file below `root`, iteratively. */
function jsonFiles(root: string): string[] {
  const out: string[] = [];
  const stack = [root];
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) stack.push(path);
      else if (/\.(json|jsonc|jsonl)$/i.test(name)) out.push(path);
    }
  }
  return out.sort();
}
