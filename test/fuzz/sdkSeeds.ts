// Fuzz seeds and tokens for the SDK languages beside TypeScript, Python and Go: Java, Rust, C#,
// Kotlin, Swift, Ruby and PHP. Each seed is a server written the way that language's MCP SDK (or
// its best-known framework) declares tools, in the declaration forms test/core/code*.test.ts pins,
// so edits start from documents the recognisers really read; a deep-nesting and a long-name seed
// per language stress the walks.
import fc from 'fast-check';
import { CODE_NAMES } from './seeds';

export const SDK_SURFACES = ['java', 'rust', 'csharp', 'kotlin', 'swift', 'ruby', 'php'] as const;
export type SdkSurface = (typeof SDK_SURFACES)[number];

/** A JSON string literal: Java, C#, Kotlin and Ruby read its escapes (`\n`, `\"`, `\uXXXX`) alike. */
const json = (name: string) => JSON.stringify(name);
/** Rust and Swift spell a code point `\u{XXXX}`; a lone surrogate stays one (an invalid literal is a case too). */
const braced = (name: string) => json(name).replace(/\\u([0-9a-fA-F]{4})/g, '\\u{$1}');
/** PHP's single-quoted string: only `\'` and `\\` are escapes, a newline is itself. */
const single = (name: string) => `'${name.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** The name as an identifier when it is one (a tool named after its method), else a made-up one. */
const ident = (name: string, index: number) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `tool_${index}`);
/** snake_case as CamelCase (Ruby names a tool class's tool after its class). */
const camel = (name: string) =>
  name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

interface Language {
  /** One tool declaration (style picks the form), and the document the declarations go into. */
  readonly tool: (name: string, style: number, index: number) => string;
  readonly document: (tools: readonly string[]) => string;
  /** A declaration under `depth` nested calls, beside a second one its name collides with. */
  readonly deep: (depth: number) => string;
}

const JAVA_SDK = `import io.modelcontextprotocol.server.McpServer;\nimport io.modelcontextprotocol.spec.McpSchema;\nimport io.modelcontextprotocol.spec.McpSchema.Tool;\nimport org.springframework.ai.tool.annotation.Tool;\n\n`;

const LANGUAGES: Readonly<Record<SdkSurface, Language>> = {
  java: {
    tool: (name, style, index) => {
      switch (style % 5) {
        case 0:
          return `        .toolCall(Tool.builder(${json(name)}, schema).build(), h)\n`;
        case 1:
          return `        .toolCall(McpSchema.Tool\n            .builder()\n            .name(${json(name)}).build(), h)\n`;
        case 2:
          return `        .tools(new SyncToolSpecification(new McpSchema.Tool(${json(name)}, "d", schema), h))\n`;
        case 3:
          return `  @Tool(name = ${json(name)}, description = "d")\n  String m${index}() { return ""; }\n`;
        default:
          return `  @Tool\n  String ${ident(name, index)}() { return ""; }\n`;
      }
    },
    // Builder calls and annotated methods in one class: the builder chain inside run(), methods beside it.
    document: (tools) => {
      const chain = tools.filter((t) => t.startsWith('        .')).join('');
      const methods = tools.filter((t) => !t.startsWith('        .')).join('');
      return `${JAVA_SDK}class S {\n  private static final String ECHO = "echo";\n  void run() {\n    McpServer.sync(t)\n        .serverInfo("fuzz", "1.0.0")\n${chain}        .build();\n  }\n${methods}}\n`;
    },
    deep: (depth) =>
      `${JAVA_SDK}class S {\n  void run() {\n    McpServer.sync(t)\n        .toolCall(${'f('.repeat(depth)}Tool.builder("a.b").build()${')'.repeat(depth)}, h)\n        .toolCall(Tool.builder("a_b").build(), h)\n        .build();\n  }\n}\n`,
  },
  rust: {
    tool: (name, style, index) => {
      switch (style % 3) {
        case 0:
          return `    #[tool(name = ${braced(name)}, description = "d")]\n    async fn t${index}(&self) -> Result<CallToolResult, McpError> { todo!() }\n\n`;
        case 1:
          return `    #[tool(description = "d")]\n    fn ${ident(name, index)}(&self) -> String { String::new() }\n\n`;
        default:
          return `    fn l${index}() -> Tool { Tool::new(${braced(name)}, "d", schema.clone()) }\n\n`;
      }
    },
    document: (tools) =>
      `use rmcp::{handler::server::router::tool::ToolRouter, model::*, tool, tool_router};\n\nconst ECHO: &str = "echo";\n\n#[tool_router]\nimpl Server {\n${tools.join('')}}\n`,
    deep: (depth) =>
      `use rmcp::model::Tool;\n\nfn list() -> Vec<Tool> {\n    vec![${'f('.repeat(depth)}Tool::new("a.b", "d", s)${')'.repeat(depth)}, Tool::new("a_b", "d", s)]\n}\n`,
  },
  csharp: {
    tool: (name, style, index) => {
      switch (style % 3) {
        case 0:
          return `    [McpServerTool(Name = ${json(name)}, Title = "t"), Description("d")]\n    public async Task<string> M${index}Async(string text) => text;\n\n`;
        case 1:
          return `    [McpServerTool, Description("d")]\n    public string ${camel(ident(name, index))}() => "";\n\n`;
        default:
          return `    public static readonly McpServerTool C${index} = McpServerTool.Create(() => "r", new McpServerToolCreateOptions { Name = ${json(name)} });\n\n`;
      }
    },
    document: (tools) =>
      `using ModelContextProtocol.Server;\nusing System.ComponentModel;\n\n[McpServerToolType]\npublic sealed class FuzzTools\n{\n${tools.join('')}}\n`,
    deep: (depth) =>
      `using ModelContextProtocol.Server;\n\nclass P\n{\n    void Configure()\n    {\n        var a = ${'F('.repeat(depth)}McpServerTool.Create(() => 1, new() { Name = "a.b" })${')'.repeat(depth)};\n        var b = McpServerTool.Create(() => 1, new() { Name = "a_b" });\n    }\n}\n`,
  },
  kotlin: {
    tool: (name, style) => {
      switch (style % 3) {
        case 0:
          return `    server.addTool(name = ${json(name)}, description = "d") { request -> result() }\n`;
        case 1:
          return `    server.addTool(${json(name)}, "d", inputSchema = ToolSchema()) { result() }\n`;
        default:
          return `    server.addTool(Tool(name = ${json(name)}, inputSchema = ToolSchema())) { result() }\n`;
      }
    },
    // A `$` starts a Kotlin template: names are the constant ones (none holds a `$`).
    document: (tools) =>
      `import io.modelcontextprotocol.kotlin.sdk.server.Server\nimport io.modelcontextprotocol.kotlin.sdk.types.Tool\n\nconst val ECHO = "echo"\n\nfun configure(server: Server) {\n${tools.join('')}}\n`,
    deep: (depth) =>
      `import io.modelcontextprotocol.kotlin.sdk.server.Server\n\nfun configure(server: Server) {\n    ${'f('.repeat(depth)}server.addTool(name = "a.b", description = "d") { result() }${')'.repeat(depth)}\n    server.addTool(name = "a_b", description = "d") { result() }\n}\n`,
  },
  swift: {
    tool: (name, style) =>
      style % 2 === 0
        ? `        Tool(name: ${braced(name)}, description: "d", inputSchema: .object([:])),\n`
        : `        MCP.Tool(name: ${braced(name)}, description: nil, inputSchema: .object([:])),\n`,
    document: (tools) =>
      `import MCP\n\nlet server = Server(name: "fuzz", version: "1.0.0", capabilities: .init(tools: .init()))\n\nawait server.withMethodHandler(ListTools.self) { _ in\n    let tools = [\n${tools.join('')}    ]\n    return .init(tools: tools)\n}\n`,
    deep: (depth) =>
      `import MCP\n\nlet tools = [\n    ${'f('.repeat(depth)}Tool(name: "a.b", description: "d", inputSchema: .object([:]))${')'.repeat(depth)},\n    Tool(name: "a_b", description: "d", inputSchema: .object([:])),\n]\n`,
  },
  ruby: {
    tool: (name, style, index) => {
      switch (style % 4) {
        case 0:
          return `class T${index} < MCP::Tool\n  tool_name ${json(name)}\n  description "d"\nend\n\n`;
        case 1:
          return `class ${camel(ident(name, index))} < MCP::Tool\n  description "d"\nend\n\n`;
        case 2:
          return `server.define_tool(name: ${json(name)}, description: "d") { |args| args }\n`;
        default:
          return `t${index} = MCP::Tool.define(name: ${json(name)}, description: "d") do |message:|\n  message\nend\n`;
      }
    },
    // `#{` interpolates in a double-quoted Ruby string: none of the names holds one.
    document: (tools) => `require "mcp"\n\nserver = MCP::Server.new(name: "fuzz", version: "1.0")\n\n${tools.join('')}`,
    deep: (depth) =>
      `require "mcp"\n\nserver = MCP::Server.new(name: "s")\n${'f('.repeat(depth)}server.define_tool(name: "a.b") { }${')'.repeat(depth)}\nserver.define_tool(name: "a_b") { }\n`,
  },
  php: {
    tool: (name, style, index) => {
      switch (style % 4) {
        case 0:
          return `    #[McpTool(name: ${single(name)}, description: 'd')]\n    public function t${index}(): int { return 0; }\n\n`;
        case 1:
          return `    #[McpTool]\n    public function ${ident(name, index)}(int $a): int { return $a; }\n\n`;
        case 2:
          return `    #[McpTool(${single(name)})]\n    public static function s${index}(): int { return 0; }\n\n`;
        default:
          return `    public function b${index}() { Server::builder()->addTool([self::class, 't'], ${single(name)})->build(); }\n\n`;
      }
    },
    document: (tools) =>
      `<?php\n\nuse Mcp\\Capability\\Attribute\\McpTool;\nuse Mcp\\Server;\n\nfinal class FuzzTools\n{\n${tools.join('')}}\n`,
    deep: (depth) =>
      `<?php\n\nuse Mcp\\Server;\n\n$s = Server::builder()\n    ->addTool(${'f('.repeat(depth)}[A::class, 'a']${')'.repeat(depth)}, 'a.b')\n    ->addTool([A::class, 'b'], 'a_b')\n    ->build();\n`,
  },
};

/** Up to eight declarations, each a name and a pick of its form. */
const STYLED = fc.array(fc.tuple(fc.constantFrom(...CODE_NAMES), fc.nat()), { maxLength: 8 });

export function sdkSeed(surface: SdkSurface): fc.Arbitrary<string> {
  const language = LANGUAGES[surface];
  return fc.oneof(
    {
      weight: 6,
      arbitrary: STYLED.map((tools) => language.document(tools.map(([n, s], i) => language.tool(n, s, i)))),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map(language.deep) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1000, max: 20_000 })
        .map((length) =>
          language.document([
            language.tool('n'.repeat(length), 0, 0),
            language.tool(`${'n'.repeat(length - 1)}.`, 0, 1),
          ]),
        ),
    },
  );
}

/** Each language's own tokens: its comments, string forms, attributes and a declaration to type. */
export const SDK_TOKENS: Readonly<Record<SdkSurface, readonly string[]>> = {
  java: [
    '(',
    ')',
    '{',
    '}',
    ';',
    '@',
    '"""',
    '/* c */',
    '// c\n',
    '.toolCall(Tool.builder("a.b").build(), h)\n',
    '@Tool(name = "a_b")\n  String m() { return ""; }\n',
    'import io.modelcontextprotocol.spec.McpSchema.Tool;\n',
    'f('.repeat(600),
  ],
  rust: [
    '(',
    ')',
    '{',
    '}',
    '#[',
    ']',
    'r#"',
    '"#',
    "'a",
    '/* c */',
    '// c\n',
    '    #[tool(name = "a.b")]\n    fn f(&self) {}\n',
    'Tool::new("a_b", "d", s)',
    'use rmcp::tool;\n',
    'f('.repeat(600),
  ],
  csharp: [
    '(',
    ')',
    '{',
    '}',
    '[',
    ']',
    '@"',
    '$"',
    '"""',
    '#if X\n',
    '// c\n',
    '    [McpServerTool(Name = "a.b")]\n    public string F() => "";\n',
    'new() { Name = "a_b" }',
    'using ModelContextProtocol.Server;\n',
    'F('.repeat(600),
  ],
  kotlin: [
    '(',
    ')',
    '{',
    '}',
    '$',
    '${',
    '"""',
    '// c\n',
    '/* c */',
    '    server.addTool(name = "a.b", description = "d") { result() }\n',
    'Tool(name = "a_b", inputSchema = ToolSchema())',
    'import io.modelcontextprotocol.kotlin.sdk.server.Server\n',
    'f('.repeat(600),
  ],
  swift: [
    '(',
    ')',
    '[',
    ']',
    '#"',
    '"#',
    '\\(',
    '"""\n',
    '// c\n',
    '        Tool(name: "a.b", description: "d", inputSchema: .object([:])),\n',
    'MCP.Tool(name: "a_b")',
    'import MCP\n',
    'f('.repeat(600),
  ],
  ruby: [
    '(',
    ')',
    'do',
    'end\n',
    '#{',
    ':',
    '# c\n',
    '=begin\n',
    '=end\n',
    '<<~EOS\n',
    'class A < MCP::Tool\n  tool_name "a.b"\nend\n',
    'server.define_tool(name: "a_b") { }\n',
    'require "mcp"\n',
    'f('.repeat(600),
  ],
  php: [
    '(',
    ')',
    '{',
    '}',
    '$',
    '#[',
    ']',
    '<?php\n',
    '?>',
    '<<<EOT\n',
    '// c\n',
    "    #[McpTool(name: 'a.b')]\n    public function f(): int { return 0; }\n",
    "->addTool([A::class, 'b'], 'a_b')",
    'use Mcp\\Capability\\Attribute\\McpTool;\n',
    'f('.repeat(600),
  ],
};
