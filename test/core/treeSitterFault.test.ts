// A grammar that faults inside WASM leaves tree-sitter's memory untrustworthy for the rest of the
// process. Its own file: node --test runs each file in a process of its own, and this one breaks
// the runtime on purpose.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NESTING_LIMIT } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { CODE_NESTING_LIMITS, bracketDepthOver } from '../../server/src/core/code/nesting';
import { TreeSitterParsers } from '../../server/src/code/treeSitter';
import { nodeWasmLoader } from '../../server/src/node/wasm';

const SWIFT = `import MCP\nlet tools = [\n    Tool(name: "a.b", description: "d", inputSchema: .object([:])),\n    Tool(name: "a_b", description: "d", inputSchema: .object([:])),\n]\n`;
/** The shape the fuzzer found: an unclosed string before a thousand nested calls. */
const FAULTING = `import MCP\nx: "(f${'f('.repeat(1100)}"d`;

test('bracket depth: the offset of the bracket past the limit, brackets in strings counted, closers lower it', () => {
  assert.equal(bracketDepthOver('((()))', 3), undefined);
  assert.equal(bracketDepthOver('(((())))', 3), 3);
  assert.equal(bracketDepthOver('"(((("', 3), 4);
  assert.equal(bracketDepthOver('()()()()[]{}', 1), undefined);
  assert.equal(bracketDepthOver(')))(((', 3), undefined, 'a stray closer does not bank depth');
  assert.equal(bracketDepthOver('[{(', 2), 2);
});

test('Swift past its nesting limit is reported at the bracket, not parsed; at the limit it is read; TypeScript has none', async () => {
  const parsers = new TreeSitterParsers(nodeWasmLoader());
  for (const grammar of ['swift', 'typescript'] as const) assert.ok(await parsers.load(grammar));
  const code = parsers.parserFor('limits');
  const limit = CODE_NESTING_LIMITS.swift!;
  // Four brackets of its own: the array's, Tool's, .object's and its dictionary's.
  const nested = (calls: number) =>
    `import MCP\nlet tools = [${'f('.repeat(calls)}Tool(name: "a.b", description: "d", inputSchema: .object([:]))${')'.repeat(calls)}]\n`;
  const atLimit = analyze(nested(limit - 4), { language: 'swift', code });
  assert.deepEqual(
    atLimit.tools.map((t) => t.name),
    ['a.b'],
  );
  const past = analyze(nested(limit - 3), { language: 'swift', code });
  assert.deepEqual(past.tools, []);
  const notice = past.syntaxProblems.find((p) => p.code === NESTING_LIMIT);
  assert.ok(notice, JSON.stringify(past.syntaxProblems));
  assert.equal(notice.start, nested(limit - 3).indexOf('[:]'));
  const ts = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "s" });\n${'f('.repeat(2000)}server.registerTool("a.b", {}, h)${')'.repeat(2000)};\n`;
  assert.deepEqual(
    analyze(ts, { language: 'typescript', code }).tools.map((t) => t.name),
    ['a.b'],
  );
  parsers.dispose();
});

test('after tree-sitter faults, every later parse fails and says why, instead of reading garbage', async () => {
  const logs: string[] = [];
  const parsers = new TreeSitterParsers(nodeWasmLoader(), (m) => logs.push(m));
  assert.ok(await parsers.load('swift'));
  const code = parsers.parserFor('doc');
  assert.deepEqual(
    analyze(SWIFT, { language: 'swift', code }).tools.map((t) => t.name),
    ['a.b', 'a_b'],
  );
  // Straight to the adapter, past the core's limit: the fault the limit exists for.
  assert.throws(
    () => code.parse(FAULTING, 'swift'),
    /out of bounds/,
    'the grammar no longer faults here: check CODE_NESTING_LIMITS still needs Swift',
  );
  assert.equal(logs.length, 1);
  assert.match(logs[0]!, /tree-sitter faulted on a swift document .*restart toolwire/);
  assert.ok(await parsers.load('swift'));
  const after = analyze(SWIFT, { language: 'swift', code });
  assert.deepEqual(after.tools, []);
  assert.ok(
    after.syntaxProblems.some((p) => /parser failure: tree-sitter faulted on a swift document/.test(p.message)),
    JSON.stringify(after.syntaxProblems),
  );
  parsers.dispose();
});
