import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import { parseCode } from '../../server/src/core/code/parse';
import { dialectOf } from '../../server/src/core/code/dialects';
import { finderRootTypes } from '../../server/src/core/code/finders';
import { RootIndex } from '../../server/src/core/code/rootIndex';
import { grammarOf, type CodeLanguage, type CodeParser, type SyntaxNode } from '../../server/src/core/code/syntax';
import { familyOf } from '../../server/src/core/code/triggers';
import { loadCodeParsers } from './codeParsers';

/**
 * Reading a file walks its tree once (`RootIndex`): every root query of the dialects and the
 * finder is one of the types the walk collects, and what the index answers is what the root's own
 * walk returns.
 */
let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

/** One file per family that reaches the dialect's constants, imports, definitions, decorators and tool arrays. */
const FILES: readonly { readonly language: CodeLanguage; readonly text: string }[] = [
  {
    language: 'typescript',
    text: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport OpenAI from 'openai';\nconst NAME = 'search';\nfunction helper(server: McpServer) { server.tool('in_helper', async () => ({ content: [] })); }\nconst server = new McpServer({ name: 's', version: '1' });\nserver.registerTool(NAME, { description: 'd' }, async () => ({ content: [] }));\nserver.tool('echo', async ({ x }) => ({ content: [{ type: 'text', text: x }] }));\nconst tools = [{ type: 'function', function: { name: 'get_weather', parameters: {} } }];\nnew OpenAI().chat.completions.create({ model: 'm', messages: [], tools });\n`,
  },
  {
    language: 'python',
    text: `from mcp.server.fastmcp import FastMCP\nfrom agents import function_tool\nNAME = "search"\nmcp = FastMCP("s")\n\n@mcp.tool()\ndef echo(x: str) -> str:\n    return x\n\n@mcp.tool(name=NAME)\ndef find(q: str) -> str:\n    return q\n\ndef plain(y):\n    return y\n\nmcp.add_tool(plain)\ntools = [{"type": "function", "function": {"name": "get_weather", "parameters": {}}}]\nclient.chat.completions.create(model="m", messages=[], tools=tools)\n`,
  },
  {
    language: 'go',
    text: `package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nconst name = "search"\n\nfunc main() {\n\ts := server.NewMCPServer("s", "1.0.0")\n\ts.AddTool(mcp.NewTool("echo", mcp.WithDescription("d")), handler)\n\ts.AddTool(mcp.NewTool(name), handler)\n}\n`,
  },
  {
    language: 'java',
    text: `import io.modelcontextprotocol.server.McpServer;\nimport io.modelcontextprotocol.spec.McpSchema;\n\nclass S {\n  static final String NAME = "search";\n  void run() {\n    var tool = McpSchema.Tool.builder().name("echo").build();\n    var other = new McpSchema.Tool(NAME, "d", schema);\n  }\n}\n`,
  },
  {
    language: 'rust',
    text: `use rmcp::{tool, tool_router};\n\nconst NAME: &str = "search";\n\n#[tool_router]\nimpl S {\n    #[tool(description = "d")]\n    fn echo(&self) -> String { String::new() }\n    #[tool(name = "find", description = "d")]\n    fn other(&self) -> String { String::new() }\n}\n\nfn tools() { let v = vec![Tool::new("listed", "d", schema)]; }\n`,
  },
  {
    language: 'csharp',
    text: `using ModelContextProtocol.Server;\n\n[McpServerToolType]\npublic static class Tools\n{\n    const string Name = "search";\n    [McpServerTool, Description("d")]\n    public static string Echo(string x) => x;\n    [McpServerTool(Name = "find")]\n    public static string Other(string q) => q;\n}\n`,
  },
  {
    language: 'kotlin',
    text: `import io.modelcontextprotocol.kotlin.sdk.server.Server\n\nconst val NAME = "search"\n\nfun main() {\n    val server = Server(Implementation(name = "s", version = "1"), options)\n    server.addTool(name = "echo", description = "d") { request -> result }\n    server.addTool(name = NAME, description = "d") { request -> result }\n}\n`,
  },
  {
    language: 'swift',
    text: `import MCP\n\nenum Names: String { case search }\nlet name = "echo"\nlet server = Server(name: "s", version: "1")\nlet tools = [Tool(name: "echo", description: "d", inputSchema: schema), Tool(name: name, inputSchema: schema)]\n`,
  },
  {
    language: 'ruby',
    text: `require "mcp"\n\nGREET = "greet"\nclass Echo < MCP::Tool\n  tool_name "echo"\nend\nserver = MCP::Server.new(name: "s")\nserver.define_tool(name: GREET) { |args| args }\n`,
  },
  {
    language: 'php',
    text: `<?php\nuse Mcp\\Capability\\Attribute\\McpTool;\nuse Mcp\\Server;\n\nconst NAME = 'search';\nclass Tools {\n    public function __construct(private Server $server) {}\n    #[McpTool(name: 'echo')]\n    public function echo(string $x): string { return $x; }\n}\n$server = Server::builder()->setServerInfo('s', '1')->addTool(fn () => 1, 'add')->build();\n`,
  },
];

/** The parser's roots, wrapped so each walk of a whole tree is counted. */
function countingWalks(inner: CodeParser): { parser: CodeParser; walks: () => number } {
  let walks = 0;
  const parser: CodeParser = {
    parse(text, grammar) {
      const root = inner.parse(text, grammar);
      if (!root) return root;
      return new Proxy(root, {
        get(target, key) {
          if (key === 'descendantsOfType')
            return (types: string | string[]) => {
              walks += 1;
              return target.descendantsOfType(types);
            };
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
  return { parser, walks: () => walks };
}

const shape = (nodes: readonly (SyntaxNode | null)[]) =>
  nodes.map((n) => (n ? `${n.type}@${n.startIndex}-${n.endIndex}` : 'null'));

describe('reading a source file walks its tree once', () => {
  for (const { language, text } of FILES)
    test(`${language}: every root query is answered from the one walk`, () => {
      const { parser: counting, walks } = countingWalks(parser);
      const read = parseCode(text, language, counting);
      assert.equal(read.code.parsed, true);
      assert.deepEqual(read.problems, []);
      assert.ok(read.values.length > 0, 'the file declares tools');
      // Two for JS, whose file writes `tools`: its object literals are walked apart.
      assert.equal(walks(), language === 'typescript' ? 2 : 1);
    });

  for (const { language, text } of FILES)
    test(`${language}: each of the dialect's root queries is one of the walk's types`, () => {
      const dialect = dialectOf(familyOf(language));
      const index = new RootIndex(parser.parse(text, grammarOf(language))!, [
        ...dialect.rootTypes,
        ...finderRootTypes(dialect),
      ]);
      dialect.constants(index);
      // JS's tool arrays are the exception: its object literals are walked only when a file writes `tools`.
      if (dialect.family !== 'js') dialect.toolArrays(index);
      dialect.imports(index);
      dialect.definitions(index);
      dialect.decorated(index);
      dialect.macroCalls?.(index);
      dialect.typedNames?.(index, ['Server', 'McpServer']);
      assert.equal(index.misses, 0);
    });

  test('the index answers any query of its types as the root itself does, in document order', () => {
    const files = FILES.map(({ language, text }) => {
      const dialect = dialectOf(familyOf(language));
      return { text, language, types: [...new Set([...dialect.rootTypes, ...finderRootTypes(dialect)])] };
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...files),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        ({ text, language, types }, picks) => {
          const root = parser.parse(text, grammarOf(language))!;
          const index = new RootIndex(root, types);
          const wanted = [...new Set(picks.map((p) => types[p % types.length]!))];
          const asked = wanted.length === 1 ? wanted[0]! : wanted;
          assert.deepEqual(shape(index.descendantsOfType(asked)), shape(root.descendantsOfType(asked)));
          // Asked again (the answer is kept), and a type outside the index walks on its own.
          assert.deepEqual(shape(index.descendantsOfType(asked)), shape(root.descendantsOfType(asked)));
          assert.deepEqual(shape(index.descendantsOfType(['comment'])), shape(root.descendantsOfType(['comment'])));
          assert.equal(index.misses, 1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
