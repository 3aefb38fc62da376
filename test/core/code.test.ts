import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { planRename, proveEdits, type AnalysisOptions, type Finding } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import type { CodeLanguage, CodeParser } from '../../server/src/core/code/syntax';
import { editBetween } from '../../server/src/code/treeSitter';
import { writeGoString, writeJsString, writePythonString } from '../../server/src/core/code/strings';
import { applyEdits } from './helpers';
import { loadCodeParsers } from './codeParsers';

let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (language: CodeLanguage): AnalysisOptions => ({ language, code: parser });

/** The text a range covers: ranges are checked against the fixture's own text, never hand-counted. */
const at = (text: string, f: { range: { start: number; end: number } }) => text.slice(f.range.start, f.range.end);

function collisions(text: string, language: CodeLanguage): Finding[] {
  return analyze(text, opts(language)).findings.filter((f) => f.code === 'wire-collision');
}

/** Applies a finding's fix, proves it, and returns the fixed text. */
function applyFix(text: string, language: CodeLanguage, finding: Finding): string {
  assert.ok(finding.fix, `no fix on ${finding.code} ${finding.message}`);
  const before = analyze(text, opts(language));
  const proof = proveEdits(text, opts(language), before, finding.fix.edits, [
    { code: finding.code, pointer: finding.pointer },
  ]);
  assert.equal(proof.kind, 'proven', proof.kind === 'refused' ? proof.reason : '');
  return applyEdits(text, finding.fix.edits);
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

describe('source code: tool declarations (issue 12)', () => {
  test('tree-sitter indices are UTF-16 units, so a name after astral characters is found exactly', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n// 😀😀 é\nconst server = new McpServer({ name: 's', version: '1' });\nserver.registerTool('a b', {}, h);\n`;
    const analysis = analyze(text, opts('typescript'));
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
    const analysis = analyze(TS_SERVER, opts('typescript'));
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
    const analysis = analyze(PY_SERVER, opts('python'));
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['orders_get', 'orders.get', 'orders_list'],
    );
  });

  test('Python: the quick fix on a function-name tool adds name= to its decorator, not renaming the function', () => {
    const text = `from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("s")\n\n@mcp.tool(name="orders_get")\ndef first(): ...\n\n@mcp.tool(description="d")\ndef orders_get(): ...\n`;
    const finding = analyze(text, opts('python')).findings.find((f) => f.fix && at(text, f) === 'orders_get');
    assert.ok(finding, 'a fixable finding on the function name');
    const fixed = applyFix(text, 'python', finding);
    assert.match(fixed, /@mcp\.tool\(name="[^"]+", description="d"\)\ndef orders_get\(\)/);
    assert.deepEqual(
      analyze(fixed, opts('python')).findings.filter((f) => f.severity === 'error'),
      [],
    );
  });

  test("Python: MCPServer (the SDK's later name for FastMCP) names its server", () => {
    const text = `from mcp.server.mcpserver import MCPServer\nmcp = MCPServer("demo")\n@mcp.tool()\ndef add(a: int) -> int: ...\n`;
    const analysis = analyze(text, { ...opts('python'), clients: { enabled: ['claude-code'] } });
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

  test('Go SDK: mcp.AddTool with &mcp.Tool{Name: constant} resolves the constant; the edit goes to its literal', () => {
    const text = `package main\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\nconst listName = "files.list"\n\nfunc main() {\n\ts := mcp.NewServer(&mcp.Implementation{Name: "files"}, nil)\n\tmcp.AddTool(s, &mcp.Tool{Name: listName}, h)\n\tmcp.AddTool(s, &mcp.Tool{Name: "files_list"}, h)\n\tmcp.AddTool(s, &mcp.Tool{Name: computed()}, h)\n}\n`;
    const analysis = analyze(text, opts('go'));
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

  test('computed names are skipped, never guessed; a constant in the same file is resolved', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst NAME = 'from.constant';\nconst server = new McpServer({ name: 's', version: '1' });\nserver.registerTool(NAME, {}, h);\nserver.registerTool(prefix + 'x', {}, h);\nserver.registerTool(\`t_\${n}\`, {}, h);\nserver.registerTool(imported, {}, h);\n`;
    const analysis = analyze(text, opts('typescript'));
    assert.deepEqual(
      analysis.tools.map((t) => [t.name, at(text, t.declaration.name)]),
      [['from.constant', `'from.constant'`]],
    );
    assert.equal(analysis.findings.filter((f) => f.code === 'missing-name').length, 0);
  });

  test('a file without a trigger import is not parsed and yields nothing', () => {
    const text = `const server = new McpServer({ name: 's' });\nserver.registerTool('a.b', {}, h);\nserver.registerTool('a_b', {}, h);\n`;
    let parsed = 0;
    const counting: CodeParser = { parse: (t, g) => ((parsed += 1), parser.parse(t, g)) };
    const analysis = analyze(text, { language: 'typescript', code: counting });
    assert.equal(analysis.tools.length, 0);
    assert.equal(analysis.findings.length, 0);
    assert.equal(parsed, 0);
  });

  test('server objects: tools of two servers in one file are two censuses; a typed parameter is a server', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst a = new McpServer({ name: 'a', version: '1' });\nconst b = new McpServer({ name: 'b', version: '1' });\na.registerTool('x.y', {}, h);\nb.registerTool('x_y', {}, h);\nexport function more(server: McpServer) { server.registerTool('more', {}, h); }\nother.registerTool('not_a_server', {}, h);\n`;
    const analysis = analyze(text, opts('typescript'));
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['x.y', 'x_y', 'more'],
    );
    assert.equal(analysis.requests.length, 3);
    assert.equal(collisions(text, 'typescript').length, 0);
  });

  test('OpenAI Agents tool({ name }) and Vercel AI tools: { key: tool() } are read', () => {
    const agents = `import { tool } from '@openai/agents';\nexport const a = tool({ name: 'get weather', parameters: p, execute });\n`;
    assert.deepEqual(
      analyze(agents, opts('typescript'))
        .findings.filter((f) => f.code === 'invalid-name')
        .map((f) => at(agents, f)),
      [`'get weather'`],
    );
    const vercel = `import { generateText, tool } from 'ai';\nawait generateText({ model, tools: { weather: tool({ inputSchema }), 'get.city': tool({ inputSchema }) } });\n`;
    const analysis = analyze(vercel, opts('tsx'));
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
    const analysis = analyze(ts, opts('typescript'));
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
    const anthropic = analyze(py, opts('python'));
    assert.equal(anthropic.format, 'anthropic-messages');
    assert.deepEqual(
      anthropic.findings.filter((f) => f.code === 'invalid-name').map((f) => at(py, f)),
      ['"get.weather"'],
    );
  });

  test('Python: Agents @function_tool, LangChain @tool("..."), types.Tool(name=...) and f-strings', () => {
    const agents = `from agents import function_tool\n\n@function_tool\ndef get_weather(city: str) -> str: ...\n\n@function_tool(name_override="get.city")\ndef city() -> str: ...\n`;
    assert.deepEqual(
      analyze(agents, opts('python')).tools.map((t) => t.name),
      ['get_weather', 'get.city'],
    );
    const langchain = `from langchain_core.tools import tool, StructuredTool\n\n@tool("search docs")\ndef search(q: str) -> str: ...\n\nother = StructuredTool.from_function(func=f, name="other tool")\n`;
    assert.deepEqual(
      analyze(langchain, opts('python')).tools.map((t) => t.name),
      ['search docs', 'other tool'],
    );
    const lowLevel = `from mcp.server import Server\nimport mcp.types as types\nserver = Server("low")\n@server.list_tools()\nasync def list_tools():\n    return [types.Tool(name="a.b", inputSchema={}), types.Tool(name=f"a_{x}", inputSchema={}), types.Tool(name=r'a\\b', inputSchema={})]\n`;
    assert.deepEqual(
      analyze(lowLevel, opts('python')).tools.map((t) => t.name),
      ['a.b', 'a\\b'],
    );
  });

  test('Python: an Enum member in the same file names a tool (the low-level server style); the edit goes to the member', () => {
    const text = `from enum import Enum\nfrom mcp.server import Server\nfrom mcp.types import Tool\n\nclass GitTools(str, Enum):\n    STATUS = "git.status"\n    DIFF = "git_status"\n\nserver = Server("git")\n\n@server.list_tools()\nasync def list_tools():\n    return [Tool(name=GitTools.STATUS, inputSchema={}), Tool(name=GitTools.DIFF.value, inputSchema={}), Tool(name=Other.X, inputSchema={})]\n`;
    const analysis = analyze(text, opts('python'));
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
      analyze(text, opts('python')).tools.map((t) => t.name),
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
    const first = analyze(TS_SERVER, opts('typescript'));
    const edited = TS_SERVER.replace("'admin.tools.list'", "'admin.tools.all'");
    const second = analyze(edited, opts('typescript'));
    assert.deepEqual(
      second.tools.map((t) => t.name),
      ['admin.tools.all', 'admin_tools_list', 'admin_ok'],
    );
    assert.equal(first.tools.length, second.tools.length);
    assert.equal(collisions(edited, 'typescript').length, 0);
  });
});
