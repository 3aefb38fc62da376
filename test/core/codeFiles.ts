import type { CodeLanguage } from '../../server/src/core/code/syntax';

/** One file per family that reaches the dialect's constants, imports, definitions, decorators and tool arrays. */
export const FILES: readonly { readonly language: CodeLanguage; readonly text: string }[] = [
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
