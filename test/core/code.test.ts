import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { planRename, type AnalysisOptions, type Finding } from '../../server/src/core';
import type { CodeLanguage, CodeParser } from '../../server/src/core/code/syntax';
import { editBetween } from '../../server/src/code/treeSitter';
import {
  writeGoString,
  writeJavaString,
  writeJsString,
  writePythonString,
  writeRustString,
} from '../../server/src/core/code/strings';
import { librariesInManifest } from '../../server/src/core/code/manifests';
import { applyEdits, applyProvenFix, fixedAnalysis } from './helpers';
import { loadCodeParsers } from './codeParsers';

let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (language: CodeLanguage): AnalysisOptions => ({ language, code: parser });

/** The text a range covers: ranges are checked against the fixture's own text, never hand-counted. */
const at = (text: string, f: { range: { start: number; end: number } }) => text.slice(f.range.start, f.range.end);

function collisions(text: string, language: CodeLanguage): Finding[] {
  return fixedAnalysis(text, opts(language)).findings.filter((f) => f.code === 'wire-collision');
}

/** Applies a finding's fix, proves it, and returns the fixed text. */
function applyFix(text: string, language: CodeLanguage, finding: Finding): string {
  return applyProvenFix(text, opts(language), finding);
}

const TS_SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'admin', version: '1.0.0' });
server.registerTool('admin.tools.list', { description: 'List' }, async () => ({ content: [] }));
server.registerTool("admin_tools_list", { description: 'List too' }, async () => ({ content: [] }));
server.tool(\`admin_ok\`, { q: z.string() }, async () => ({ content: [] }));
`;

const PY_SERVER = `from mcp.server.fastmcp import FastMCP

mcp = FastMCP("orders")

@mcp.tool()
def orders_get(order_id: str) -> str:
    return order_id

@mcp.tool(name="orders.get")
def fetch_order(order_id: str) -> str:
    return order_id

@mcp.tool
def orders_list() -> list[str]:
    return []
`;

const GO_SERVER = `package main

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("github", "1.0.0")
	s.AddTool(mcp.NewTool("get.issue", mcp.WithDescription("Get")), getIssue)
	s.AddTool(mcp.NewTool(\`get_issue\`, mcp.WithDescription("Get")), getIssue)
}
`;

describe('source code: tool declarations', () => {
  test('tree-sitter indices are UTF-16 units, so a name after astral characters is found exactly', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n// 😀😀 é\nconst server = new McpServer({ name: 's', version: '1' });\nserver.registerTool('a b', {}, h);\n`;
    const analysis = fixedAnalysis(text, opts('typescript'));
    assert.deepEqual(
      analysis.tools.map((t) => at(text, t.declaration.name)),
      [`'a b'`],
    );
  });

  test('TypeScript MCP server: admin.tools.list and admin_tools_list collide on the wire, each on its literal', () => {
    const found = collisions(TS_SERVER, 'typescript');
    // admin_tools_list keeps the name: only admin.tools.list has a finding, and it points at the other literal.
    assert.deepEqual(
      found.map((f) => at(TS_SERVER, f)),
      [`'admin.tools.list'`],
    );
    assert.deepEqual(
      found[0]!.related.map((r) => at(TS_SERVER, r)),
      [`"admin_tools_list"`],
    );
    const analysis = fixedAnalysis(TS_SERVER, opts('typescript'));
    assert.equal(analysis.format, 'mcp-tools-list');
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['admin.tools.list', 'admin_tools_list', 'admin_ok'],
    );
    assert.equal(analysis.server?.name === undefined ? undefined : 'known', analysis.server ? 'known' : undefined);
  });

  test('TypeScript: the quick fix rewrites the literal in its own quotes, and the collision is gone', () => {
    const finding = collisions(TS_SERVER, 'typescript').find((f) => at(TS_SERVER, f) === `'admin.tools.list'`)!;
    const fixed = applyFix(TS_SERVER, 'typescript', finding);
    assert.match(fixed, /server\.registerTool\('[^']+', \{ description: 'List' \}/);
    assert.deepEqual(collisions(fixed, 'typescript'), []);
  });

  test('TypeScript: a backtick literal stays a template; F2 refuses a name that collides', () => {
    const offset = TS_SERVER.indexOf('`admin_ok`') + 2;
    const plan = planRename(TS_SERVER, opts('typescript'), offset, 'admin_renamed');
    assert.equal(plan.kind, 'edits');
    assert.equal(plan.kind === 'edits' ? plan.edits[0]!.newText : '', '`admin_renamed`');
    const refused = planRename(TS_SERVER, opts('typescript'), offset, 'admin_tools_list');
    assert.equal(refused.kind, 'refused');
  });

  test('Python FastMCP: the function-name tool and name= collide; the fix adds name= to the decorator', () => {
    const found = collisions(PY_SERVER, 'python');
    // orders_get keeps the name; the finding (and its fix) is on name="orders.get", pointing at orders_get.
    assert.deepEqual(
      found.map((f) => at(PY_SERVER, f)),
      [`"orders.get"`],
    );
    assert.deepEqual(
      found[0]!.related.map((r) => at(PY_SERVER, r)),
      ['orders_get'],
    );
    const fixable = found.find((f) => f.fix)!;
    assert.equal(at(PY_SERVER, fixable), '"orders.get"');
    const fixed = applyFix(PY_SERVER, 'python', fixable);
    assert.match(fixed, /@mcp\.tool\(name="[^"]+"\)\ndef fetch_order\(/);
    assert.deepEqual(collisions(fixed, 'python'), []);
    const analysis = fixedAnalysis(PY_SERVER, opts('python'));
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['orders_get', 'orders.get', 'orders_list'],
    );
  });

  test('Python: the quick fix on a function-name tool adds name= to its decorator, not renaming the function', () => {
    const text = `from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("s")\n\n@mcp.tool(name="orders_get")\ndef first(): ...\n\n@mcp.tool(description="d")\ndef orders_get(): ...\n`;
    const finding = fixedAnalysis(text, opts('python')).findings.find((f) => f.fix && at(text, f) === 'orders_get');
    assert.ok(finding, 'a fixable finding on the function name');
    const fixed = applyFix(text, 'python', finding);
    assert.match(fixed, /@mcp\.tool\(name="[^"]+", description="d"\)\ndef orders_get\(\)/);
    assert.deepEqual(
      fixedAnalysis(fixed, opts('python')).findings.filter((f) => f.severity === 'error'),
      [],
    );
  });

  test("Python: MCPServer (the SDK's later name for FastMCP) names its server", () => {
    const text = `from mcp.server.mcpserver import MCPServer\nmcp = MCPServer("demo")\n@mcp.tool()\ndef add(a: int) -> int: ...\n`;
    const analysis = fixedAnalysis(text, { ...opts('python'), clients: { enabled: ['claude-code'] } });
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['add'],
    );
    assert.equal(analysis.server?.name, 'demo');
  });

  test('Python: a bare @mcp.tool gets (name=...) and a rename of the function-name tool edits the decorator', () => {
    const offset = PY_SERVER.indexOf('orders_list') + 1;
    const plan = planRename(PY_SERVER, opts('python'), offset, 'list_orders');
    assert.equal(plan.kind, 'edits', plan.kind === 'refused' ? plan.reason : '');
    const fixed = applyEdits(PY_SERVER, plan.kind === 'edits' ? plan.edits : []);
    assert.match(fixed, /@mcp\.tool\(name="list_orders"\)\ndef orders_list\(\)/);
  });

  test('Go mark3labs: mcp.NewTool names collide; the fix keeps a raw string raw', () => {
    const found = collisions(GO_SERVER, 'go');
    // The raw `get_issue` keeps the name; the finding is on "get.issue" and points at it.
    assert.deepEqual(
      found.map((f) => at(GO_SERVER, f)),
      ['"get.issue"'],
    );
    assert.deepEqual(
      found[0]!.related.map((r) => at(GO_SERVER, r)),
      ['`get_issue`'],
    );
    const raw = found.find((f) => f.fix)!;
    assert.equal(at(GO_SERVER, raw), '"get.issue"');
    const fixed = applyFix(GO_SERVER, 'go', raw);
    assert.match(fixed, /mcp\.NewTool\("[^"]+", mcp\.WithDescription/);
    const renamed = planRename(GO_SERVER, opts('go'), GO_SERVER.indexOf('`get_issue`') + 1, 'issue_get');
    assert.equal(renamed.kind === 'edits' ? renamed.edits[0]!.newText : renamed.reason, '`issue_get`');
    assert.deepEqual(collisions(fixed, 'go'), []);
  });

  test('FastMCP: tool(fn, name=) applied in place registers; as a decorator or curried it is read once', () => {
    // mcp-server-qdrant's form: a FastMCP subclass registering its functions on `self`.
    const subclass = [
      'from fastmcp import FastMCP',
      '',
      'class QdrantServer(FastMCP):',
      '    def setup(self):',
      '        async def find(q: str) -> str:',
      '            return q',
      '        self.tool(find, name="qdrant-find")',
      '        self.tool(find, name="qdrant-find")',
      '        self.tool("only_a_decorator")',
      '',
    ].join('\n');
    const own = fixedAnalysis(subclass, opts('python'));
    assert.deepEqual(
      own.tools.map((t) => t.name),
      ['qdrant-find', 'qdrant-find'],
    );
    assert.equal(own.findings.filter((f) => f.code === 'wire-collision').length, 1);
    const text = [
      'from fastmcp import FastMCP',
      '',
      'mcp = FastMCP("s")',
      '',
      '@mcp.tool(name="decorated")',
      'def d() -> None:',
      '    pass',
      '',
      'mcp.tool(name="curried")(d)',
      '',
      'def plain() -> None:',
      '    pass',
      '',
      'mcp.tool(plain)',
      'mcp.tool(plain, name="renamed")',
      'mcp.tool("only_a_decorator")',
      '',
    ].join('\n');
    assert.deepEqual(
      fixedAnalysis(text, opts('python')).tools.map((t) => t.name),
      ['decorated', 'curried', 'plain', 'renamed'],
    );
  });

  test("Go mark3labs: a ServerTool struct goes to the server it is handed to; a session tool is its session's", () => {
    const text = [
      'package main',
      '',
      'import (',
      '\t"github.com/mark3labs/mcp-go/mcp"',
      '\t"github.com/mark3labs/mcp-go/server"',
      ')',
      '',
      'func main() {',
      '\ts := server.NewMCPServer("demo", "1.0.0")',
      '\tother := server.NewMCPServer("other", "1.0.0")',
      '\ts.AddTools(server.ServerTool{Tool: mcp.NewTool("search")}, server.ServerTool{Tool: mcp.NewTool("fetch")})',
      '\tother.AddTools(server.ServerTool{Tool: mcp.NewTool("search")})',
      // A session tool replaces the server's of its name in that session's list (handleListTools).
      '\ts.AddSessionTool("session-1", mcp.NewTool("fetch"), h)',
      '\ts.AddSessionTools("session-1", server.ServerTool{Tool: mcp.NewTool("lookup")})',
      '\ts.AddSessionTool("session-1", mcp.NewTool("lookup"), h)',
      '\ts.AddTool(mcp.NewTool("search"), h)',
      '}',
      '',
    ].join('\n');
    const found = collisions(text, 'go').map((f) => text.slice(0, f.range.start).split('\n').length);
    // Real duplicates only: "lookup" twice in one session (lines 14-15), "search" twice on s (11, 16).
    assert.deepEqual(
      found.sort((a, b) => a - b),
      [15, 16],
    );
  });

  test('Go SDK: mcp.AddTool with &mcp.Tool{Name: constant} resolves the constant; the edit goes to its literal', () => {
    const text = `package main\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\nconst listName = "files.list"\n\nfunc main() {\n\ts := mcp.NewServer(&mcp.Implementation{Name: "files"}, nil)\n\tmcp.AddTool(s, &mcp.Tool{Name: listName}, h)\n\tmcp.AddTool(s, &mcp.Tool{Name: "files_list"}, h)\n\tmcp.AddTool(s, &mcp.Tool{Name: computed()}, h)\n}\n`;
    const analysis = fixedAnalysis(text, opts('go'));
    assert.deepEqual(
      analysis.tools.map((t) => [t.name, at(text, t.declaration.name)]),
      [
        ['files.list', '"files.list"'],
        ['files_list', '"files_list"'],
      ],
    );
    assert.equal(text.indexOf('"files.list"'), analysis.tools[0]!.declaration.name.range.start);
    // files_list keeps the name; the finding is on the constant's literal.
    assert.deepEqual(
      collisions(text, 'go').map((f) => at(text, f)),
      ['"files.list"'],
    );
  });

  test('an edited document parses as a fresh copy of its text, after an unterminated template literal too', async () => {
    // Found by the fuzzer: a stray backtick, then the document pasted after itself. Reusing the
    // broken tree kept its error recovery and found four tools a fresh parse does not see.
    const { parsers } = await loadCodeParsers();
    const plain =
      "// The same two tools as tools.json, declared in TypeScript through the MCP SDK.\nimport { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n\nconst server = new McpServer({ name: 'files', version: '1.0.0' });\nserver.registerTool(\"files.read\", { description: 'Read a file' }, async () => ({ content: [] }));\nserver.registerTool(\"files_read\", { description: 'Read a file (v2)' }, async () => ({ content: [] }));\n";
    const broken = plain.replace('const server =', 'const server` =');
    const edited = parsers.parserFor('edited');
    const code = (key: string) => ({ language: 'typescript' as const, code: parsers.parserFor(key) });
    fixedAnalysis(broken, { language: 'typescript', code: edited });
    for (const text of [broken + broken, plain, plain + plain]) {
      const incremental = fixedAnalysis(text, { language: 'typescript', code: edited });
      const fresh = fixedAnalysis(text, code(`fresh ${text.length}`));
      assert.deepEqual(
        incremental.findings.map((f) => [f.code, f.range.start]),
        fresh.findings.map((f) => [f.code, f.range.start]),
      );
      assert.equal(incremental.tools.length, fresh.tools.length);
    }
    parsers.dispose();
  });

  test('computed names are skipped, never guessed; a constant in the same file is resolved', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst NAME = 'from.constant';\nconst server = new McpServer({ name: 's', version: '1' });\nserver.registerTool(NAME, {}, h);\nserver.registerTool(prefix + 'x', {}, h);\nserver.registerTool(\`t_\${n}\`, {}, h);\nserver.registerTool(imported, {}, h);\n`;
    const analysis = fixedAnalysis(text, opts('typescript'));
    assert.deepEqual(
      analysis.tools.map((t) => [t.name, at(text, t.declaration.name)]),
      [['from.constant', `'from.constant'`]],
    );
    assert.equal(analysis.findings.filter((f) => f.code === 'missing-name').length, 0);
    // Skipped, but counted: each computed name is where the CLI says a declaration went unchecked.
    assert.deepEqual(
      analysis.code?.computedNames.map((r) => text.slice(r.start, r.end)),
      ["prefix + 'x'", '`t_${n}`', 'imported'],
    );
  });

  test('a file without a trigger import is not parsed and yields nothing', () => {
    const text = `const server = new McpServer({ name: 's' });\nserver.registerTool('a.b', {}, h);\nserver.registerTool('a_b', {}, h);\n`;
    let parsed = 0;
    const counting: CodeParser = { parse: (t, g) => ((parsed += 1), parser.parse(t, g)) };
    const analysis = fixedAnalysis(text, { language: 'typescript', code: counting });
    assert.equal(analysis.tools.length, 0);
    assert.equal(analysis.findings.length, 0);
    assert.equal(parsed, 0);
  });

  test('server objects: tools of two servers in one file are two censuses; a typed parameter is a server', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst a = new McpServer({ name: 'a', version: '1' });\nconst b = new McpServer({ name: 'b', version: '1' });\na.registerTool('x.y', {}, h);\nb.registerTool('x_y', {}, h);\nexport function more(server: McpServer) { server.registerTool('more', {}, h); }\nother.registerTool('not_a_server', {}, h);\n`;
    const analysis = fixedAnalysis(text, opts('typescript'));
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['x.y', 'x_y', 'more'],
    );
    assert.equal(analysis.requests.length, 3);
    assert.equal(collisions(text, 'typescript').length, 0);
  });

  test('OpenAI Agents tool({ name }) and Vercel AI tools: { key: tool() } are read', () => {
    // The JS Agents SDK maps the name before sending it (`toFunctionToolName`): a space is no error.
    const agents = `import { tool } from '@openai/agents';\nexport const a = tool({ name: 'get weather', parameters: p, execute });\n`;
    const sent = fixedAnalysis(agents, opts('typescript'));
    assert.deepEqual(
      sent.findings.filter((f) => f.code === 'invalid-name'),
      [],
    );
    assert.deepEqual(
      sent.tools.map((t) => [t.name, t.wireName]),
      [['get weather', 'get_weather']],
    );
    const vercel = `import { generateText, tool } from 'ai';\nawait generateText({ model, tools: { weather: tool({ inputSchema }), 'get.city': tool({ inputSchema }) } });\n`;
    const analysis = fixedAnalysis(vercel, opts('tsx'));
    assert.deepEqual(
      analysis.tools.map((t) => [t.name, at(vercel, t.declaration.name)]),
      [
        ['weather', 'weather'],
        ['get.city', `'get.city'`],
      ],
    );
  });

  test('provider-shaped literals in tools: [...] are read as their provider reads them', () => {
    const ts = `import OpenAI from 'openai';\nconst NAME = 'lookup';\nawait client.chat.completions.create({ model: 'gpt-4o', messages, tools: [\n  { type: 'function', function: { name: 'get weather', parameters: { type: 'object' } } },\n  { type: 'function', function: { name: NAME, parameters: { type: 'object' } } },\n  { type: 'function', function: { name: dynamic, parameters: { type: 'object' } } },\n] });\n`;
    const analysis = fixedAnalysis(ts, opts('typescript'));
    assert.equal(analysis.format, 'openai-chat');
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['get weather', 'lookup'],
    );
    assert.deepEqual(
      analysis.findings.filter((f) => f.code === 'invalid-name').map((f) => at(ts, f)),
      [`'get weather'`],
    );
    const py = `import anthropic\nclient.messages.create(model="claude", tools=[{"name": "get.weather", "input_schema": {"type": "object"}}], messages=m)\n`;
    const anthropic = fixedAnalysis(py, opts('python'));
    assert.equal(anthropic.format, 'anthropic-messages');
    assert.deepEqual(
      anthropic.findings.filter((f) => f.code === 'invalid-name').map((f) => at(py, f)),
      ['"get.weather"'],
    );
  });

  test('Python: Agents @function_tool, LangChain @tool("..."), types.Tool(name=...) and f-strings', () => {
    const agents = `from agents import function_tool\n\n@function_tool\ndef get_weather(city: str) -> str: ...\n\n@function_tool(name_override="get.city")\ndef city() -> str: ...\n`;
    assert.deepEqual(
      fixedAnalysis(agents, opts('python')).tools.map((t) => t.name),
      ['get_weather', 'get.city'],
    );
    const langchain = `from langchain_core.tools import tool, StructuredTool\n\n@tool("search docs")\ndef search(q: str) -> str: ...\n\nother = StructuredTool.from_function(func=f, name="other tool")\n`;
    assert.deepEqual(
      fixedAnalysis(langchain, opts('python')).tools.map((t) => t.name),
      ['search docs', 'other tool'],
    );
    const lowLevel = `from mcp.server import Server\nimport mcp.types as types\nserver = Server("low")\n@server.list_tools()\nasync def list_tools():\n    return [types.Tool(name="a.b", inputSchema={}), types.Tool(name=f"a_{x}", inputSchema={}), types.Tool(name=r'a\\b', inputSchema={})]\n`;
    assert.deepEqual(
      fixedAnalysis(lowLevel, opts('python')).tools.map((t) => t.name),
      ['a.b', 'a\\b'],
    );
  });

  test('Python: an Enum member in the same file names a tool (the low-level server style); the edit goes to the member', () => {
    const text = `from enum import Enum\nfrom mcp.server import Server\nfrom mcp.types import Tool\n\nclass GitTools(str, Enum):\n    STATUS = "git.status"\n    DIFF = "git_status"\n\nserver = Server("git")\n\n@server.list_tools()\nasync def list_tools():\n    return [Tool(name=GitTools.STATUS, inputSchema={}), Tool(name=GitTools.DIFF.value, inputSchema={}), Tool(name=Other.X, inputSchema={})]\n`;
    const analysis = fixedAnalysis(text, opts('python'));
    assert.deepEqual(
      analysis.tools.map((t) => [t.name, at(text, t.declaration.name)]),
      [
        ['git.status', '"git.status"'],
        ['git_status', '"git_status"'],
      ],
    );
    const fixable = collisions(text, 'python').find((f) => f.fix)!;
    assert.match(applyFix(text, 'python', fixable), /STATUS = "git[-_]status[^"]*"/);
  });

  test('Python: single quotes stay single; a literal with an f prefix is never read as a name', () => {
    const text = `from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("s")\n@mcp.tool(name='x.y')\ndef a(): ...\n@mcp.tool(name="x_y")\ndef b(): ...\n@mcp.tool(name=f"x_y")\ndef c(): ...\n`;
    const found = collisions(text, 'python');
    // x_y keeps the name: the one finding is on 'x.y', with the fix.
    assert.deepEqual(
      found.map((f) => at(text, f)),
      [`'x.y'`],
    );
    const fixable = found.find((f) => f.fix)!;
    assert.match(applyEdits(text, fixable.fix!.edits), /@mcp\.tool\(name='[^']+'\)\ndef a/);
    assert.deepEqual(
      fixedAnalysis(text, opts('python')).tools.map((t) => t.name),
      ['x.y', 'x_y'],
    );
  });

  test("writers keep each language's literal style and escape what must be escaped", () => {
    assert.equal(writeJsString(`'a'`, `it's`), `'it\\'s'`);
    assert.equal(writeJsString('`a`', 'x${y}'), '"x${y}"');
    assert.equal(writePythonString(`r'a'`, 'b_c'), `r'b_c'`);
    assert.equal(writePythonString(`u"a"`, 'q"x'), `u"q\\"x"`);
    assert.equal(writePythonString(`f"a"`, 'b'), undefined);
    assert.equal(writeGoString('`a`', 'b`c'), '"b`c"');
    assert.equal(writeGoString('"a"', 'b\\c'), '"b\\\\c"');
  });

  test('incremental parse: the edit between two texts is their common prefix and suffix, and a reparse finds the new names', () => {
    assert.deepEqual(editBetween('abcXdef', 'abcYYdef'), {
      startIndex: 3,
      oldEndIndex: 4,
      newEndIndex: 5,
      startPosition: { row: 0, column: 3 },
      oldEndPosition: { row: 0, column: 4 },
      newEndPosition: { row: 0, column: 5 },
    });
    const first = fixedAnalysis(TS_SERVER, opts('typescript'));
    const edited = TS_SERVER.replace("'admin.tools.list'", "'admin.tools.all'");
    const second = fixedAnalysis(edited, opts('typescript'));
    assert.deepEqual(
      second.tools.map((t) => t.name),
      ['admin.tools.all', 'admin_tools_list', 'admin_ok'],
    );
    assert.equal(first.tools.length, second.tools.length);
    assert.equal(collisions(edited, 'typescript').length, 0);
  });
});

/**
 * Declaration forms users found missed on real projects, one row each: the names toolwire must
 * read, in document order. Rows with `[]` are forms that must NOT count (a name no library gives).
 */
const DECLARATION_FORMS: readonly {
  readonly label: string;
  readonly language: CodeLanguage;
  readonly text: string;
  readonly names: readonly string[];
}[] = [
  {
    label: 'FastMCP: a decorator applied by hand names the tool (name=, positional, or the def it wraps)',
    language: 'python',
    text: `from fastmcp import FastMCP\nmcp = FastMCP("s")\ndef fn(): ...\nmcp.tool(name="by.keyword")(fn)\nmcp.tool("by_position")(fn)\nmcp.tool()(fn)\n`,
    names: ['by.keyword', 'by_position', 'fn'],
  },
  {
    label: 'FastMCP: self.mcp.tool(name=...)(self.method) in a class',
    language: 'python',
    text: `from fastmcp import FastMCP\nclass S:\n    def __init__(self):\n        self.mcp = FastMCP("s")\n        self.mcp.tool(name="method_tool")(self.method)\n    def method(self): ...\n`,
    names: ['method_tool'],
  },
  {
    label:
      'FastMCP: mcp.tool()(x) takes the name of a def or an unaliased import; not an alias, an attribute, a call, a local',
    language: 'python',
    text: `from fastmcp import FastMCP\nfrom elsewhere import imported, other as renamed\nmcp = FastMCP("s")\nmcp.tool()(imported)\nmcp.tool()(renamed)\nmcp.tool()(self.method)\nmcp.tool()(make())\nmcp.tool(name=computed)(imported)\nmcp.tool()(local_value)\n`,
    names: ['imported'],
  },
  {
    label:
      'FastMCP: mcp.tool()(module.fn) with the module imported names the tool fn; an attribute of anything else does not',
    language: 'python',
    text: `from mcp.server.fastmcp import FastMCP\nfrom . import session\nfrom .tools import docs as d\nmcp = FastMCP("s")\ndef register(mcp):\n    mcp.tool()(session.start_session)\n    mcp.tool()(d.search_docs)\n    mcp.tool()(obj.method)\n    mcp.tool()(session.make().run)\n`,
    names: ['start_session', 'search_docs'],
  },
  {
    label:
      'FastMCP: add_tool(fn, name=...) and add_tool(fn) with fn a def; add_tool(tool_object) counts once, at its Tool',
    language: 'python',
    text: `from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("s")\ndef fn(): ...\nmcp.add_tool(fn, name="added.name")\nmcp.add_tool(fn)\nmcp.add_tool(EchoService().echo)\nmcp.add_tool(tool_object)\n`,
    names: ['added.name', 'fn'],
  },
  {
    label:
      'FastMCP: a bare name that only a method of the file is called (a parameter, a Tool object) is no function name',
    language: 'python',
    text: `from fastmcp import FastMCP\nclass Server:\n    def tool(self): ...\n    def add_tool(self, tool):\n        self.add_tool(tool)\n        Tool.from_function(tool)\n`,
    names: [],
  },
  {
    label: 'FastMCP: Tool.from_function and FunctionTool.from_function',
    language: 'python',
    text: `from fastmcp.tools import Tool, FunctionTool\ndef f(): ...\na = Tool.from_function(fn=f, name="from.fn")\nb = FunctionTool.from_function(f, name="from_fn")\nc = Tool.from_function(fn=f)\nd = Tool.from_function(fn=lambda: 1)\n`,
    names: ['from.fn', 'from_fn', 'f'],
  },
  {
    label:
      "FastMCP: Tool.from_tool(parent, name=...) is a new tool; without a name it is its parent's, read where that is",
    language: 'python',
    text: `from fastmcp import FastMCP\nfrom fastmcp.tools import Tool\n\nmcp = FastMCP()\n\n@mcp.tool\ndef search(query: str) -> list[dict]: ...\n\nproduct_search_tool = Tool.from_tool(\n    search,\n    name="find_products",\n    description="Search the catalog.",\n)\nmcp.add_tool(product_search_tool)\ncopy = Tool.from_tool(search, description="same name")\n`,
    names: ['search', 'find_products'],
  },
  {
    label: 'FastMCP 3: the standalone @tool imported from fastmcp',
    language: 'python',
    text: `from fastmcp.tools import tool\n\n@tool\ndef greet(): ...\n\n@tool(name="calc.add")\ndef add(): ...\n\n@tool("calc_sub")\ndef sub(): ...\n`,
    names: ['greet', 'calc.add', 'calc_sub'],
  },
  {
    label: "FastMCP 3's @tool imported under an alias is still fastmcp's",
    language: 'python',
    text: `from fastmcp.tools import tool as mcp_tool\n\n@mcp_tool\ndef greet(): ...\n`,
    names: ['greet'],
  },
  {
    label: 'a bare @tool that fastmcp does not export (a local decorator, mentioned fastmcp in a comment) is no tool',
    language: 'python',
    text: `# served by fastmcp elsewhere\nfrom mylib import tool\n\n@tool\ndef greet(): ...\n`,
    names: [],
  },
  {
    label:
      'OpenAI Agents: @tool from agents.decorators (an alias of function_tool), FunctionTool(name=), agent.as_tool',
    language: 'python',
    text: `from agents import Agent, FunctionTool\nfrom agents.decorators import tool\n\n@tool\ndef get_weather(city: str) -> str: ...\n\n@tool(name_override="get.city", needs_approval=True)\ndef city() -> str: ...\n\nraw = FunctionTool(name="raw_tool", description="d", params_json_schema={}, on_invoke_tool=f)\nspanish = Agent(name="es")\norchestrator = Agent(name="o", tools=[spanish.as_tool(tool_name="translate_to_spanish", tool_description="t"), spanish.as_tool("translate.fr", "t"), spanish.as_tool(tool_name=None, tool_description="t")])\n`,
    names: ['get_weather', 'get.city', 'raw_tool', 'translate_to_spanish', 'translate.fr'],
  },
  {
    label:
      "OpenAI Agents: @function_tool imported from the project's own module that re-exports the SDK's (the file names no agents)",
    language: 'python',
    text: `from .deps import function_tool\n\n@function_tool\ndef SearchPolicy(device_model: str) -> str: ...\n\n@function_tool(name_override="ticket.create")\ndef create(subject: str) -> str: ...\n`,
    names: ['SearchPolicy', 'ticket.create'],
  },
  {
    label:
      'TypeScript FastMCP: server.addTool({ name }) on a FastMCP server, whatever the key order; other receivers are not',
    language: 'typescript',
    text: `import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: "adder", version: "1.0.0" });\nserver.addTool({ description: "Add", execute: async () => "2", name: "add-zod" });\nserver.addTool({ name: "add.two", execute });\nother.addTool({ name: "not_a_server_tool" });\n`,
    names: ['add-zod', 'add.two'],
  },
  {
    label: 'TypeScript: { key: tool({...}) } with tool imported from any module or defined in the file',
    language: 'typescript',
    text: `import { tool } from './tool-helpers';\nexport const projectTools = {\n  list_projects: tool({ description: 'List', execute }),\n  'get.project': tool({ description: 'Get', execute }),\n};\n`,
    names: ['list_projects', 'get.project'],
  },
  {
    label: 'TypeScript: a locally defined tool helper also counts, under a tools key',
    language: 'typescript',
    text: `function tool<T>(t: T): T { return t; }\nrun({ tools: { search_docs: tool({ execute }) } });\n`,
    names: ['search_docs'],
  },
  {
    label:
      'TypeScript: { key: tool({...}) } returned by a function named for its tools (a function, an arrow, a method)',
    language: 'typescript',
    text: `import { tool } from '@supabase/mcp-utils';\nexport function getAccountTools() {\n  return {\n    list_projects: tool({ execute }),\n  } satisfies ToolDefs;\n}\nexport const getDocsTools = () => ({ search_docs: tool({ execute }) });\nclass S { storageTools() { return { list_buckets: tool({ execute }) }; } }\nexport function getHandlers() {\n  return { not_a_tool: tool({ execute }) };\n}\n`,
    names: ['list_projects', 'search_docs', 'list_buckets'],
  },
  {
    label:
      'AI SDK: a shorthand key of a tools object returned by create…Tools() names the tool its variable is bound to; a name bound twice, or a tool() in no tools object, is not read',
    language: 'typescript',
    text: `import { tool } from 'ai';\nexport function createTodoTools() {\n  const todoWrite = tool({ description: 'd', inputSchema: s });\n  const todoRead = tool({ description: 'd', inputSchema: s });\n  return { todoWrite, todoRead };\n}\nconst twice = tool({ inputSchema: s });\nfunction other() { const twice = 1; return { twice }; }\nexport const agentTools = { twice };\nconst unlisted = tool({ inputSchema: s });\nexport const handlers = { unlisted };\n`,
    names: ['todoWrite', 'todoRead'],
  },
  {
    label:
      'AI SDK: each key of streamUI({ tools }) from @ai-sdk/rsc (or ai/rsc) and of new HarnessAgent({ tools }) from @ai-sdk/harness is a tool',
    language: 'typescript',
    text: `import { streamUI } from '@ai-sdk/rsc';\nimport { HarnessAgent } from '@ai-sdk/harness/agent';\nconst result = await streamUI({\n  model,\n  tools: { get_current_weather: { description: 'd', inputSchema: s, generate: async function* () {} }, showStock },\n});\nexport const agent = new HarnessAgent({ harness: codex, tools: { get_weather: weatherTool } });\n`,
    names: ['get_current_weather', 'showStock', 'get_weather'],
  },
  {
    label: 'AI SDK: each key of new WorkflowAgent({ tools }) from @ai-sdk/workflow is a tool',
    language: 'typescript',
    text: `import { WorkflowAgent } from '@ai-sdk/workflow';\nconst agent = new WorkflowAgent({\n  model: 'anthropic/claude-sonnet-4.5',\n  tools: { weather: weatherTool, lookup_order },\n});\n`,
    names: ['weather', 'lookup_order'],
  },
  {
    label:
      "AI SDK: a provider-defined tool (openai.tools.toolSearch()) is sent as the provider's own type, not under its key: not read; OpenAI's custom tool is sent under its key",
    language: 'typescript',
    text: `import { generateText, tool } from 'ai';\nimport { openai } from '@ai-sdk/openai';\nawait generateText({\n  model,\n  tools: {\n    tool_search: openai.tools.toolSearch({ execution: 'server' }),\n    web_search: openai.tools.webSearch(),\n    write_sql: openai.tools.customTool({ description: 'd' }),\n    get_weather: tool({ inputSchema: s }),\n  },\n});\n`,
    names: ['write_sql', 'get_weather'],
  },
  {
    label:
      "a tools object's keys are no names when its tool() is handed a name (LangChain's tool(fn, { name }), the Agents SDK's tool({ name })): the tools read once, by that name",
    language: 'typescript',
    text: `import { tool } from "@langchain/core/tools";\nconst search = tool(async () => "x", { name: "web_search", description: "d", schema });\nexport const agentTools = { search, inline: tool(async () => "y", { name: "inline_named", schema }) };\n`,
    names: ['web_search', 'inline_named'],
  },
  {
    label:
      "provider SDK helpers: openai's zodFunction({ name }) and zodResponsesFunction({ name }), Anthropic's betaZodTool({ name }) and betaTool({ name }); a computed name is counted",
    language: 'typescript',
    text: `import OpenAI from 'openai';\nimport { zodFunction, zodResponsesFunction } from 'openai/helpers/zod';\nimport { betaZodTool } from '@anthropic-ai/sdk/helpers/beta/zod';\nimport { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema';\nconst c = await client.chat.completions.parse({ model, messages, tools: [zodFunction({ name: 'query', parameters: Q }), zodFunction({ name: dynamic, parameters: Q })] });\nconst r = await client.responses.parse({ model, input, tools: [zodResponsesFunction({ name: 'get_weather', parameters: W })] });\nconst time = betaZodTool({ name: 'get_time', inputSchema: T, run });\nconst sum = betaTool({ name: 'sum', input_schema: { type: 'object' }, run });\n`,
    names: ['query', 'get_weather', 'get_time', 'sum'],
  },
  {
    label: 'TypeScript: a tool() the file neither imports nor defines, or an object that holds no tools, is not read',
    language: 'typescript',
    text: `export const handlers = { list_projects: tool({ execute }) };\nimport { tool as t } from './x';\nexport const settings = { tool_a: t({}) };\nexport const tools = { from_global: tool({}) };\n`,
    names: [],
  },
  {
    label: 'MCP tool objects as data: a returned array, an array listing them by name, one alone; not a computed name',
    language: 'typescript',
    text: `import type { Tool } from "@modelcontextprotocol/sdk/types.js";\nexport function createToolDefinitions() {\n  return [\n    { name: "start_session", description: "d", inputSchema: { type: "object", properties: {} } },\n    { name: "end.session", inputSchema: { type: "object" } } as Tool,\n  ];\n}\nexport const searchTool = { name: "search", inputSchema: { type: "object" } } satisfies Tool;\nconst LISTED = { name: 'listed', inputSchema: {} };\nconst OTHER: Tool = { name: 'other', inputSchema: {} };\nconst all = [LISTED, OTHER];\nconst computed = { name: prefix + "x", inputSchema: {} };\n`,
    names: ['start_session', 'end.session', 'search', 'listed', 'other'],
  },
  {
    label: 'MCP tool objects: an object inside a declaration call is that declaration, read once',
    language: 'typescript',
    text: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { registerTool } from "./register";\nregisterTool({ name: "wrapped", inputSchema: { q: z.string() } });\n`,
    names: ['wrapped'],
  },
  {
    label: 'MCP tool objects: Python dicts in a list of a low-level server',
    language: 'python',
    text: `from mcp.server.lowlevel import Server\nTOOLS = [{"name": "py.dict", "description": "d", "inputSchema": {"type": "object"}}]\n`,
    names: ['py.dict'],
  },
  {
    label:
      "TypeScript FastMCP: tool objects { name, execute } listed by name for a loop elsewhere, and a file's own addTool wrapper",
    language: 'javascript',
    text: `import { FastMCP, UserError } from 'fastmcp';\nconst server = new FastMCP({ name: 'Bright', version: '1' });\nconst addTool = (tool) => server.addTool(tool);\naddTool({ name: 'search_engine', parameters: z.object({}), execute: async () => '' });\naddTool({ name: \`web_\${id}\`, execute });\nlet navigate = { name: 'browser_navigate', parameters: z.object({ url: z.string() }), execute: async () => '' };\nlet back = { name: 'browser_back', execute: async () => '' };\nexport const tools = [navigate, back];\n`,
    names: ['search_engine', 'browser_navigate', 'browser_back'],
  },
  {
    label: 'MCP tool objects a test expects (a matcher, an assert call, a Python assert) are data, not declarations',
    language: 'typescript',
    text: `import type { Tool } from '@modelcontextprotocol/sdk/types.js';\nexpect(tools[0]).toMatchObject({ name: 'add', inputSchema: { type: 'object' } });\nassert.deepEqual(listed, [{ name: 'sub', inputSchema: {} }]);\nexport const real: Tool = { name: 'mul', inputSchema: {} };\n`,
    names: ['mul'],
  },
  {
    label: 'MCP tool objects in a Python assert are data',
    language: 'python',
    text: `from mcp.server.lowlevel import Server\ndef test_list():\n    assert listed == [{"name": "add", "inputSchema": {}}]\n`,
    names: [],
  },
  {
    label: 'an object with name and inputSchema in a file of no MCP library is no tool object',
    language: 'typescript',
    text: `import OpenAI from 'openai';\nconst t = { name: 'x', inputSchema: {} };\nconst list = [{ name: 'y', inputSchema: {} }];\n`,
    names: [],
  },
  {
    label: 'mark3labs/mcp-go: mcp.Tool{Name} by value, string(CONST) of a typed constant, a commented-out tool is not',
    language: 'go',
    text: `package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\ntype ToolName string\n\nconst (\n\tECHO ToolName = "echo"\n\tADD  ToolName = "add"\n)\n\nfunc main() {\n\ts := server.NewMCPServer("everything", "1.0.0")\n\ts.AddTool(mcp.NewTool(string(ECHO), mcp.WithDescription("Echo")), h)\n\ts.AddTool(mcp.NewTool(\n\t\tstring(ADD),\n\t), h)\n\ts.AddTool(mcp.Tool{Name: "ask_llm", Description: "Ask"}, h)\n\t// s.AddTool(mcp.Tool{Name: "commented"}, h)\n\ts.AddTool(mcp.NewTool(string(unknown)), h)\n\ts.AddTool(mcp.NewTool(fmt.Sprint(ECHO)), h)\n}\n`,
    names: ['echo', 'add', 'ask_llm'],
  },
  {
    label: 'Go: a slice of tools with elided element types, []mcp.Tool{{Name: ...}} and []*mcp.Tool{{Name: ...}}',
    language: 'go',
    text: `package main\n\nimport "github.com/mark3labs/mcp-go/mcp"\n\nfunc TestList(t *testing.T) {\n\ttools := []mcp.Tool{\n\t\t{Name: "tool1", Description: "First"},\n\t\t{Name: "tool2"},\n\t\t{Name: name},\n\t}\n\tmore := []*mcp.Tool{{Name: "tool3"}}\n\tother := []Other{{Name: "not_a_tool"}}\n}\n`,
    names: ['tool1', 'tool2', 'tool3'],
  },
  {
    label:
      'MCP Java SDK: Tool.builder(name), McpSchema.Tool.builder(CONST), new McpSchema.Tool(name, ...), Tool.builder().name(name)',
    language: 'java',
    text: `import io.modelcontextprotocol.server.McpServer;\nimport io.modelcontextprotocol.spec.McpSchema;\nimport io.modelcontextprotocol.spec.McpSchema.Tool;\n\nclass S {\n  private static final String ECHO = "echo";\n  void run() {\n    McpServer.sync(t)\n        .serverInfo("s", "1.0.0")\n        .toolCall(Tool.builder("add", schema).build(), h)\n        .toolCall(McpSchema.Tool.builder(ECHO).build(), h)\n        .tools(new SyncToolSpecification(new McpSchema.Tool("legacy", "d", schema), h))\n        .toolCall(McpSchema.Tool\n            .builder()\n            .name("chained").build(), h)\n        // .toolCall(Tool.builder("commented").build(), h)\n        .toolCall(Tool.builder(name).build(), h)\n        .toolCall(Tool.builder("""\n            text_block""").build(), h)\n        .build();\n  }\n}\n`,
    names: ['add', 'echo', 'legacy', 'chained'],
  },
  {
    label: 'Spring AI: @Tool(name = ...) and a bare @Tool named after its method; @Tool imported from elsewhere is not',
    language: 'java',
    text: `import org.springframework.ai.tool.annotation.Tool;\n\nclass WeatherTools {\n  @Tool(name = "weather.get", description = "Get")\n  String weather(String city) { return ""; }\n\n  @Tool(description = "Time")\n  String currentTime() { return ""; }\n\n  @Tool\n  String bare() { return ""; }\n\n  @org.springframework.ai.tool.annotation.Tool(name = "qualified")\n  String q() { return ""; }\n\n  @Override\n  public String toString() { return ""; }\n}\n`,
    names: ['weather.get', 'currentTime', 'bare', 'qualified'],
  },
  {
    label: "Spring AI MCP annotations: @McpTool(name = ...), and the method's name when no name is given",
    language: 'java',
    text: `import org.springframework.ai.mcp.annotation.McpTool;\nimport org.springframework.ai.tool.annotation.Tool;\n\nclass Provider {\n  @McpTool(description = "Read", name = "read_doc")\n  String read() { return ""; }\n\n  @McpTool(description = "Edit")\n  String editDocument() { return ""; }\n}\n`,
    names: ['read_doc', 'editDocument'],
  },
  {
    label:
      "Quarkus MCP server: @Tool(name = ...), a bare @Tool named after its method, org.mcpjava's @Tool, toolManager.newTool(...)",
    language: 'java',
    text: `import io.quarkiverse.mcp.server.Tool;\nimport io.quarkiverse.mcp.server.ToolManager;\n\npublic class Weather {\n  @Inject ToolManager toolManager;\n\n  @Tool(description = "Alerts")\n  String getAlerts(@ToolArg(description = "State") String state) { return ""; }\n\n  @Tool(name = "forecast.get", description = "Forecast")\n  String forecast() { return ""; }\n\n  @io.quarkiverse.mcp.server.Tool\n  String qualified() { return ""; }\n\n  void start() {\n    toolManager.newTool("programmatic").setDescription("d").setHandler(a -> null).register();\n    toolManager.newTool("foo".repeat(2)).register();\n  }\n}\n`,
    names: ['getAlerts', 'forecast.get', 'qualified', 'programmatic'],
  },
  {
    label: "Quarkus reads org.mcpjava's mcp-server-api @Tool too",
    language: 'java',
    text: `import org.mcpjava.server.tools.Tool;\nimport org.mcpjava.server.tools.ToolArg;\n\nclass McpJavaFeatures {\n  @Tool(description = "A simple tool")\n  String alpha() { return ""; }\n\n  @Tool(name = "bravo.tool")\n  String bravo() { return ""; }\n}\n`,
    names: ['alpha', 'bravo.tool'],
  },
  {
    label:
      "LangChain4j: @Tool's value is its description (the name stays the method's), a wildcard import, ToolSpecification.builder().name(...)",
    language: 'java',
    text: `import dev.langchain4j.agent.tool.*;\n\nclass WeatherTools {\n  @Tool("Returns the weather forecast for a given city")\n  String getWeather(@P("The city") String city) { return ""; }\n\n  @Tool(name = "weather.now")\n  String now() { return ""; }\n\n  ToolSpecification spec() {\n    return ToolSpecification.builder().name("get_booking").description("d").build();\n  }\n}\n`,
    names: ['getWeather', 'weather.now', 'get_booking'],
  },
  {
    label: 'Java: a single-type import of another Tool wins over a wildcard import of the library',
    language: 'java',
    text: `import dev.langchain4j.agent.tool.*;\nimport com.example.Tool;\n\nclass C {\n  @Tool(name = "not.langchain4j")\n  String f() { return ""; }\n}\n`,
    names: [],
  },
  {
    label: 'Java: a Tool annotation or Tool.builder of another library, in a file that names no SDK, is no tool',
    language: 'java',
    text: `import com.example.agent.Tool;\n\nclass Plain {\n  @Tool(name = "not.spring")\n  String f() { return Tool.builder("not_mcp").build(); }\n}\n`,
    names: [],
  },
  {
    label: "Java: beside Spring AI, a Tool annotation imported from elsewhere is not Spring AI's @Tool",
    language: 'java',
    text: `import org.springframework.ai.chat.client.ChatClient;\nimport com.example.Tool;\n\nclass C {\n  @Tool(name = "other")\n  String f() { return ""; }\n}\n`,
    names: [],
  },
  {
    label: 'rmcp: #[tool(name = ...)], #[tool] and #[tool(description)] named after the fn, Tool::new, a const name',
    language: 'rust',
    text: `use rmcp::{handler::server::router::tool::ToolRouter, model::*, tool, tool_router};\n\nconst ECHO: &str = "echo";\n\n#[tool_router]\nimpl Counter {\n    /// Increment\n    #[tool(name = "counter.increment", description = "Increment")]\n    async fn increment(&self) -> Result<CallToolResult, McpError> { todo!() }\n\n    #[tool(description = "Decrement")]\n    async fn decrement(&self) -> Result<CallToolResult, McpError> { todo!() }\n\n    #[tool]\n    fn get_value(&self) -> String { String::new() }\n\n    #[doc = "not a tool"]\n    fn helper(&self) {}\n}\n\nfn list() -> Tool {\n    let _ = Tool::new(ECHO, "Echo", schema.clone());\n    // Tool::new("commented", "d", s)\n    Tool::new(name, "computed", schema)\n}\n\nfn raw() -> Tool { Tool::new(r#"raw_name"#, "d", s) }\n`,
    names: ['counter.increment', 'decrement', 'get_value', 'echo', 'raw_name'],
  },
  {
    label:
      'rmcp by hand: Tool { name } structs inside vec![...] (macro tokens), with Cow::Borrowed, .into(), a constant; a computed one is counted',
    language: 'rust',
    text: `use rmcp::model::{ListToolsResult, Tool};\n\nconst GET: &str = "get-policy";\n\nfn get_builtin_tools() -> Vec<Tool> {\n    vec![\n        Tool {\n            name: Cow::Borrowed("load-component"),\n            description: Some(Cow::Borrowed("Loads")),\n            input_schema: Arc::new(schema()),\n            annotations: None,\n        },\n        Tool { name: "unload-component".into(), description: None, input_schema: s.clone(), annotations: None },\n        rmcp::model::Tool { name: GET.into(), ..Default::default() },\n        Tool { name: format!("x{}", 1).into(), description: None, input_schema: s, annotations: None },\n        Tool::new(Cow::Borrowed("by.new"), "d", s.clone()),\n        Other { name: "not_a_tool" },\n    ]\n}\n`,
    names: ['load-component', 'unload-component', 'get-policy', 'by.new'],
  },
  {
    label:
      'rmcp by hand: Tool::new in vec![...] (macro tokens), a Tool { name } struct, conversions that keep the literal',
    language: 'rust',
    text: `use rmcp::model::{ListToolsResult, Tool};\n\nfn list_tools() -> ListToolsResult {\n    ListToolsResult {\n        tools: vec![\n            Tool::new("in.vec", "d", s.clone()),\n            Tool::new("into.vec".into(), "d", s.clone()),\n            rmcp::model::Tool::new(NAME, "d", s.clone()),\n            Tool::new(format!("x{}", 1), "computed", s),\n        ],\n        next_cursor: None,\n    }\n}\n\nconst NAME: &str = "const_in_vec";\n\nfn more() {\n    let a = Tool { name: "by.struct".into(), description: None, input_schema: s };\n    let b = Tool::new(Cow::Borrowed("borrowed"), "d", s);\n    let c = Tool::new_with_raw(String::from("raw.new"), None, s);\n}\n`,
    names: ['in.vec', 'into.vec', 'const_in_vec', 'by.struct', 'borrowed', 'raw.new'],
  },
  {
    label: 'Rust: a #[tool] attribute or Tool::new in a file that names no rmcp is no tool',
    language: 'rust',
    text: `use my_agent::{tool, Tool};\n\nimpl Agent {\n    #[tool(name = "not.rmcp")]\n    fn f(&self) {}\n}\n\nfn g() -> Tool { Tool::new("not_rmcp", "d", s) }\n`,
    names: [],
  },
];

describe('source code: declaration forms read on real projects', () => {
  for (const form of DECLARATION_FORMS) {
    test(form.label, () => {
      const analysis = fixedAnalysis(form.text, opts(form.language));
      assert.deepEqual(
        analysis.tools.map((t) => t.name),
        form.names,
      );
      // Every name sits on a token of the fixture: a literal, a constant's literal, or a def's name.
      for (const tool of analysis.tools) {
        const token = at(form.text, tool.declaration.name);
        assert.ok(token.includes(tool.name ?? '\u0000'), `${tool.name} at ${token}`);
      }
    });
  }

  test('a tool object whose name is computed is counted once, also when a declaration call holds it', () => {
    const text = `import { FastMCP } from 'fastmcp';\nimport type { Tool } from '@modelcontextprotocol/sdk/types.js';\nconst server = new FastMCP({ name: 'b', version: '1' });\nconst addTool = (tool) => server.addTool(tool);\naddTool({ name: \`web_\${id}\`, execute });\nexport const t: Tool = { name: prefix + 'x', inputSchema: {} };\n`;
    const analysis = fixedAnalysis(text, opts('typescript'));
    assert.equal(analysis.tools.length, 0);
    assert.deepEqual(
      analysis.code?.computedNames.map((r) => text.slice(r.start, r.end)),
      ['`web_${id}`', "prefix + 'x'"],
    );
  });

  test('a function-name tool of add_tool(fn) or mcp.tool()(fn) is renamed by adding name= to the call, never by renaming fn', () => {
    const text = `from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("s")\ndef fn(): ...\nmcp.add_tool(fn)\ndef other(): ...\nmcp.tool()(other)\n`;
    const first = planRename(text, opts('python'), text.indexOf('add_tool(fn)') + 'add_tool('.length + 1, 'renamed_a');
    assert.equal(first.kind, 'edits', first.kind === 'refused' ? first.reason : '');
    const once = applyEdits(text, first.kind === 'edits' ? first.edits : []);
    assert.match(once, /mcp\.add_tool\(fn, name="renamed_a"\)/);
    const second = planRename(once, opts('python'), once.indexOf('(other)') + 2, 'renamed_b');
    assert.equal(second.kind, 'edits', second.kind === 'refused' ? second.reason : '');
    const twice = applyEdits(once, second.kind === 'edits' ? second.edits : []);
    assert.match(twice, /mcp\.tool\(name="renamed_b"\)\(other\)/);
    assert.deepEqual(
      fixedAnalysis(twice, opts('python')).tools.map((t) => t.name),
      ['renamed_a', 'renamed_b'],
    );
  });
});

describe('source code: the libraries a manifest names', () => {
  const rows: readonly (readonly [string, string, readonly string[]])[] = [
    [
      'package.json',
      '{ "dependencies": { "@modelcontextprotocol/sdk": "^1" }, "devDependencies": { "ai": "4" } }',
      ['mcp-typescript-sdk', 'vercel-ai-sdk'],
    ],
    ['package.json', '{ "name": "fastmcp", "version": "3.0.0" }', ['fastmcp-typescript']],
    ['package.json', '{ "dependencies": { "aim": "1", "fastmcp-helpers": "1" }, "description": "an ai tool" }', []],
    ['package.json', '{ not json', []],
    [
      'pyproject.toml',
      '[project]\ndependencies = ["mcp[cli]>=1.2", "openai-agents"]\n',
      ['fastmcp', 'openai-agents-python'],
    ],
    ['pyproject.toml', '[tool.poetry.dependencies]\npython = "^3.10"\nFastMCP = "^2.0"\n', ['fastmcp']],
    ['pyproject.toml', '[project]\nname = "x"\ndescription = "mcp server for agents"\n', []],
    ['requirements.txt', '# pinned\nlangchain-core==0.3 ; python_version > "3.9"\n-r base.txt\n', ['langchain']],
    ['requirements.txt', 'mcpx==1\nfastmcp-extras\n', []],
    ['go.mod', 'module example.com/s\n\nrequire (\n\tgithub.com/mark3labs/mcp-go v0.30.0\n)\n', ['mark3labs-mcp-go']],
    [
      'go.mod',
      'module example.com/s\n\nrequire github.com/modelcontextprotocol/go-sdk v1.0.0 // indirect\n',
      ['mcp-go-sdk'],
    ],
    ['go.mod', 'module example.com/s\n\nrequire github.com/mark3labs/mcp-golang v0.1.0\n', []],
    [
      'pom.xml',
      '<project><dependencies><dependency><groupId>io.modelcontextprotocol.sdk</groupId><artifactId>mcp</artifactId></dependency></dependencies></project>',
      ['mcp-java-sdk'],
    ],
    [
      'build.gradle',
      "dependencies {\n  implementation 'org.springframework.ai:spring-ai-starter-mcp-server:1.0.0'\n}\n",
      ['spring-ai', 'spring-ai-mcp-annotations'],
    ],
    [
      'pom.xml',
      '<project><dependencies><dependency><groupId>io.quarkiverse.mcp</groupId><artifactId>quarkus-mcp-server-stdio</artifactId></dependency><dependency><groupId>dev.langchain4j</groupId><artifactId>langchain4j</artifactId></dependency></dependencies></project>',
      ['quarkus-mcp-server', 'langchain4j'],
    ],
    [
      'build.gradle.kts',
      'dependencies {\n  implementation("io.modelcontextprotocol.sdk:mcp:0.11.0")\n}\n',
      ['mcp-java-sdk'],
    ],
    ['pom.xml', '<project><groupId>com.example</groupId><description>an mcp server</description></project>', []],
    [
      'Cargo.toml',
      '[package]\nname = "counter"\n\n[dependencies]\nrmcp = { version = "0.8", features = ["server"] }\n',
      ['rmcp'],
    ],
    ['Cargo.toml', '[workspace.dependencies]\nrmcp = "0.8"\n', ['rmcp']],
    ['Cargo.toml', '[dependencies.rmcp]\nversion = "0.8"\n', ['rmcp']],
    [
      'Cargo.toml',
      '[package]\nname = "rmcp-extras"\ndescription = "rmcp helpers"\n[dependencies]\nrmcp-macros = "1"\n',
      [],
    ],
  ];
  for (const [file, text, ids] of rows)
    test(`${file}: ${text.replace(/\s+/g, ' ').slice(0, 60)} → ${ids.join(', ') || 'none'}`, () => {
      assert.deepEqual(librariesInManifest(file, text), ids);
    });

  test('a parser that carries its package libraries reads a helper module that imports nothing', () => {
    const text = `def register(mcp):\n    @mcp.tool(name="a.b")\n    def f(): ...\n`;
    assert.deepEqual(fixedAnalysis(text, opts('python')).tools, []);
    const project: CodeParser = { parse: (t, g) => parser.parse(t, g), projectLibraries: ['fastmcp'] };
    assert.deepEqual(
      fixedAnalysis(text, { language: 'python', code: project }).tools.map((t) => t.name),
      ['a.b'],
    );
  });
});

describe('source code: one census per server object', () => {
  // [what, language, source, tools found, wire-collision findings: one per tool left out, none on the tool kept].
  const serverCases: ReadonlyArray<readonly [string, CodeLanguage, string, number, number]> = [
    [
      'two FastMCP servers in two test functions with the same tool name: no collision',
      'python',
      'from fastmcp import FastMCP\n\ndef test_a():\n    mcp = FastMCP()\n    @mcp.tool\n    def add(): ...\n\ndef test_b():\n    mcp = FastMCP()\n    @mcp.tool\n    def add(): ...\n',
      2,
      0,
    ],
    [
      'one server with the same name twice: collision',
      'python',
      'from fastmcp import FastMCP\n\ndef test_a():\n    mcp = FastMCP()\n    @mcp.tool\n    def add(): ...\n    mcp.add_tool(other, name="add")\n',
      2,
      1,
    ],
    [
      'a module server used in two test functions is one server',
      'python',
      'from fastmcp import FastMCP\nmcp = FastMCP("s")\n\ndef test_a():\n    @mcp.tool\n    def add(): ...\n\ndef test_b():\n    @mcp.tool(name="add")\n    def other(): ...\n',
      2,
      1,
    ],
    [
      'a server rebound in one function: each constructor call is its own server',
      'python',
      'from fastmcp import FastMCP\n\ndef test_a():\n    mcp = FastMCP()\n    @mcp.tool\n    def add(): ...\n    mcp = FastMCP()\n    @mcp.tool\n    def add(): ...\n',
      2,
      0,
    ],
    [
      'a parameter shadowing a module server is a server of its own, per function',
      'python',
      'from fastmcp import FastMCP\nmcp = FastMCP("s")\n@mcp.tool\ndef add(): ...\n\ndef test_a(mcp):\n    @mcp.tool\n    def add(): ...\n\ndef test_b(mcp):\n    @mcp.tool\n    def add(): ...\n',
      3,
      0,
    ],
    [
      'Tool objects built for asserts: no collision',
      'python',
      'from mcp import types\n\ndef test_eq():\n    a = types.Tool(name="echo", inputSchema={})\n    b = types.Tool(name="echo", inputSchema={})\n    assert a == b\n',
      2,
      0,
    ],
    [
      "a test table's expected tool objects are data: none; the same objects as the table's input are tools",
      'typescript',
      "import { Tool } from '@modelcontextprotocol/sdk/types.js';\nconst cases = [{\n  input: { tools: [{ name: 'get', description: 'd', inputSchema: {} }] },\n  expected: { tools: { API: { methods: [{ name: 'get', description: 'd', inputSchema: {} }, { name: 'get', description: 'd', inputSchema: {} }] } } },\n}];\n",
      1,
      0,
    ],
    [
      'Tool objects in one list travel together: collision',
      'python',
      'from mcp.server.lowlevel import Server\nfrom mcp import types\nserver = Server("s")\n\n@server.list_tools()\nasync def list_tools():\n    return [types.Tool(name="a.b", inputSchema={}), types.Tool(name="a_b", inputSchema={})]\n',
      2,
      1,
    ],
    [
      "Tool.from_function handed to a server method is that server's",
      'python',
      'from fastmcp import FastMCP\nfrom fastmcp.tools import Tool\n\ndef test_a():\n    mcp = FastMCP()\n    mcp.add_tool(Tool.from_function(f, name="x"))\n    mcp.add_tool(Tool.from_function(g, name="x"))\n\ndef test_b():\n    mcp = FastMCP()\n    mcp.add_tool(Tool.from_function(f, name="x"))\n',
      3,
      1,
    ],
    [
      'two McpServer constructors in two functions with the same variable name: no collision',
      'typescript',
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nfunction a() {\n  const server = new McpServer({ name: 'a', version: '1' });\n  server.registerTool('x', {}, h);\n}\nconst b = () => {\n  const server = new McpServer({ name: 'b', version: '1' });\n  server.registerTool('x', {}, h);\n};\n",
      2,
      0,
    ],
    [
      'punkpeye FastMCP in two tests with the same tool: no collision',
      'typescript',
      "import { FastMCP } from 'fastmcp';\ntest('a', () => {\n  const server = new FastMCP({ name: 'a', version: '1.0.0' });\n  server.addTool({ name: 'x', execute });\n});\ntest('b', () => {\n  const server = new FastMCP({ name: 'b', version: '1.0.0' });\n  server.addTool({ name: 'x', execute });\n});\n",
      2,
      0,
    ],
    [
      'OpenAI Agents tool() objects outside a tools list: no collision; inside one: collision',
      'typescript',
      "import { tool, Agent } from '@openai/agents';\nconst a = tool({ name: 'x', parameters: p, execute });\nconst b = tool({ name: 'x', parameters: p, execute });\nnew Agent({ tools: [tool({ name: 'y', parameters: p, execute }), tool({ name: 'y', parameters: p, execute })] });\n",
      4,
      1,
    ],
    [
      'OpenAI Agents: two Agents, each with its own tools list of one name: no collision',
      'typescript',
      "import { tool, Agent } from '@openai/agents';\ntest('a', () => { new Agent({ name: 'a', tools: [tool({ name: 'x', parameters: p, execute })] }); });\ntest('b', () => { new Agent({ name: 'b', tools: [tool({ name: 'x', parameters: p, execute })] }); });\n",
      2,
      0,
    ],
    [
      'serialized tools of two namespaces in one list: no collision; one namespace with a name twice, or none: collision',
      'typescript',
      "import { Agent } from '@openai/agents';\nconst a = { tools: [\n  { type: 'function', name: 'lookup', parameters: {}, namespace: 'crm', namespaceDescription: 'c' },\n  { type: 'function', name: 'lookup', parameters: {}, namespace: 'billing', namespaceDescription: 'b' },\n  { type: 'function', name: 'lookup', parameters: {} },\n] };\nconst b = { tools: [\n  { type: 'function', name: 'find', parameters: {}, namespace: 'crm', namespaceDescription: 'c' },\n  { type: 'function', name: 'find', parameters: {}, namespace: 'crm', namespaceDescription: 'c' },\n] };\nconst c = { tools: [\n  { type: 'function', name: 'get', parameters: {} },\n  { type: 'function', name: 'get', parameters: {} },\n] };\n",
      7,
      2,
    ],
    [
      'a namespace key on items that are no serialized function tools splits nothing: the collision stays',
      'typescript',
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst tools = [\n  { name: 'search', namespace: 'a', inputSchema: {} },\n  { name: 'search', inputSchema: {} },\n];\n",
      2,
      1,
    ],
    [
      "a provider request's tools list written inside an MCP tool's handler is a request of its own",
      'typescript',
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport OpenAI from 'openai';\nconst server = new McpServer({ name: 's', version: '1' });\nserver.tool('ask', {}, async () => openai.chat.completions.create({ model, messages, tools: [\n  { type: 'function', function: { name: 'lookup', parameters: {} } },\n  { type: 'function', function: { name: 'lookup', parameters: {} } },\n] }));\n",
      3,
      1,
    ],
    [
      "a tools list a test expects (a table's expected key, a matcher's argument) is data: no tools, no collision",
      'typescript',
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst cases = [{ input: 1, expected: { tools: [{ name: 'get', inputSchema: {} }, { name: 'get', inputSchema: {} }] } }];\nexpect(await client.listTools()).toEqual({ tools: [{ name: 'x', inputSchema: {} }, { name: 'x', inputSchema: {} }] });\n",
      0,
      0,
    ],
    [
      "a tool_search_output item's tools are what a search answered, each alone: no collision",
      'typescript',
      "import { Agent } from '@openai/agents';\nconst item = {\n  type: 'tool_search_output',\n  tools: [\n    { type: 'function', name: 'lookup', parameters: {} },\n    { type: 'function', name: 'lookup', parameters: {}, deferLoading: true },\n  ],\n};\n",
      2,
      0,
    ],
    [
      'FastMCP versions of one tool are listed as one: no collision; two tools of one version still collide',
      'python',
      'from fastmcp import FastMCP\nmcp = FastMCP("s")\n@mcp.tool(version="1.0")\ndef calc(): ...\n@mcp.tool(version="2.0")\ndef calc(): ...\n@mcp.tool(name="a.b", version="2.0")\ndef f(): ...\n@mcp.tool(name="a_b", version="2.0")\ndef g(): ...\n',
      4,
      1,
    ],
    [
      'self.mcp bound in __init__ is one server across the methods of its class, another in another class',
      'python',
      'from fastmcp import FastMCP\nclass A:\n    def __init__(self):\n        self.mcp = FastMCP("a")\n    def one(self):\n        @self.mcp.tool\n        def add(): ...\n    def two(self):\n        @self.mcp.tool(name="add")\n        def other(): ...\nclass B:\n    def __init__(self):\n        self.mcp = FastMCP("b")\n        @self.mcp.tool\n        def add(): ...\n',
      3,
      1,
    ],
    [
      'this.server set in a constructor is the server of every method of its class',
      'typescript',
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nclass S {\n  constructor() { this.server = new McpServer({ name: 's', version: '1' }); }\n  a() { this.server.registerTool('x.y', {}, h); }\n  b() { this.server.registerTool('x_y', {}, h); }\n}\n",
      2,
      1,
    ],
    [
      'helpers given a server as a parameter: one server per function',
      'python',
      'from fastmcp import FastMCP\ndef register_a(mcp: FastMCP):\n    @mcp.tool\n    def add(): ...\n    @mcp.tool(name="add")\n    def other(): ...\ndef register_b(mcp: FastMCP):\n    @mcp.tool\n    def add(): ...\n',
      3,
      1,
    ],
    [
      'mark3labs: a tool value whose function only reads its fields (a schema borrowed) travels alone: no collision',
      'go',
      'package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc main() {\n\ts := server.NewMCPServer("s", "1.0.0")\n\ttool := mcp.NewTool("weather")\n\ttemplate := mcp.NewTool("weather", mcp.WithDescription("d"))\n\ttool.Description = template.Description\n\ts.AddTool(tool, h)\n}\n',
      2,
      0,
    ],
    [
      "mark3labs: the same value handed on by its bare name is the function's: the collision stays",
      'go',
      'package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc main() {\n\ts := server.NewMCPServer("s", "1.0.0")\n\ttool := mcp.NewTool("weather")\n\ttemplate := mcp.NewTool("weather", mcp.WithDescription("d"))\n\ttool.Description = template.Description\n\ts.AddTool(tool, h)\n\ts.AddTool(template, h)\n}\n',
      2,
      1,
    ],
    [
      "mark3labs: a slice bound to a name and handed on as s.AddTools(tools...) is that server's: it meets s's task tool",
      'go',
      'package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc TestX(t *testing.T) {\n\ts := server.NewMCPServer("s", "1.0.0")\n\ts.AddTaskTool(mcp.Tool{Name: "collision-tool"}, h)\n\ttools := []server.ServerTool{\n\t\t{Tool: mcp.Tool{Name: "ok-tool"}},\n\t\t{Tool: mcp.Tool{Name: "collision-tool"}},\n\t}\n\tassert.Panics(t, func() { s.AddTools(tools...) })\n}\n',
      3,
      1,
    ],
    [
      "mark3labs: a tool value bound to a name and handed to s.AddTool is s's, as one written in place is",
      'go',
      'package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc main() {\n\ts := server.NewMCPServer("s", "1.0.0")\n\ts.AddTool(mcp.NewTool("same"), h)\n\ttool := mcp.NewTool("same")\n\ts.AddTool(tool, h)\n}\n',
      2,
      1,
    ],
    [
      "mark3labs: a tool appended to a slice (tools = append(tools, ...)) then handed on as s.AddTools(tools...) is s's",
      'go',
      'package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc main() {\n\ts := server.NewMCPServer("s", "1.0.0")\n\ts.AddTool(mcp.NewTool("x"), h)\n\tvar tools []server.ServerTool\n\ttools = append(tools, server.ServerTool{Tool: mcp.NewTool("x"), Handler: h})\n\ts.AddTools(tools...)\n}\n',
      2,
      1,
    ],
    [
      "mark3labs: a bound value handed to two servers is neither's: no collision with either's tool",
      'go',
      'package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc main() {\n\ta := server.NewMCPServer("a", "1.0.0")\n\tb := server.NewMCPServer("b", "1.0.0")\n\ta.AddTool(mcp.NewTool("x"), h)\n\tb.AddTool(mcp.NewTool("x"), h)\n\ttool := mcp.NewTool("y")\n\ta.AddTool(tool, h)\n\tb.AddTool(tool, h)\n}\n',
      3,
      0,
    ],
    [
      "mark3labs' own package server: a bare NewMCPServer(...) is a server, so a session's sessionTools map is not its census",
      'go',
      'package server\n\nimport "github.com/mark3labs/mcp-go/mcp"\n\nfunc TestSessionTools(t *testing.T) {\n\ts := NewMCPServer("test-server", "1.0.0")\n\ts.AddTools(ServerTool{Tool: mcp.NewTool("global-tool-1")})\n\tsession := &sessionClient{\n\t\tsessionTools: map[string]ServerTool{\n\t\t\t"global-tool-1": {Tool: mcp.NewTool("global-tool-1", mcp.WithDescription("Overridden"))},\n\t\t},\n\t}\n\t_ = s.RegisterSession(ctx, session)\n}\n',
      2,
      0,
    ],
    [
      'Go SDK: a type alias of mcp.Tool (type Tool = mcp.Tool) declares tools as mcp.Tool does; a defined type (type Own mcp.Tool) does not',
      'go',
      'package api\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\ntype (\n\tTool = mcp.Tool\n\tOwn  mcp.Tool\n)\n\nfunc main() {\n\ts := mcp.NewServer(&mcp.Implementation{Name: "s"}, nil)\n\tmcp.AddTool(s, &Tool{Name: "x"}, h)\n\tmcp.AddTool(s, &Tool{Name: "x"}, h)\n\t_ = Own{Name: "x"}\n\t_ = []Tool{{Name: "y"}}\n}\n',
      3,
      1,
    ],
    [
      'LangChain JS: tool classes whose instances one bindTools list holds travel together; those of two lists do not',
      'typescript',
      'import { StructuredTool } from "@langchain/core/tools";\nclass A extends StructuredTool { name = "same"; }\nclass B extends StructuredTool { name = "same"; }\nclass C extends StructuredTool { name = "other"; }\nclass D extends StructuredTool { name = "other"; }\nconst ab = llm.bindTools([new A(), new B()]);\nconst c = llm.bindTools([new C()]);\nconst d = llm.bindTools([new D({ apiKey })]);\n',
      4,
      1,
    ],
    [
      "Go SDK's own package mcp: a bare NewServer(...) is a server and &Tool{Name} a tool, as its own tests write them",
      'go',
      'package mcp\n\nimport "github.com/modelcontextprotocol/go-sdk/jsonrpc"\n\nfunc TestDup(t *testing.T) {\n\ts := NewServer(&Implementation{Name: "s"}, nil)\n\ts.AddTool(&Tool{Name: "dup"}, h)\n\ts.AddTool(&Tool{Name: "dup"}, h)\n\tother := NewServer(&Implementation{Name: "o"}, nil)\n\tother.AddTool(&Tool{Name: "solo"}, h)\n}\n',
      3,
      1,
    ],
    [
      'mcp-go\'s own package mcp: its tool builder\'s tests write NewTool("x") bare (values its test reads field by field travel alone)',
      'go',
      'package mcp\n\nimport "github.com/mark3labs/mcp-go/util"\n\nfunc TestNewTool(t *testing.T) {\n\ttool := NewTool("strict-tool", WithSchemaAdditionalProperties(false))\n\tother := NewTool("strict-tool", WithDescription("d"))\n\tassert.Equal(t, tool.Name, other.Name)\n}\n',
      2,
      0,
    ],
    [
      'Go table test: each case of a []struct{...} table is censused apart, its tools in place or named by a value',
      'go',
      'package a\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\nfunc TestValidate(t *testing.T) {\n\tfirst := &mcp.Tool{Name: "named"}\n\tsecond := &mcp.Tool{Name: "named"}\n\ttests := []struct {\n\t\tname  string\n\t\ttool  *mcp.Tool\n\t\ttools []*mcp.Tool\n\t}{\n\t\t{name: "a", tool: &mcp.Tool{Name: "test"}, tools: []*mcp.Tool{first}},\n\t\t{name: "b", tool: &mcp.Tool{Name: "test"}, tools: []*mcp.Tool{second}},\n\t}\n\tfor _, tt := range tests {\n\t\tvalidate(tt.tool, tt.tools)\n\t}\n}\n',
      4,
      0,
    ],
    [
      "Go SDK: mcp.AddTool(server, &mcp.Tool{...}) is that server's; two servers in one function do not collide",
      'go',
      'package main\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\nfunc TestA(t *testing.T) {\n\ta := mcp.NewServer(&mcp.Implementation{Name: "a"}, nil)\n\tb := mcp.NewServer(&mcp.Implementation{Name: "b"}, nil)\n\tmcp.AddTool(a, &mcp.Tool{Name: "x"}, h)\n\tmcp.AddTool(b, &mcp.Tool{Name: "x"}, h)\n\tmcp.AddTool(b, &mcp.Tool{Name: "y"}, h)\n\tmcp.AddTool(b, &mcp.Tool{Name: "y"}, h)\n}\n',
      4,
      1,
    ],
    [
      'Java: one tool name in two test methods is two servers: no collision',
      'java',
      'import io.modelcontextprotocol.spec.McpSchema.Tool;\nclass T {\n  void a() { server(Tool.builder("x").build()); }\n  void b() { server(Tool.builder("x").build()); }\n}\n',
      2,
      0,
    ],
    [
      'Java: Tool fields of a test class are fixtures of their own: no collision',
      'java',
      'import io.modelcontextprotocol.spec.McpSchema.Tool;\nclass T {\n  private final Tool a = Tool.builder("x", schema).build();\n  private final Tool b = Tool.builder("x").build();\n}\n',
      2,
      0,
    ],
    [
      'Java: the tools of one server builder collide',
      'java',
      'import io.modelcontextprotocol.server.McpServer;\nimport io.modelcontextprotocol.spec.McpSchema.Tool;\nclass T {\n  void main() {\n    McpServer.sync(t).serverInfo("s", "1").toolCall(Tool.builder("a.b").build(), h).toolCall(Tool.builder("a_b").build(), h).build();\n  }\n}\n',
      2,
      1,
    ],
    [
      'Quarkus: programmatic tools pick their server at run time (setServerName), so one name twice is no collision; annotated ones of a class are one set',
      'java',
      'import io.quarkiverse.mcp.server.Tool;\nclass T {\n  @Inject ToolManager toolManager;\n  void run() {\n    toolManager.newTool("query").setServerName("alpha").register();\n    toolManager.newTool("query").setServerName("bravo").register();\n  }\n  @Tool\n  String foo() { return ""; }\n  @Tool(name = "foo")\n  String foos() { return ""; }\n}\n',
      4,
      1,
    ],
    [
      'Kotlin: a tool removed from its server (removeTool) and added again is no collision; one added twice is',
      'kotlin',
      'import io.modelcontextprotocol.kotlin.sdk.server.Server\nfun replace(server: Server) {\n  server.addTool("test-tool", "Original") { r }\n  server.removeTool("test-tool")\n  server.addTool("test-tool", "Replacement") { r }\n}\nfun twice(server: Server) {\n  server.addTool("dup", "a") { r }\n  server.removeTool("other")\n  server.addTool("dup", "b") { r }\n}\n',
      4,
      1,
    ],
    [
      "mcp-go: a tool deleted from its server (DeleteTools) before one of its name is added again is no collision; another server's removal does not count",
      'go',
      'package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc TestA(t *testing.T) {\n\ts := server.NewMCPServer("a", "1")\n\to := server.NewMCPServer("o", "1")\n\ts.AddTool(mcp.NewTool("x"), h)\n\ts.DeleteTools("x")\n\ts.AddTool(mcp.NewTool("x"), h)\n\ts.AddTool(mcp.NewTool("y"), h)\n\to.DeleteTools("y")\n\ts.AddTool(mcp.NewTool("y"), h)\n}\n',
      4,
      1,
    ],
    [
      "Spring AI: a class's @Tool methods are one set of tools, another class's another",
      'java',
      'import org.springframework.ai.tool.annotation.Tool;\nclass A {\n  @Tool(name = "get.time")\n  String t() { return ""; }\n  @Tool\n  String get_time() { return ""; }\n}\nclass B {\n  @Tool(name = "get.time")\n  String t() { return ""; }\n}\n',
      3,
      1,
    ],
    [
      "rmcp: an impl's #[tool] functions are one server, another impl's another",
      'rust',
      'use rmcp::tool;\nimpl A {\n    #[tool(name = "get.time")]\n    fn t(&self) {}\n    #[tool]\n    fn get_time(&self) {}\n}\nimpl B {\n    #[tool(name = "get.time")]\n    fn t(&self) {}\n}\n',
      3,
      1,
    ],
    [
      'Go: two servers in two test functions with the same tool: no collision',
      'go',
      'package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc TestA(t *testing.T) {\n\ts := server.NewMCPServer("a", "1")\n\ts.AddTool(mcp.NewTool("x"), h)\n}\n\nfunc TestB(t *testing.T) {\n\ts := server.NewMCPServer("b", "1")\n\ts.AddTool(mcp.NewTool("x"), h)\n}\n',
      2,
      0,
    ],
    [
      'TypeScript tool objects in one array travel together: collision',
      'typescript',
      "import type { Tool } from '@modelcontextprotocol/sdk/types.js';\nexport const TOOLS: Tool[] = [\n  { name: 'a.b', inputSchema: { type: 'object' } },\n  { name: 'a_b', inputSchema: { type: 'object' } },\n];\n",
      2,
      1,
    ],
    [
      'TypeScript tool objects listed by name travel together; the same objects alone do not',
      'typescript',
      "import type { Tool } from '@modelcontextprotocol/sdk/types.js';\nconst A: Tool = { name: 'a.b', inputSchema: {} };\nconst B: Tool = { name: 'a_b', inputSchema: {} };\nexport const C: Tool = { name: 'c.d', inputSchema: {} };\nexport const D: Tool = { name: 'c_d', inputSchema: {} };\nhandler(() => ({ tools: [A, B] }));\n",
      4,
      1,
    ],
  ];
  // `found`: the collision findings, one per tool that loses the shared name (one problem, one diagnostic).
  for (const [what, language, text, tools, found] of serverCases)
    test(`server objects: ${what}`, () => {
      assert.equal(fixedAnalysis(text, opts(language)).tools.length, tools);
      assert.equal(collisions(text, language).length, found);
    });
});

describe('source code: Java and Rust', () => {
  test('rmcp: a Tool struct written in vec![...] tokens collides with its list and its fix rewrites the literal token', () => {
    const text = `use rmcp::model::Tool;\n\nfn tools() -> Vec<Tool> {\n    vec![\n        Tool { name: Cow::Borrowed("load.component"), description: None, input_schema: s.clone(), annotations: None },\n        Tool { name: "load_component".into(), description: None, input_schema: s, annotations: None },\n    ]\n}\n`;
    const found = collisions(text, 'rust');
    assert.equal(found.length, 1);
    assert.equal(at(text, found[0]!), '"load.component"');
    const fixed = applyProvenFix(text, opts('rust'), found[0]!);
    assert.match(fixed, /Tool \{ name: Cow::Borrowed\("[A-Za-z0-9_-]+"\), description/);
    assert.equal(collisions(fixed, 'rust').length, 0);
  });

  test('Spring AI: the fix on a method-name tool adds name = "..." to @Tool, never renaming the method', () => {
    const text = `import org.springframework.ai.tool.annotation.Tool;\n\nclass T {\n  @Tool(description = "Time")\n  String get_time() { return ""; }\n\n  @Tool(name = "get.time")\n  String other() { return ""; }\n\n  @Tool\n  String get$time() { return ""; }\n}\n`;
    const renamed = planRename(text, opts('java'), text.indexOf('get_time') + 1, 'time_now');
    assert.equal(renamed.kind, 'edits', renamed.kind === 'refused' ? renamed.reason : '');
    const once = applyEdits(text, renamed.kind === 'edits' ? renamed.edits : []);
    assert.match(once, /@Tool\(name = "time_now", description = "Time"\)\n {2}String get_time\(\)/);
    const bare = planRename(once, opts('java'), once.indexOf('get$time') + 1, 'time_bare');
    assert.equal(bare.kind, 'edits', bare.kind === 'refused' ? bare.reason : '');
    const twice = applyEdits(once, bare.kind === 'edits' ? bare.edits : []);
    assert.match(twice, /@Tool\(name = "time_bare"\)\n {2}String get\$time\(\)/);
    assert.deepEqual(
      fixedAnalysis(twice, opts('java')).tools.map((t) => t.name),
      ['time_now', 'get.time', 'time_bare'],
    );
  });

  test('Spring AI: name = "" means the method\'s name; its fix rewrites the empty literal, adding no second name', () => {
    const text = `import org.springframework.ai.mcp.annotation.McpTool;\nimport org.springframework.ai.tool.annotation.Tool;\n\nclass P {\n  @McpTool(name = "")\n  String get_time() { return ""; }\n\n  @McpTool(name = "get.time")\n  String other() { return ""; }\n\n  @Tool(name = "", description = "d")\n  String spring() { return ""; }\n}\n`;
    assert.deepEqual(
      fixedAnalysis(text, opts('java')).tools.map((t) => t.name),
      ['get_time', 'get.time', 'spring'],
    );
    const renamed = planRename(text, opts('java'), text.indexOf('name = ""') + 8, 'now');
    assert.equal(renamed.kind, 'edits', renamed.kind === 'refused' ? renamed.reason : '');
    assert.match(
      applyEdits(text, renamed.kind === 'edits' ? renamed.edits : []),
      /@McpTool\(name = "now"\)\n {2}String get_time/,
    );
  });

  test('rmcp: a collision is fixed on the literal; a rename of a fn-name tool adds name = "..." to #[tool]', () => {
    const text = `use rmcp::{tool, tool_router};\n\n#[tool_router]\nimpl S {\n    #[tool]\n    fn get_time(&self) {}\n\n    #[tool(name = "get.time", description = "d")]\n    fn other(&self) {}\n}\n`;
    const found = collisions(text, 'rust');
    assert.equal(found.length, 1);
    assert.equal(at(text, found[0]!), '"get.time"');
    assert.match(applyFix(text, 'rust', found[0]!), /#\[tool\(name = "get-time", description = "d"\)\]/);
    const renamed = planRename(text, opts('rust'), text.indexOf('get_time') + 1, 'now');
    assert.equal(renamed.kind, 'edits', renamed.kind === 'refused' ? renamed.reason : '');
    assert.match(
      applyEdits(text, renamed.kind === 'edits' ? renamed.edits : []),
      /#\[tool\(name = "now"\)\]\n {4}fn get_time/,
    );
  });

  test('MCP Java SDK: a constant shared by two servers names two tools; findings sit on its literal', () => {
    const text = `import io.modelcontextprotocol.spec.McpSchema.Tool;\nclass T {\n  static final String NAME = "bad name";\n  void a() { s(Tool.builder(NAME).build()); }\n  void b() { s(Tool.builder(NAME).build()); }\n}\n`;
    const analysis = fixedAnalysis(text, opts('java'));
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['bad name', 'bad name'],
    );
    const invalid = analysis.findings.filter((f) => f.code === 'invalid-name');
    assert.ok(invalid.length > 0);
    assert.ok(invalid.every((f) => at(text, f) === '"bad name"'));
  });

  test('suppressions are // comments in Java and Rust; a computed name is counted, not checked', () => {
    const java = `import io.modelcontextprotocol.spec.McpSchema.Tool;\nclass T {\n  void a() {\n    // toolwire-disable-next-line invalid-name -- legacy client\n    s(Tool.builder("bad name").build());\n    s(Tool.builder(computed).build());\n  }\n}\n`;
    const javaAnalysis = fixedAnalysis(java, opts('java'));
    assert.deepEqual(
      javaAnalysis.findings.map((f) => f.code),
      [],
    );
    assert.equal(javaAnalysis.code?.computedNames.length, 1);
    const rust = `use rmcp::tool;\nimpl S {\n    // toolwire-disable-next-line invalid-name -- legacy client\n    #[tool(name = "bad name")]\n    fn f(&self) {}\n}\n`;
    assert.deepEqual(
      fixedAnalysis(rust, opts('rust')).findings.map((f) => f.code),
      [],
    );
    assert.deepEqual(
      fixedAnalysis(rust.replace('// toolwire', '// not toolwire'), opts('rust')).findings.map((f) => f.code),
      ['invalid-name'],
    );
  });

  test('ordinary Java and Rust code with no SDK is not parsed and yields nothing', () => {
    const java = `package a;\nimport java.util.List;\nclass Tool { static Tool builder(String n) { return new Tool(); } }\nclass U { Tool t = Tool.builder("x y"); }\n`;
    const rust = `struct Tool;\nimpl Tool { fn new(n: &str) -> Self { Tool } }\n#[test]\nfn tool() { let _ = Tool::new("x y"); }\n`;
    for (const [text, language] of [
      [java, 'java'],
      [rust, 'rust'],
    ] as const) {
      const analysis = fixedAnalysis(text, opts(language));
      assert.deepEqual(analysis.tools, []);
      assert.deepEqual(analysis.findings, []);
      assert.equal(analysis.code?.parsed ?? false, false);
    }
  });

  test('Java and Rust writers: escapes each language reads, raw Rust strings stay raw, text blocks are refused', () => {
    assert.equal(writeJavaString('"a"', 'a"b\\c\n\u0001'), '"a\\"b\\\\c\\n\\001"');
    assert.equal(writeJavaString('"""\n  a"""', 'b'), undefined);
    assert.equal(writeRustString('"a"', 'a"b\u0001'), '"a\\"b\\u{1}"');
    assert.equal(writeRustString('r#"a"#', 'b"c'), 'r#"b"c"#');
    assert.equal(writeRustString('r#"a"#', 'b"#c'), '"b\\"#c"');
  });
});

/**
 * Input schemas written in source, one row each: the property keys the Anthropic key rule refuses
 * (as their tokens), and the text after applying the first one's rename fix. Keys of zod shapes and
 * of mark3labs/mcp-go options are read; a JSON-schema literal is read whole.
 */
const SOURCE_SCHEMAS: readonly {
  readonly label: string;
  readonly language: CodeLanguage;
  readonly text: string;
  readonly refused: readonly string[];
  readonly fixed?: string;
}[] = [
  {
    label: 'MCP SDK: registerTool with a zod raw shape and with z.object(...).strict()',
    language: 'typescript',
    text: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\nserver.registerTool('get_user', { inputSchema: { 'user id': z.string(), ok: z.number() } }, h);\nserver.registerTool('get_team', { inputSchema: z.object({ "team/name": z.string() }).strict() }, h);\n`,
    refused: [`'user id'`, `"team/name"`],
    fixed: `inputSchema: { 'user_id': z.string(), ok: z.number() }`,
  },
  {
    label: "MCP SDK: tool(name, description, shape, annotations, cb) reads the shape, never the annotations' keys",
    language: 'typescript',
    text: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\nserver.tool('old_style', 'desc', { 'a b': z.string() }, { 'x y': 'title' }, h);\nserver.tool('no_schema', { 'z w': 'title' }, h);\n`,
    refused: [`'a b'`],
    fixed: `{ 'a_b': z.string() }`,
  },
  {
    label: 'FastMCP (TypeScript): parameters: z.object({...})',
    language: 'javascript',
    text: `import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: "adder", version: "1.0.0" });\nserver.addTool({ name: "add", parameters: z.object({ "first number": z.number(), second: z.number() }), execute });\n`,
    refused: [`"first number"`],
    fixed: `z.object({ "first_number": z.number()`,
  },
  {
    label: 'MCP Python SDK: types.Tool(inputSchema={...}) renames the key and its required entry',
    language: 'python',
    text: `from mcp.server.lowlevel import Server\nimport mcp.types as types\nTOOL = types.Tool(name="x", inputSchema={"type": "object", "properties": {"a b": {"type": "string"}}, "required": ["a b"]})\n`,
    refused: [`"a b"`],
    fixed: `"properties": {"a_b": {"type": "string"}}, "required": ["a_b"]`,
  },
  {
    label: "MCP Python SDK 2.x: types.Tool(input_schema={...}), the SDK's later keyword",
    language: 'python',
    text: `from mcp.server.lowlevel import Server\nimport mcp.types as types\nTOOL = types.Tool(name="x", input_schema={"type": "object", "properties": {"a:b": {}}})\n`,
    refused: [`"a:b"`],
  },
  {
    label: 'mark3labs/mcp-go: mcp.WithString("repo name") among NewTool options; a computed key is not read',
    language: 'go',
    text: `package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc main() {\n\ts := server.NewMCPServer("s", "1.0.0")\n\ts.AddTool(mcp.NewTool("get", mcp.WithString("repo name", mcp.Required()), mcp.WithNumber("page"), mcp.WithString(key)), h)\n}\n`,
    refused: [`"repo name"`],
    fixed: `mcp.WithString("repo_name", mcp.Required())`,
  },
  {
    label: 'MCP tool objects: a JSON-schema literal in a ListTools array is read whole',
    language: 'typescript',
    text: `import type { Tool } from '@modelcontextprotocol/sdk/types.js';\nexport const TOOLS: Tool[] = [{ name: 'a', inputSchema: { type: 'object', properties: { 'bad key': { type: 'string' } } } }];\n`,
    refused: [`'bad key'`],
    fixed: `properties: { 'bad_key': { type: 'string' } }`,
  },
];

describe('source code: input-schema property keys', () => {
  for (const row of SOURCE_SCHEMAS)
    test(row.label, () => {
      const findings = fixedAnalysis(row.text, opts(row.language)).findings.filter(
        (f) => f.code === 'invalid-parameter-name',
      );
      assert.deepEqual(
        findings.map((f) => at(row.text, f)),
        row.refused,
      );
      if (row.fixed) assert.ok(applyFix(row.text, row.language, findings[0]!).includes(row.fixed));
    });
});
