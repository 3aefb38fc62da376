// Every kind of document the server lints, as a fuzz surface: how it is opened (language id and
// URI extension), what it starts from, and the tokens its edits type. JSON is the original surface;
// YAML seeds are the JSON seeds converted by the `yaml` package, and source seeds are MCP servers
// written in each SDK's styles (Java to PHP in sdkSeeds.ts), so edits start from documents the recognisers really read.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { LANGUAGES } from '../../server/src/core/languages';
import { SDK_SURFACES, SDK_TOKENS, sdkSeed, type SdkSurface } from './sdkSeeds';
import { CODE_NAMES, generatedSeed, NAMES } from './seeds';

export const SURFACES = ['json', 'yaml', 'typescript', 'javascript', 'python', 'go', ...SDK_SURFACES] as const;
export type Surface = (typeof SURFACES)[number];

export function isSurface(value: string): value is Surface {
  return (SURFACES as readonly string[]).includes(value);
}

/**
 * The language id an editor opens the surface with, and the extension of its file URI: the first
 * of each in the surface's `LANGUAGES` row (a surface is named by its row's syntax).
 */
export const OPENED: Readonly<Record<Surface, { readonly languageId: string; readonly extension: string }>> =
  Object.fromEntries(
    SURFACES.map((surface) => {
      const row = LANGUAGES.find((l) => l.syntax === surface);
      if (!row) throw new Error(`fuzz surface ${surface} has no LANGUAGES row`);
      return [surface, { languageId: row.languageIds[0]!, extension: row.extensions[0]! }];
    }),
  ) as Record<Surface, { readonly languageId: string; readonly extension: string }>;

/** A JSON seed as YAML: block or flow style; JSON Lines as a `---` stream; unparseable text kept as it is. */
function toYaml(json: string, flow: boolean): string {
  const options = flow ? { collectionStyle: 'flow' as const, lineWidth: 0 } : { lineWidth: 0 };
  try {
    return stringify(JSON.parse(json), options);
  } catch {
    const lines = json.split('\n').filter((line) => line.trim() !== '');
    try {
      return lines.map((line) => stringify(JSON.parse(line), options)).join('---\n');
    } catch {
      // Malformed JSON is (mostly) malformed flow YAML: still a document to edit.
      return json;
    }
  }
}

const yamlSeed: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(generatedSeed, fc.boolean()).map(([json, flow]) => toYaml(json, flow)) },
  // Flow nesting around the limit the YAML reader keeps (500): below it parses, above it is a problem.
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 1500 })
      .map((depth) => `tools: ${'['.repeat(depth)}{name: a.b}, {name: a_b}${']'.repeat(depth)}\n`),
  },
  {
    weight: 1,
    arbitrary: NAMES.map(
      (names) =>
        `tools:\n  - &t {name: ${JSON.stringify(names[0] ?? 'a.b')}, inputSchema: {}}\n  - *t\n${names.map((n) => `  - name: ${JSON.stringify(n)}\n    inputSchema: {type: object}\n`).join('')}`,
    ),
  },
);

/** Quoted for TypeScript, JavaScript, Go and Python alike (a JSON string is a valid literal in each, near enough). */
const q = (name: string) => JSON.stringify(name);

const TS_IMPORT = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "fuzz", version: "1.0.0" });\n`;
const JS_REQUIRE = `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");\n\nconst server = new McpServer({ name: "fuzz", version: "1.0.0" });\n`;

/** One tool registration in a TypeScript or JavaScript MCP server, in one of the SDK's styles. */
function jsTool(name: string, style: number): string {
  switch (style % 4) {
    case 0:
      return `server.registerTool(${q(name)}, { description: "d" }, async () => ({ content: [] }));\n`;
    case 1:
      return `server.tool(${q(name)}, { q: z.string() }, async () => ({ content: [] }));\n`;
    case 2:
      return `server.registerTool(\`${name.replace(/[`\\$]/g, '_')}\`, {}, h);\n`;
    default:
      return `const NAME_${style} = ${q(name)};\nserver.registerTool(NAME_${style}, {}, h);\n`;
  }
}

function pyTool(name: string, style: number, index: number): string {
  switch (style % 3) {
    case 0:
      return `@mcp.tool()\ndef ${/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `tool_${index}`}(q: str) -> str:\n    return q\n\n`;
    case 1:
      return `@mcp.tool(name=${q(name)})\ndef tool_${index}(q: str) -> str:\n    return q\n\n`;
    default:
      return `@mcp.tool(name=${q(name)}, description="d")\nasync def tool_${index}() -> list[str]:\n    return []\n\n`;
  }
}

function goTool(name: string, style: number): string {
  return style % 2 === 0
    ? `\ts.AddTool(mcp.NewTool(${q(name)}, mcp.WithDescription("d")), handler)\n`
    : `\ttool := mcp.NewTool(${q(name)})\n\ts.AddTool(tool, handler)\n`;
}

const STYLED = fc.array(fc.tuple(fc.constantFrom(...CODE_NAMES), fc.nat()), { maxLength: 8 });

function tsSeed(preamble: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: STYLED.map((tools) => preamble + tools.map(([n, s]) => jsTool(n, s)).join('')) },
    // Deep call nesting around a registration: the TypeScript reader walks it without recursion limits.
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 3000 })
        .map(
          (depth) =>
            `${preamble}${'f('.repeat(depth)}server.registerTool("a.b", {}, h)${')'.repeat(depth)};\nserver.registerTool("a_b", {}, h);\n`,
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1000, max: 20_000 })
        .map(
          (length) =>
            `${preamble}server.registerTool("${'n'.repeat(length)}", {}, h);\nserver.registerTool("${'n'.repeat(length - 1)}.", {}, h);\n`,
        ),
    },
  );
}

const pySeed: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(STYLED, fc.constantFrom('from fastmcp import FastMCP', 'from mcp.server.fastmcp import FastMCP'))
      .map(
        ([tools, from]) => `${from}\n\nmcp = FastMCP("fuzz")\n\n${tools.map(([n, s], i) => pyTool(n, s, i)).join('')}`,
      ),
  },
  {
    weight: 1,
    arbitrary: STYLED.map(
      (tools) =>
        `from mcp.server import Server\nimport mcp.types as types\n\nserver = Server("low")\n\n@server.list_tools()\nasync def list_tools():\n    return [${tools.map(([n]) => `types.Tool(name=${q(n)}, inputSchema={})`).join(', ')}]\n`,
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 2000 })
      .map(
        (depth) =>
          `from fastmcp import FastMCP\nmcp = FastMCP("s")\nx = ${'f('.repeat(depth)}1${')'.repeat(depth)}\n@mcp.tool(name="a.b")\ndef a(): ...\n@mcp.tool(name="a_b")\ndef b(): ...\n`,
      ),
  },
);

const GO_PREAMBLE = `package main\n\nimport (\n\t"github.com/mark3labs/mcp-go/mcp"\n\t"github.com/mark3labs/mcp-go/server"\n)\n\nfunc main() {\n\ts := server.NewMCPServer("fuzz", "1.0.0")\n`;

const goSeed: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: STYLED.map((tools) => `${GO_PREAMBLE}${tools.map(([n, s]) => goTool(n, s)).join('')}}\n`) },
  {
    weight: 1,
    arbitrary: STYLED.map(
      (tools) =>
        `package main\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\nfunc main() {\n\ts := mcp.NewServer(&mcp.Implementation{Name: "files"}, nil)\n${tools.map(([n]) => `\tmcp.AddTool(s, &mcp.Tool{Name: ${q(n)}}, h)\n`).join('')}}\n`,
    ),
  },
);

/** A generated starting document for a surface other than JSON (JSON's are seeds.ts's own). */
export function seedOf(surface: Exclude<Surface, 'json'>): fc.Arbitrary<string> {
  switch (surface) {
    case 'yaml':
      return yamlSeed;
    case 'typescript':
      return tsSeed(TS_IMPORT);
    case 'javascript':
      return fc.oneof(tsSeed(JS_REQUIRE), tsSeed(TS_IMPORT.replace('import { z } from "zod";\n', '')));
    case 'python':
      return pySeed;
    case 'go':
      return goSeed;
    default:
      return sdkSeed(surface satisfies SdkSurface);
  }
}

/** Tokens an edit types into a document of the surface, beside the shared ones (steps.ts). */
export const SURFACE_TOKENS: Readonly<Record<Surface, readonly string[]>> = {
  json: [],
  yaml: [
    '- ',
    ': ',
    '  ',
    '\t',
    '- name: a.b\n',
    '  - name: a_b\n    inputSchema: {}\n',
    'name: ',
    '---\n',
    '...\n',
    '&a ',
    '*a',
    '<<: *a\n',
    '!!str ',
    '? ',
    '|\n  ',
    '>-\n  ',
    "'a.b'",
    '# c\n',
    'tools:\n',
    '{name: a.b}',
    '[{name: a_b}]',
    '['.repeat(600),
    '{a: '.repeat(300),
  ],
  typescript: [
    '(',
    ')',
    ';',
    '`',
    '${',
    "'",
    '// c\n',
    'server.registerTool("a.b", {}, h);\n',
    'server.tool("a_b", {}, h);\n',
    'const N = "a.b";\n',
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n',
    'f('.repeat(600),
    ')'.repeat(600),
  ],
  javascript: [
    '(',
    ')',
    ';',
    '`',
    '${',
    "'",
    'server.registerTool("a.b", {}, h);\n',
    'require("@modelcontextprotocol/sdk/server/mcp.js")',
    'f('.repeat(600),
  ],
  python: [
    '(',
    ')',
    ':',
    '    ',
    '#',
    '"""',
    "'",
    'f"',
    '@mcp.tool()\ndef a_b(): ...\n',
    '@mcp.tool(name="a.b")\n',
    'def f():\n    pass\n',
    'from fastmcp import FastMCP\n',
    'f('.repeat(600),
  ],
  go: [
    '(',
    ')',
    '{',
    '}',
    '`',
    '\t',
    '// c\n',
    's.AddTool(mcp.NewTool("a.b"), h)\n',
    'mcp.NewTool("a_b")',
    '"github.com/mark3labs/mcp-go/mcp"',
    'f('.repeat(600),
  ],
  ...SDK_TOKENS,
};
