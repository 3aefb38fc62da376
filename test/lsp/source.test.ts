import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, DocumentSymbol, MarkupContent } from 'vscode-languageserver-protocol';
import { TestClient, positionOf, rangeText } from './client';
import { carriesFix } from './fixtures';

const problems = (ds: Diagnostic[]) => ds.filter((d) => d.severity !== 4);
const collisionsOn = (text: string, ds: Diagnostic[]) =>
  problems(ds)
    .filter((d) => d.code === 'wire-collision')
    .map((d) => rangeText(text, d.range))
    .sort();

const TS_SERVER = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  '',
  "const server = new McpServer({ name: 'admin', version: '1.0.0' });",
  "server.registerTool('admin.tools.list', { description: 'List' }, async () => ({ content: [] }));",
  'server.registerTool("admin_tools_list", { description: \'List too\' }, async () => ({ content: [] }));',
  '',
].join('\n');

const PY_SERVER = [
  'from mcp.server.fastmcp import FastMCP',
  '',
  'mcp = FastMCP("orders")',
  '',
  '@mcp.tool()',
  'def orders_get(order_id: str) -> str:',
  '    return order_id',
  '',
  '@mcp.tool(name="orders.get")',
  'def fetch_order(order_id: str) -> str:',
  '    return order_id',
  '',
].join('\n');

const GO_SERVER = [
  'package main',
  '',
  'import (',
  '\t"github.com/mark3labs/mcp-go/mcp"',
  '\t"github.com/mark3labs/mcp-go/server"',
  ')',
  '',
  'func main() {',
  '\ts := server.NewMCPServer("github", "1.0.0")',
  '\ts.AddTool(mcp.NewTool("get.issue"), h)',
  '\ts.AddTool(mcp.NewTool(`get_issue`), h)',
  '}',
  '',
].join('\n');

const JAVA_SERVER = [
  'import io.modelcontextprotocol.server.McpServer;',
  'import io.modelcontextprotocol.spec.McpSchema.Tool;',
  '',
  'class Server {',
  '  void main() {',
  '    McpServer.sync(t).serverInfo("github", "1.0.0")',
  '        .toolCall(Tool.builder("get.issue").build(), h)',
  '        .toolCall(Tool.builder("get_issue").build(), h)',
  '        .build();',
  '  }',
  '}',
  '',
].join('\n');

const RUST_SERVER = [
  'use rmcp::{tool, tool_router};',
  '',
  '#[tool_router]',
  'impl Counter {',
  '    #[tool]',
  '    fn get_value(&self) {}',
  '',
  '    #[tool(name = "get.value", description = "d")]',
  '    fn other(&self) {}',
  '}',
  '',
].join('\n');

const CSHARP_SERVER = [
  'using ModelContextProtocol.Server;',
  'using System.ComponentModel;',
  '',
  '[McpServerToolType]',
  'public sealed class ClockTools',
  '{',
  '    [McpServerTool, Description("Now")]',
  '    public Task<string> GetTimeAsync() => Task.FromResult("");',
  '',
  '    [McpServerTool(Name = "get.time", Title = "Time")]',
  '    public string Other() => "";',
  '}',
  '',
].join('\n');

const KOTLIN_SERVER = [
  'import io.modelcontextprotocol.kotlin.sdk.server.Server',
  '',
  'val server = Server(serverInfo = Implementation(name = "orders", version = "1"), options = options)',
  '',
  'fun main() {',
  '    server.addTool(name = "get.order", description = "Get") { result() }',
  '    server.addTool(name = "get_order", description = "Get too") { result() }',
  '}',
  '',
].join('\n');

const SWIFT_SERVER = [
  'import MCP',
  '',
  'let server = Server(name: "orders", version: "1.0.0")',
  '',
  'await server.withMethodHandler(ListTools.self) { _ in',
  '    .init(tools: [',
  '        Tool(name: "get.order", description: "Get", inputSchema: .object([:])),',
  '        Tool(name: "get_order", description: "Get too", inputSchema: .object([:])),',
  '    ])',
  '}',
  '',
].join('\n');

const RUBY_SERVER = [
  'require "mcp"',
  '',
  'class Clock < MCP::Tool',
  '  tool_name "get.value"',
  'end',
  '',
  'class GetValue < MCP::Tool',
  '  description "d"',
  'end',
  '',
].join('\n');

const PHP_SERVER = [
  '<?php',
  '',
  'use Mcp\\Capability\\Attribute\\McpTool;',
  '',
  'final class Values',
  '{',
  "    #[McpTool(name: 'get.value')]",
  "    public function other(): string { return ''; }",
  '',
  '    #[McpTool]',
  "    public function get_value(): string { return ''; }",
  '}',
  '',
].join('\n');

describe('source code in the language server', () => {
  let client: TestClient;
  // The built bundle, spawned (most LSP tests run the server in-process): it proves the shipped
  // server finds tree-sitter's WASM files beside it in dist/.
  before(async () => (client = await TestClient.start({ server: 'bundle' })));
  after(() => client.stop());

  /**
   * Opens a server file, waits for the collision on the name that loses (`names`; the tool that
   * keeps the name has none), hovers, applies the fix: the collision is gone.
   */
  async function collideHoverFix(
    uri: string,
    text: string,
    languageId: string,
    names: readonly string[],
  ): Promise<string> {
    await client.open(uri, text, languageId);
    const found = await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
    assert.deepEqual(collisionsOn(text, found), [...names].sort(), JSON.stringify(found));
    const hover = await client.hover(uri, positionOf(text, names[0]!, 0, 2));
    assert.ok(hover, 'a hover on the name');
    assert.equal(rangeText(text, hover.range!), names[0]);
    assert.match((hover.contents as MarkupContent).value, /VS Code|Claude Code|Cursor/);
    const fixable =
      problems(found).find((d) => d.code === 'wire-collision' && carriesFix(d)) ??
      problems(found).find((d) => d.code === 'wire-collision')!;
    const actions = (await client.codeActions(uri, fixable.range, [fixable], ['quickfix']))!;
    const action = actions.find((a) => a.isPreferred) ?? actions.find((a) => a.edit);
    assert.ok(action?.edit, JSON.stringify(actions));
    await client.apply(action.edit);
    const after = await client.diagnostics(uri);
    assert.deepEqual(
      problems(after).filter((d) => d.code === 'wire-collision'),
      [],
    );
    return client.text(uri);
  }

  test('TypeScript MCP server: wire-collision on the literal left out, hover, quick fix keeps the quotes', async () => {
    const fixed = await collideHoverFix('file:///ws/src/server.ts', TS_SERVER, 'typescript', [`'admin.tools.list'`]);
    assert.match(fixed, /server\.registerTool\('[a-z0-9_-]+', \{ description: 'List' \}/);
  });

  test('FastMCP: a function-name tool and name= collide; the fix writes name= in the decorator', async () => {
    const fixed = await collideHoverFix('file:///ws/src/server.py', PY_SERVER, 'python', ['"orders.get"']);
    assert.match(fixed, /@mcp\.tool\(name="[a-z0-9_-]+"\)\ndef fetch_order/);
  });

  test('Go mcp.NewTool: the collision, hover and fix', async () => {
    const fixed = await collideHoverFix('file:///ws/cmd/main.go', GO_SERVER, 'go', ['"get.issue"']);
    assert.doesNotMatch(fixed, /"get\.issue"/);
  });

  test('MCP Java SDK: Tool.builder names collide; the fix rewrites the literal', async () => {
    const fixed = await collideHoverFix('file:///ws/src/Server.java', JAVA_SERVER, 'java', ['"get.issue"']);
    assert.match(fixed, /Tool\.builder\("[a-z0-9_-]+"\)\.build\(\), h\)\n {8}\.toolCall\(Tool\.builder\("get_issue"\)/);
  });

  test('rmcp: a fn-name #[tool] and name = "..." collide; the fix rewrites the literal', async () => {
    const fixed = await collideHoverFix('file:///ws/src/server.rs', RUST_SERVER, 'rust', ['"get.value"']);
    assert.match(fixed, /#\[tool\(name = "[a-z0-9_-]+", description = "d"\)\]/);
  });

  test('MCP C# SDK: a DeriveName default and Name = "..." collide; the fix rewrites the literal; a hint shows the default', async () => {
    const uri = 'file:///ws/src/ClockTools.cs';
    const fixed = await collideHoverFix(uri, CSHARP_SERVER, 'csharp', ['"get.time"']);
    assert.match(fixed, /\[McpServerTool\(Name = "[a-z0-9_-]+", Title = "Time"\)\]/);
    const hover = await client.hover(uri, positionOf(fixed, 'GetTimeAsync', 0, 2));
    assert.equal(rangeText(fixed, hover!.range!), 'GetTimeAsync');
    assert.match((hover!.contents as MarkupContent).value, /get_time/);
    const hints = await client.inlayHints(uri, { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } });
    assert.deepEqual(
      hints!.map((h) => [h.label, h.position]),
      [['→ get_time', positionOf(fixed, 'GetTimeAsync', 0, 'GetTimeAsync'.length)]],
    );
  });

  test('Kotlin SDK: addTool names collide; the fix rewrites the literal (the grammar loads from dist/)', async () => {
    const fixed = await collideHoverFix('file:///ws/src/Server.kt', KOTLIN_SERVER, 'kotlin', ['"get.order"']);
    assert.match(fixed, /server\.addTool\(name = "[a-z0-9_-]+", description = "Get"\)/);
  });

  test('Swift SDK: Tool(name:) values collide; the fix rewrites the literal (the grammar loads from dist/)', async () => {
    const fixed = await collideHoverFix('file:///ws/Sources/Server.swift', SWIFT_SERVER, 'swift', ['"get.order"']);
    assert.match(fixed, /Tool\(name: "[a-z0-9_-]+", description: "Get",/);
  });

  test('Swift nested past the grammar’s limit is said, not parsed, and the next Swift file is still read', async () => {
    // Parsed, this text made tree-sitter-swift write out of bounds: every Swift file after it had no tools.
    const deep = `import MCP\nx: "(f${'f('.repeat(1100)}"d`;
    const uri = 'file:///ws/Sources/Deep.swift';
    await client.open(uri, deep, 'swift');
    const notice = (await client.diagnostics(uri, (d) => d.some((x) => x.code === 'toolwire-nesting-limit'))).find(
      (d) => d.code === 'toolwire-nesting-limit',
    )!;
    assert.match(String(notice.message), /swift nested deeper than 500 brackets: not read: toolwire checks nothing/);
    // The first `(` is level 1, so the 500th `f(` opens level 501.
    assert.equal(notice.range.start.character, 'x: "(f'.length + 2 * 500 - 1);
    const after = 'file:///ws/Sources/After.swift';
    await client.open(after, SWIFT_SERVER, 'swift');
    const found = await client.diagnostics(after, (d) => d.some((x) => x.code === 'wire-collision'));
    assert.deepEqual(collisionsOn(SWIFT_SERVER, found), ['"get.order"']);
  });

  test('MCP Ruby SDK: a tool_name and a class named after itself collide; hints show the wire name', async () => {
    const uri = 'file:///ws/lib/tools.rb';
    const fixed = await collideHoverFix(uri, RUBY_SERVER, 'ruby', ['"get.value"']);
    assert.match(fixed, /tool_name "[a-z0-9_-]+"\n/);
    const dotted = 'file:///ws/lib/orders.rb';
    const text = 'require "mcp"\nclass Orders < MCP::Tool\n  tool_name "orders.get"\nend\n';
    await client.open(dotted, text, 'ruby');
    await client.diagnostics(dotted);
    const hints = await client.inlayHints(dotted, { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } });
    assert.deepEqual(
      hints?.map((h) => h.position),
      [positionOf(text, '"orders.get"', 0, '"orders.get"'.length)],
    );
    assert.match(String(hints?.[0]?.label), /^→ /);
    // A class named after itself shows the name the SDK derives from it.
    const derived = 'file:///ws/lib/get_time.rb';
    const classText = 'require "mcp"\nclass GetTime < MCP::Tool\nend\n';
    await client.open(derived, classText, 'ruby');
    await client.diagnostics(derived);
    const classHints = await client.inlayHints(derived, {
      start: { line: 0, character: 0 },
      end: { line: 9, character: 0 },
    });
    assert.deepEqual(
      classHints?.map((h) => [h.label, h.position]),
      [['→ get_time', positionOf(classText, 'GetTime', 0, 'GetTime'.length)]],
    );
  });

  test("MCP PHP SDK: name: and a method's own name collide; the fix rewrites the literal in single quotes", async () => {
    const fixed = await collideHoverFix('file:///ws/src/Values.php', PHP_SERVER, 'php', ["'get.value'"]);
    assert.match(fixed, /#\[McpTool\(name: '[a-z0-9_-]+'\)\]\n {4}public function other/);
  });

  test('edits re-parse incrementally: a new colliding tool typed into the file is found', async () => {
    const uri = 'file:///ws/src/edit.ts';
    const text = TS_SERVER.replace(/server\.registerTool\("admin_tools_list".*\n/, '');
    await client.open(uri, text, 'typescript');
    assert.deepEqual(collisionsOn(text, await client.diagnostics(uri)), []);
    const end = positionOf(text, '}));', 0, 4);
    await client.edit(uri, [
      { range: { start: end, end }, newText: "\nserver.tool('admin_tools_list', async () => ({ content: [] }));" },
    ]);
    const found = await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
    // The new admin_tools_list keeps the name: the collision shows on admin.tools.list.
    assert.deepEqual(collisionsOn(client.text(uri), found), [`'admin.tools.list'`]);
  });

  test('F2 renames a literal and refuses a colliding name; symbols list the tools', async () => {
    const uri = 'file:///ws/src/rename.ts';
    const text = TS_SERVER.replace('admin.tools.list', 'admin.tools.all');
    await client.open(uri, text, 'typescript');
    await client.diagnostics(uri);
    const symbols = (await client.symbols(uri)) as DocumentSymbol[];
    assert.ok(JSON.stringify(symbols).includes('admin_tools_list'), JSON.stringify(symbols));
    await assert.rejects(client.rename(uri, positionOf(text, 'admin.tools.all', 0, 2), 'admin_tools_list'));
    const edit = await client.rename(uri, positionOf(text, 'admin.tools.all', 0, 2), 'admin_all');
    await client.apply(edit!);
    assert.match(client.text(uri), /registerTool\('admin_all',/);
  });

  test('inlay hints show the wire name right after the literal', async () => {
    const uri = 'file:///ws/src/hints.ts';
    const text = TS_SERVER.replace(/server\.registerTool\("admin_tools_list".*\n/, '');
    await client.open(uri, text, 'typescript');
    await client.diagnostics(uri, (d) => d.length > 0);
    const hints = (await client.inlayHints(uri, {
      start: { line: 0, character: 0 },
      end: { line: 999, character: 0 },
    }))!;
    assert.deepEqual(
      hints.map((h) => h.label),
      ['→ admin_tools_list'],
    );
    assert.deepEqual(hints[0]!.position, positionOf(text, `'admin.tools.list'`, 0, `'admin.tools.list'`.length));
  });

  test('an ordinary TypeScript file shows nothing', async () => {
    const uri = 'file:///ws/src/plain.ts';
    const text =
      'export function registerTool(name: string) { return name; }\nregisterTool("a.b");\nregisterTool("a_b");\n';
    await client.open(uri, text, 'typescript');
    assert.deepEqual(await client.diagnostics(uri), []);
  });

  test('a helper module of a package that depends on the SDK is read, though it imports none', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolwire-project-'));
    mkdirSync(join(root, 'web/src'), { recursive: true });
    mkdirSync(join(root, 'other/src'), { recursive: true });
    writeFileSync(join(root, 'web/package.json'), '{ "dependencies": { "@modelcontextprotocol/sdk": "^1.0.0" } }');
    writeFileSync(join(root, 'other/package.json'), '{ "dependencies": { "left-pad": "1.0.0" } }');
    const text = [
      "import type { Options } from './options';",
      'export function register(server: Options) {',
      "  server.registerTool('x.y', {}, h);",
      "  server.registerTool('x_y', {}, h);",
      '}',
      '',
    ].join('\n');
    const helper = pathToFileURL(join(root, 'web/src/register.ts')).href;
    await client.open(helper, text, 'typescript');
    const found = await client.diagnostics(helper, (d) => d.some((x) => x.code === 'wire-collision'));
    // One problem, one diagnostic: on the literal that loses the name ('x_y' keeps it).
    assert.deepEqual(collisionsOn(text, found), [`'x.y'`]);
    const unrelated = pathToFileURL(join(root, 'other/src/register.ts')).href;
    await client.open(unrelated, text, 'typescript');
    assert.deepEqual(await client.diagnostics(unrelated), []);
  });

  test("a manifest edited on disk re-reads its package's files: a pyproject.toml that comes to name mcp", async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolwire-project-'));
    mkdirSync(join(root, 'app'), { recursive: true });
    const manifest = join(root, 'pyproject.toml');
    writeFileSync(manifest, '[project]\nname = "app"\ndependencies = []\n');
    const text = [
      'def register(mcp):',
      '    @mcp.tool(name="a.b")',
      '    def f(): ...',
      '    @mcp.tool(name="a_b")',
      '    def g(): ...',
      '',
    ].join('\n');
    const helper = pathToFileURL(join(root, 'app/register.py')).href;
    await client.open(helper, text, 'python');
    assert.deepEqual(await client.diagnostics(helper), []);
    writeFileSync(manifest, '[project]\nname = "app"\ndependencies = ["mcp>=1.2"]\n');
    await client.watchedFilesChanged(pathToFileURL(manifest).href);
    await client.diagnostics(helper, (d) => d.some((x) => x.code === 'wire-collision'));
  });
});
