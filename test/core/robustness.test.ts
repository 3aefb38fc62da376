import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import { analyze } from '../../server/src/core/analyze';
import type { CodeLanguage, CodeParser, SyntaxNode } from '../../server/src/core/code/syntax';
import { loadCodeParsers } from './codeParsers';
import { MAX_CONFIG_PROBLEMS, parseConfig } from '../../server/src/core/config/parseConfig';
import { adsManifest, mcpList, openaiChat, pretty } from './helpers';

/** Bad input never throws: malformed JSON mid-typing, odd Unicode, wrong types, deep nesting. */
describe('robustness', () => {
  test('any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => void analyze(text)),
      { numRuns: 500 },
    );
  });

  test('any JSON value, and any JSON value placed where tools belong', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        analyze(JSON.stringify(value));
        analyze(JSON.stringify({ tools: value, tool_choice: value, messages: value }));
        analyze(JSON.stringify({ specVersion: '0.3.0', capabilities: [{ name: value, invocationName: value }] }));
        analyze(JSON.stringify({ tools: [{ type: 'function', function: { name: value } }] }));
      }),
      { numRuns: 300 },
    );
  });

  test('every prefix of real documents (typing from scratch)', () => {
    const documents = [
      openaiChat(['a.b', 'a_b'], { tool_choice: { type: 'function', function: { name: 'a.b' } } }),
      adsManifest([{ name: 'com.example.a-b' }, { name: 'com.example.a.b', invocationName: 'x' }]),
      mcpList('mcp/s/t', 'tool.search', '😀'),
    ];
    for (const doc of documents) {
      for (let end = 0; end <= doc.length; end++) {
        const analysis = analyze(doc.slice(0, end));
        for (const f of analysis.findings)
          assert.ok(f.range.start >= 0 && f.range.end <= end, 'ranges stay inside the text');
      }
    }
  });

  test('deep nesting does not overflow the stack', () => {
    const depth = 5000;
    analyze('['.repeat(depth) + ']'.repeat(depth));
    analyze(`{"tools":${'['.repeat(depth)}${']'.repeat(depth)}}`);
  });

  // Issue 13, item 7: any depth, and no depth hides the tools beside it or around it.
  const DEEP = 100_000;

  test('100,000 levels of nesting parse without a parser failure', () => {
    for (const text of [
      '['.repeat(DEEP) + ']'.repeat(DEEP),
      `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
      '[{"a":'.repeat(DEEP),
    ]) {
      const analysis = analyze(text);
      assert.deepEqual(
        analysis.syntaxProblems.filter((p) => p.message.startsWith('parser failure')),
        [],
      );
      assert.equal(analysis.tools.length, 0);
    }
  });

  test('a tool list beside a deep nest, and a tool whose schema is deep, are still analysed', () => {
    const deepSchema = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
    const text = `{"tools":[{"name":"a.b","inputSchema":${deepSchema}},{"name":"a_b","inputSchema":{}}],"x":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`;
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['a.b', 'a_b'],
    );
    // a.b is left out (its finding); a_b keeps the name (none).
    assert.deepEqual(
      analysis.findings.map((f) => `${f.code} ${f.tool}`),
      ['wire-collision 0'],
    );
  });

  test('a request wrapped in 100,000 envelopes is still found', () => {
    const text = `${'{"custom_id":"x","body":'.repeat(DEEP)}{"tools":[{"name":"a.b","inputSchema":{}},{"name":"a_b","inputSchema":{}}]}${'}'.repeat(DEEP)}`;
    assert.deepEqual(
      analyze(text).findings.map((f) => `${f.code} ${f.tool}`),
      ['wire-collision 0'],
    );
  });

  test('150,000 tools in one request (spreading them as arguments overflowed the stack)', () => {
    const count = 150_000;
    const tools = Array.from({ length: count }, (_, i) => ({ name: `t${i}`, inputSchema: {} }));
    tools.push({ name: 'a.b', inputSchema: {} }, { name: 'a_b', inputSchema: {} });
    const analysis = analyze(JSON.stringify({ tools }));
    assert.equal(analysis.tools.length, count + 2);
    // a.b (left out) has the finding; a_b keeps the name.
    assert.deepEqual(
      analysis.findings.filter((f) => f.code === 'wire-collision').map((f) => f.tool),
      [count],
    );
  });

  test('names with escapes: ranges cover the token as written', () => {
    const text = '{"tools":[{"name":"a\\u002eb","inputSchema":{}},{"name":"a_b","inputSchema":{}}]}';
    const analysis = analyze(text);
    assert.equal(analysis.tools[0]!.name, 'a.b');
    const f = analysis.findings.find((x) => x.code === 'wire-collision')!;
    assert.equal(text.slice(f.range.start, f.range.end), '"a\\u002eb"');
  });

  test('a JSONC file with comments and trailing commas', () => {
    const text =
      '{\n  // tools for the demo\n  "tools": [\n    { "name": "a.b", "inputSchema": {} }, /* x */\n    { "name": "a_b", "inputSchema": {} },\n  ],\n}';
    assert.deepEqual(
      analyze(text)
        .findings.filter((f) => f.code === 'wire-collision')
        .map((f) => text.slice(f.range.start, f.range.end)),
      ['"a.b"'],
    );
  });

  test('CRLF line endings', () => {
    const text = pretty({ tools: [{ name: 'a.b', inputSchema: {} }] }).replace(/\n/g, '\r\n');
    assert.equal(analyze(text).tools[0]!.name, 'a.b');
  });
});

/**
 * Characters of node text the analysis reads: a node's `text` is a copy out of the source, so
 * reading every callee of a chain whole is quadratic in the chain. Counted through a wrapper of
 * the real tree (deterministic, unlike a clock).
 */
function countingParser(inner: CodeParser): { parser: CodeParser; read: () => number } {
  let chars = 0;
  const wrap = (node: SyntaxNode | null): SyntaxNode | null => {
    if (!node) return null;
    return new Proxy(node, {
      get(target, key) {
        if (key === 'text') {
          chars += target.text.length;
          return target.text;
        }
        if (key === 'parent') return wrap(target.parent);
        if (key === 'children' || key === 'namedChildren') return target[key].map(wrap);
        if (key === 'childForFieldName') return (name: string) => wrap(target.childForFieldName(name));
        if (key === 'descendantsOfType') return (types: string | string[]) => target.descendantsOfType(types).map(wrap);
        return Reflect.get(target, key);
      },
    });
  };
  return {
    parser: { parse: (text, grammar) => wrap(inner.parse(text, grammar) ?? null) ?? undefined },
    read: () => chars,
  };
}

describe('cost: node text read grows linearly with call chains', () => {
  let code: CodeParser;
  before(async () => {
    code = (await loadCodeParsers()).parser;
  });
  const TS =
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's' });\n";
  const PY = 'from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("s")\n';
  const shapes: ReadonlyArray<readonly [string, CodeLanguage, (n: number) => string]> = [
    [
      'a method chain',
      'typescript',
      (n) => `${TS}server${Array.from({ length: n }, (_, i) => `.tool('t${i}', {})`).join('')};\n`,
    ],
    ['a curried call', 'typescript', (n) => `${TS}server.tool('a', {})${'()'.repeat(n)};\n`],
    ['a chain around nested calls', 'typescript', (n) => `${TS}${'a.b('.repeat(n)}{}${").tool('x', {})".repeat(n)};\n`],
    ['a Python curried decorator', 'python', (n) => `${PY}mcp.tool(name="a")${'()'.repeat(n)}\n`],
    [
      'a C# builder chain of McpServerTool.Create calls',
      'csharp',
      (n) =>
        `using ModelContextProtocol.Server;\nb.Services.AddMcpServer()${Array.from({ length: n }, (_, i) => `.WithTools([McpServerTool.Create(() => 1, new() { Name = "t${i}" })])`).join('')};\n`,
    ],
    [
      'a Ruby method chain',
      'ruby',
      (n) =>
        `require "mcp"\nserver = MCP::Server.new(name: "s")\nserver${Array.from({ length: n }, (_, i) => `.define_tool(name: "t${i}")`).join('')}\n`,
    ],
    [
      'a PHP builder chain',
      'php',
      (n) =>
        `<?php\nuse Mcp\\Server;\n$s = Server::builder()${Array.from({ length: n }, (_, i) => `->addTool(fn () => 1, 't${i}')`).join('')};\n`,
    ],
  ];
  for (const [label, language, make] of shapes) {
    test(label, () => {
      const cost = (n: number) => {
        const counting = countingParser(code);
        analyze(make(n), { language, code: counting.parser });
        return counting.read();
      };
      const small = cost(500);
      const large = cost(2000);
      assert.ok(large <= small * 5, `${label}: ${small} characters read at 500, ${large} at 2000`);
    });
  }
});

describe('YAML aliases of whole collections', () => {
  test('a tool listed twice by alias is a duplicate, reported at the alias, with no edit of the alias', () => {
    const text = 'tools:\n  - &t\n    name: search\n    inputSchema: {}\n  - *t\n';
    const analysis = analyze(text, { language: 'yaml' });
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['search', 'search'],
    );
    const atAlias = analysis.findings.filter((f) => text.slice(f.range.start, f.range.end) === '*t');
    assert.ok(
      atAlias.some((f) => f.code === 'wire-collision'),
      JSON.stringify(analysis.findings),
    );
    for (const f of analysis.findings)
      for (const edit of f.fix?.edits ?? [])
        assert.notEqual(edit.oldText, '*t', 'an alias is never rewritten as a name');
  });

  test('nested aliases and a self-referencing anchor are copied once, never multiplied or looped', () => {
    const laughs = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...['b', 'c', 'd', 'e', 'f', 'g'].map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefg'[i]}`).join(', ')}]`),
      'tools: &l',
      '  - name: q',
      '    inputSchema: {}',
      '  - *l',
      '',
    ].join('\n');
    const analysis = analyze(laughs, { language: 'yaml' });
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['q'],
    );
  });
});

describe('a very long name', () => {
  const analysisOf = (length: number) => {
    const long = 'a b'.repeat(Math.ceil(length / 3)).slice(0, length);
    const text = JSON.stringify({
      tools: [
        { name: long, inputSchema: {} },
        { name: long, inputSchema: {} },
      ],
    });
    return { text, long, analysis: analyze(text, { clients: { enabled: ['vscode', 'claude-code'], server: 's' } }) };
  };
  const said = (analysis: ReturnType<typeof analyze>) =>
    analysis.findings.reduce(
      (sum, f) => sum + f.message.length + f.detail.length + f.related.reduce((n, r) => n + r.message.length, 0),
      0,
    );

  test('is cut in messages with an ellipsis and its length; the range still covers it whole', () => {
    const { text, long, analysis } = analysisOf(1_000_000);
    // The second copy's collision leads; its invalid name folds in (one problem, one diagnostic).
    const invalid = analysis.findings.find((f) => f.code === 'invalid-name' || f.also?.includes('invalid-name'));
    assert.ok(invalid, 'the name is invalid (it has spaces)');
    assert.match(invalid.message, /"a ba b[^"]*…" \(1000000 characters\)/);
    assert.equal(text.slice(invalid.range.start, invalid.range.end), JSON.stringify(long));
    for (const f of analysis.findings) assert.ok(f.message.length < 2000, `${f.code}: ${f.message.length} characters`);
  });

  test('what the findings say does not grow with the name', () => {
    const small = said(analysisOf(50_000).analysis);
    const large = said(analysisOf(200_000).analysis);
    assert.ok(large <= small * 1.1, `${small} characters said at 50,000, ${large} at 200,000`);
  });
});

describe('a config with ever more bad entries', () => {
  test('problems are kept once per message and at most MAX_CONFIG_PROBLEMS kinds, then counted', () => {
    const problemsAt = (n: number) => {
      const ignore = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? '' : { file: `x${i}`, code: `nope${i}` }));
      return parseConfig(JSON.stringify({ ignore })).problems;
    };
    const small = problemsAt(5_000);
    const large = problemsAt(20_000);
    assert.equal(small.length, MAX_CONFIG_PROBLEMS + 1);
    assert.equal(large.length, MAX_CONFIG_PROBLEMS + 1);
    assert.match(large[0]!.message, /^An empty glob in "ignore" matches nothing\. \(and 9999 more like it\)$/);
    assert.match(large.at(-1)!.message, /^\.toolwire\.json has \d+ more problems; fix the ones above first\.$/);
  });
});

describe('cost: many tools of one name', () => {
  test('client groups are shared by their members, so what they hold grows linearly', () => {
    const held = (n: number) => {
      const text = JSON.stringify({ tools: Array.from({ length: n }, () => ({ name: 'a', inputSchema: {} })) });
      const analysis = analyze(text, { clients: { enabled: ['codex', 'vscode', 'cursor'], server: 's' } });
      // Each distinct group array once: members sharing one array cost it once.
      const groups = new Set(analysis.clients.flatMap((r) => r.tools.map((t) => t.group)));
      return [...groups].reduce((sum, g) => sum + g.length, 0);
    };
    const small = held(300);
    const large = held(1200);
    assert.ok(large <= small * 5, `${small} group entries held at 300 tools, ${large} at 1,200`);
  });
});
