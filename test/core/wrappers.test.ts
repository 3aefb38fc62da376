import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Analysis, AnalysisOptions } from '../../server/src/core';
import type { TreeSitterParsers } from '../../server/src/code/treeSitter';
import type { CodeLanguage } from '../../server/src/core/code/syntax';
import {
  definesWrappers,
  wrappersFor,
  wrapperTable,
  type ProjectSource,
} from '../../server/src/core/code/wrapperTable';
import { languageOfPath } from '../../server/src/core/languages';
import { applyProvenFix, fixedAnalysis } from './helpers';
import { loadCodeParsers } from './codeParsers';

let parsers: TreeSitterParsers;
before(async () => {
  parsers = (await loadCodeParsers()).parsers;
});

/** A project of files: the table built over all of them, then `open` analysed with it, as an adapter does. */
function analyzeProject(
  files: Readonly<Record<string, string>>,
  open: string,
  projectLibraries: readonly string[] = [],
): { text: string; analysis: Analysis; options: AnalysisOptions } {
  const sources: ProjectSource[] = Object.entries(files).map(([path, text]) => ({
    path,
    text,
    language: languageOfPath(path) as CodeLanguage,
    projectLibraries,
  }));
  const table = wrapperTable(sources, (path) => parsers.parserFor(`table ${path}`));
  const language = languageOfPath(open) as CodeLanguage;
  const options: AnalysisOptions = {
    language,
    code: parsers.parserFor(`open ${open}`, projectLibraries, wrappersFor(table, open, language)),
  };
  const text = files[open]!;
  return { text, analysis: fixedAnalysis(text, options), options };
}

/** Tool names per request, in order: `[["a", "b"], ["c"]]`. */
function requests(analysis: Analysis): string[][] {
  return analysis.requests.map((r) => r.tools.map((i) => analysis.tools[i]!.name ?? '?'));
}

const computedTexts = (text: string, analysis: Analysis) =>
  (analysis.code?.computedNames ?? []).map((r) => text.slice(r.start, r.end));

const GO_WRAPPER = `package mcpg

import "github.com/mark3labs/mcp-go/mcp"

func ConvertTool(name, description string) (mcp.Tool, error) {
	t := mcp.Tool{Name: name, Description: description}
	return t, nil
}

func MustTool(name, description string) mcp.Tool {
	t, _ := ConvertTool(name, description)
	return t
}
`;

interface Case {
  readonly title: string;
  readonly files: Readonly<Record<string, string>>;
  readonly open: string;
  readonly requests: readonly (readonly string[])[];
  readonly computed: readonly string[];
  /** What the files' manifest names (`ProjectSource.projectLibraries`). */
  readonly projectLibraries?: readonly string[];
}

/** Small sources in each style (not copied code): the wrapper, its call sites, what travels together. */
const CASES: readonly Case[] = [
  {
    title: 'Go: two levels in one file; values on no server known here travel alone, one given server is one census',
    files: {
      '/p/tools.go': `${GO_WRAPPER}
var ReadOnly = MustTool("manage_things", "read")
var ReadWrite = MustTool("manage_things", "write")

func Extra() []mcp.Tool {
	return []mcp.Tool{MustTool("list_a", "a"), MustTool("list_b", "b"), MustTool(prefix()+"_c", "c")}
}

func Add(s *server.MCPServer, name string) { s.AddTool(MustTool(name, "d"), nil) }

func Register(s *server.MCPServer) {
	Add(s, "on_server_a")
	Add(s, "on_server_b")
}

func Handed(s *server.MCPServer) {
	s.AddTool(MustTool("handed_a", "a"), nil)
	s.AddTool(MustTool("handed_b", "b"), nil)
}
`,
    },
    open: '/p/tools.go',
    requests: [
      ['manage_things'],
      ['manage_things'],
      ['list_a'],
      ['list_b'],
      ['on_server_a', 'on_server_b'],
      ['handed_a', 'handed_b'],
    ],
    computed: ['prefix()+"_c"'],
  },
  {
    title: 'Go: a wrapper of another package is called qualified; a bare call there is another function',
    files: {
      '/p/tools.go': GO_WRAPPER,
      '/p/tools/pods.go': `package tools

import mcpg "example.com/p"

var Pods = mcpg.MustTool("list_pods", "pods")
var Nodes = mcpg.MustTool(nodesName, "nodes")
`,
      '/p/other/b.go': `package other

import "github.com/mark3labs/mcp-go/mcp"

func MustTool(name, description string) string { return name }

var Unrelated = MustTool("not_a_tool", "x")
var _ = mcp.Tool{}
`,
    },
    open: '/p/tools/pods.go',
    requests: [['list_pods']],
    computed: ['nodesName'],
  },
  {
    title: "Go: a project type whose field a converter hands to the SDK (a parameter's field path)",
    files: {
      '/p/api/types.go': `package api

type Tool struct {
	Name        string
	Description string
}

type ServerTool struct {
	Tool    Tool
	Handler func() error
}
`,
      '/p/mcp/convert.go': `package mcp

import (
	"example.com/p/api"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ToSdk(tool api.ServerTool) *mcp.Tool {
	return &mcp.Tool{Name: tool.Tool.Name, Description: tool.Tool.Description}
}
`,
      '/p/toolsets/pods.go': `package toolsets

import "example.com/p/api"

func InitPods() []api.ServerTool {
	name := prefix() + "_top"
	return []api.ServerTool{
		{Tool: api.Tool{Name: "pods_list"}},
		{Tool: api.Tool{Name: "pods_get"}},
		{Tool: api.Tool{Name: name}},
	}
}
`,
    },
    open: '/p/toolsets/pods.go',
    requests: [['pods_list'], ['pods_get']],
    computed: ['name'],
  },
  {
    title: 'Go: three helpers deep across files (a fixed point)',
    files: {
      '/p/tools.go': GO_WRAPPER,
      '/p/more.go': `package mcpg

func Described(name string) Tool { return Tool{Tool: MustTool(name, "d")} }
`,
      '/p/tools/a.go': `package tools

import "example.com/p/mcpg"

var A = mcpg.Described("deep_a")
`,
    },
    open: '/p/tools/a.go',
    requests: [['deep_a']],
    computed: [],
  },
  {
    title: "Python: a helper given the server and the name; its tools are that server object's",
    files: {
      '/p/helpers.py': `from mcp.server.fastmcp import FastMCP

def register(server, name, fn):
    server.tool(name=name)(fn)
`,
      '/p/app.py': `from mcp.server.fastmcp import FastMCP
from helpers import register

one = FastMCP("one")
two = FastMCP("two")

def search(): ...

register(one, "search", search)
register(two, "search", search)
register(one, name="fetch", fn=search)
register(one, f"x_{1}", search)

@one.tool(name="ping")
def ping(): ...
`,
    },
    open: '/p/app.py',
    requests: [['search', 'fetch', 'ping'], ['search']],
    computed: ['f"x_{1}"'],
  },
  {
    title: 'Python: a method is not followed, and a call site that does not import the helper is none',
    files: {
      '/p/helpers.py': `from mcp.server.fastmcp import FastMCP

def register(server, name, fn):
    server.add_tool(fn, name=name)
`,
      '/p/other.py': `from mcp.server.fastmcp import FastMCP

class Registry:
    def add(self, server, name):
        server.add_tool(fn, name=name)

def register(a, b): ...

register("not", "a tool")
Registry().add(server_from_elsewhere, "unfollowed")
`,
    },
    open: '/p/other.py',
    requests: [],
    computed: ['name'],
  },
  {
    title: 'TypeScript: an options object (destructured or read by key) and the server argument',
    files: {
      '/p/src/define.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function define(server: McpServer, { name, description }: { name: string; description: string }) {
  server.registerTool(name, { description }, async () => ({ content: [] }));
}

export const defineKeyed = (server: McpServer, opts: { name: string }) => {
  server.tool(opts.name, async () => ({ content: [] }));
};
`,
      '/p/src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { define, defineKeyed } from './define.js';

const server = new McpServer({ name: 'one', version: '1' });
define(server, { name: 'search', description: 'd' });
defineKeyed(server, { name: 'fetch' });
define(server, { name: \`tool_\${n}\`, description: 'd' });
server.registerTool('ping', {}, async () => ({ content: [] }));
`,
    },
    open: '/p/src/index.ts',
    requests: [['search', 'fetch', 'ping']],
    computed: ['`tool_${n}`'],
  },
  {
    title: "JavaScript: keyed tools built by a project's helper that returns the `tool` helper's call",
    files: {
      '/p/src/util.js': `import { tool } from '@acme/mcp-utils';

export function injectable({ inject, ...rest }) {
  if (!inject) return tool(rest);
  return tool({ ...rest, inject });
}
`,
      '/p/src/storage.js': `import { injectable } from './util.js';

export function getStorageTools() {
  return {
    list_buckets: injectable({ description: 'l' }),
    get_config: injectable({ description: 'g' }),
  };
}
`,
    },
    open: '/p/src/storage.js',
    requests: [['list_buckets', 'get_config']],
    computed: [],
    // The package depends on the MCP SDK; the helper file imports only another package's `tool`.
    projectLibraries: ['mcp-typescript-sdk'],
  },
  {
    title:
      'TypeScript: tool objects a callback registers by `method` are named by it, their `name` a label (another file)',
    files: {
      '/p/src/toolkit.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport tools from './tools';\nexport function serve(server: McpServer) {\n  tools().forEach((tool) => {\n    server.tool(tool.method, tool.description, tool.inputSchema.shape, handler);\n  });\n}\n",
      '/p/src/invoices.ts':
        "import { z } from 'zod';\nconst tool = (): ToolDefinition => ({\n  method: 'create_invoice',\n  name: 'Create Invoice',\n  description: 'd',\n  inputSchema: z.object({ customer: z.string() }),\n});\nexport const other = { method: 'list_invoices', name: 'List Invoices', inputSchema: z.object({}) };\nexport default tool;\n",
    },
    open: '/p/src/invoices.ts',
    requests: [['create_invoice'], ['list_invoices']],
    computed: [],
    projectLibraries: ['mcp-typescript-sdk'],
  },
];

describe('wrapper following', () => {
  for (const c of CASES)
    test(c.title, () => {
      const { text, analysis } = analyzeProject(c.files, c.open, c.projectLibraries);
      assert.deepEqual(requests(analysis), c.requests);
      assert.deepEqual(computedTexts(text, analysis), c.computed);
      // Every tool sits on its literal (or its key) at the call site.
      for (const tool of analysis.tools) {
        const range = tool.declaration.name.range;
        assert.match(text.slice(range.start, range.end), new RegExp(`^["'\`]?${tool.name}["'\`]?$`));
      }
    });

  test('registered by `method`: the callback is followed, labels are never judged; with no such callback `name` is the name', () => {
    const toolkit =
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function serve(server: McpServer, tools: Def[]) {\n  tools.forEach((tool) => server.tool(tool.method, tool.description, tool.inputSchema.shape, h));\n}\n";
    const objects =
      "export const a = { method: 'create_invoice', name: 'Create Invoice', inputSchema: { type: 'object' } };\n";
    const byMethod = analyzeProject({ '/p/toolkit.ts': toolkit, '/p/a.ts': objects }, '/p/toolkit.ts', [
      'mcp-typescript-sdk',
    ]);
    // The callback's `tool.method` is what its objects give: followed, not counted.
    assert.deepEqual(computedTexts(byMethod.text, byMethod.analysis), []);
    const registered = analyzeProject({ '/p/toolkit.ts': toolkit, '/p/a.ts': objects }, '/p/a.ts', [
      'mcp-typescript-sdk',
    ]);
    assert.deepEqual(requests(registered.analysis), [['create_invoice']]);
    assert.deepEqual(
      registered.analysis.findings.map((f) => f.code),
      [],
    );
    const byName = analyzeProject({ '/p/a.ts': objects }, '/p/a.ts', ['mcp-typescript-sdk']);
    assert.deepEqual(requests(byName.analysis), [['Create Invoice']]);
    assert.ok(byName.analysis.findings.some((f) => f.code === 'invalid-name'));
  });

  test("objects with every key a registering function reads of its parameter are the project's tool objects", () => {
    const index =
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function start(server: McpServer, tools: ToolDefinition[]) {\n  function registerTool(tool: ToolDefinition) {\n    server.registerTool(tool.name, { description: tool.description, annotations: tool.annotations }, h);\n  }\n  for (const tool of tools) registerTool(tool);\n}\n";
    const pages =
      "import { defineTool } from './ToolDefinition.js';\nexport const listPages = defineTool({\n  name: 'list_pages',\n  description: 'd',\n  annotations: { readOnlyHint: true },\n  schema: {},\n  handler: async () => {},\n});\nexport const closePage = defineTool({ name: 'close page', description: 'd', annotations: {}, schema: {}, handler });\n// A prompt: no annotations, so not this project's tool shape.\nexport const prompt = { name: 'summarise', description: 'd', arguments: [] };\n";
    const files = { '/p/src/index.ts': index, '/p/src/tools/pages.ts': pages };
    const found = analyzeProject(files, '/p/src/tools/pages.ts', ['mcp-typescript-sdk']);
    assert.deepEqual(requests(found.analysis), [['list_pages'], ['close page']]);
    assert.deepEqual(
      found.analysis.findings.map((f) => f.code),
      ['invalid-name'],
    );
    // Reading one other key of its parameter is no shape: `{ name, description }` is everywhere.
    const thin = index.replace(', annotations: tool.annotations', '');
    const none = analyzeProject({ ...files, '/p/src/index.ts': thin }, '/p/src/tools/pages.ts', ['mcp-typescript-sdk']);
    assert.deepEqual(requests(none.analysis), []);
  });

  test("a helper's own parameter is followed where it is called; one called nowhere stays counted", () => {
    const alone = analyzeProject({ '/p/tools.go': GO_WRAPPER }, '/p/tools.go');
    // ConvertTool is called by MustTool, which nothing calls: MustTool's `name` is still a computed name.
    assert.deepEqual(computedTexts(alone.text, alone.analysis), ['name']);
    const caller = 'package tools\n\nimport "example.com/p"\n\nvar A = mcpg.MustTool("a", "d")\n';
    const called = analyzeProject({ '/p/tools.go': GO_WRAPPER, '/p/tools/a.go': caller }, '/p/tools.go');
    assert.deepEqual(called.analysis.tools, []);
    assert.deepEqual(computedTexts(called.text, called.analysis), []);
  });

  test('a Python helper called only through its module is not followed, so its own name stays counted', () => {
    const files = {
      '/p/helpers.py':
        'from mcp.server.fastmcp import FastMCP\n\ndef register(server, name, fn):\n    server.add_tool(fn, name=name)\n',
      '/p/app.py':
        'import helpers\nfrom mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("s")\nhelpers.register(mcp, "x", f)\n',
    };
    const helper = analyzeProject(files, '/p/helpers.py');
    assert.deepEqual(computedTexts(helper.text, helper.analysis), ['name']);
    assert.deepEqual(analyzeProject(files, '/p/app.py').analysis.tools, []);
  });

  test('a collision of two call sites is on their literals, and the fix renames the call site', () => {
    const files = {
      '/p/tools.go': `${GO_WRAPPER}
func Add(s *server.MCPServer, name string) { s.AddTool(MustTool(name, "d"), nil) }

func Register(s *server.MCPServer) {
	Add(s, "get thing")
	Add(s, "get_thing")
}
`,
    };
    const { text, analysis, options } = analyzeProject(files, '/p/tools.go');
    const invalid = analysis.findings.find((f) => f.code === 'invalid-name' || f.code === 'wire-collision');
    assert.ok(invalid, analysis.findings.map((f) => f.code).join(','));
    assert.equal(text.slice(invalid.range.start, invalid.range.end), '"get thing"');
    const fixed = applyProvenFix(text, options, invalid);
    assert.ok(!fixed.includes('"get thing"'));
    assert.ok(fixed.includes('func ConvertTool(name, description string)'), 'the wrapper itself is untouched');
  });

  test('a suppression comment above the call site applies to its tool', () => {
    const files = {
      '/p/tools.go': `${GO_WRAPPER}
func Register(s *server.MCPServer) {
	// toolwire-disable-next-line invalid-name -- kept for an old client
	s.AddTool(MustTool("get thing", "a"), nil)
}
`,
    };
    const { analysis } = analyzeProject(files, '/p/tools.go');
    assert.deepEqual(
      analysis.findings.map((f) => f.code),
      [],
    );
    const unsuppressed = analyzeProject(
      { '/p/tools.go': files['/p/tools.go'].replace('// toolwire', '// not toolwire') },
      '/p/tools.go',
    );
    assert.ok(unsuppressed.analysis.findings.some((f) => f.code === 'invalid-name'));
  });

  test('a changed file is read alone against the table: whether it defines a wrapper now', () => {
    const plain = `package tools\n\nimport "example.com/p"\n\nvar A = mcpg.MustTool("a", "d")\n`;
    const table = wrapperTable(
      [
        { path: '/p/tools.go', text: GO_WRAPPER, language: 'go' },
        { path: '/p/tools/a.go', text: plain, language: 'go' },
      ],
      (path) => parsers.parserFor(`table ${path}`),
    );
    const parser = parsers.parserFor('changed');
    assert.equal(definesWrappers({ path: '/p/tools/a.go', text: plain, language: 'go' }, table, parser), false);
    const wrapping = `${plain}\nfunc Again(n string) mcp.Tool { return mcpg.MustTool(n, "d") }\n`;
    assert.equal(definesWrappers({ path: '/p/tools/a.go', text: wrapping, language: 'go' }, table, parser), true);
  });

  test('a file that names no wrapper and no library is not parsed', () => {
    const files = {
      '/p/tools.go': GO_WRAPPER,
      '/p/util/strings.go': 'package util\n\nfunc Upper(s string) string { return s }\n',
    };
    const { analysis } = analyzeProject(files, '/p/util/strings.go');
    assert.equal(analysis.code?.parsed ?? false, false);
  });
});
