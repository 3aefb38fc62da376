import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { AnalysisOptions } from '../../server/src/core';
import type { TreeSitterParsers } from '../../server/src/code/treeSitter';
import { exportedConstants } from '../../server/src/core/code/importedConstants';
import { planRename } from '../../server/src/core/rename';
import type { CodeLanguage } from '../../server/src/core/code/syntax';
import { languageOfPath } from '../../server/src/core/languages';
import { fixedAnalysis } from './helpers';
import { loadCodeParsers } from './codeParsers';

const REFUSED =
  'This name is written where toolwire cannot rewrite it (an f-string, a byte string, a constant of another file); rename it by hand.';

let parsers: TreeSitterParsers;
before(async () => {
  parsers = (await loadCodeParsers()).parsers;
});

/**
 * A two-file package: `open` analysed with the lookup an adapter gives, which finds the file a
 * module names in `modules` (`''`: a Go file's own package) and reads what it offers.
 */
interface Case {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  readonly open: string;
  readonly modules: Readonly<Record<string, string>>;
  /** The tools' names, in order. */
  readonly tools: readonly string[];
  /** The text of each name counted as computed. */
  readonly computed: readonly string[];
}

function analyzeCase(c: Case) {
  const offered = (path: string) => {
    const text = c.files[path];
    return text === undefined
      ? new Map<string, string>()
      : exportedConstants(text, languageOfPath(path) as CodeLanguage, parsers.parserFor(`offer ${path}`)).constants;
  };
  const options: AnalysisOptions = {
    language: languageOfPath(c.open) as CodeLanguage,
    code: parsers.parserFor(`open ${c.open}`, [], [], (module, name) => {
      const path = c.modules[module];
      const value = path === undefined ? undefined : offered(path).get(name);
      return value === undefined ? { why: `no constant ${name} in ${module}` } : { value };
    }),
  };
  const text = c.files[c.open]!;
  return { text, options, analysis: fixedAnalysis(text, options) };
}

const CASES: readonly Case[] = [
  {
    name: 'Go: a constant of another file of the package, typed, in a block, converted; `pkg.X` of another package',
    files: {
      'consts.go': [
        'package app',
        '',
        'type ToolName string',
        '',
        'const (',
        '\tToolSearch ToolName = "search"',
        '\tToolFetch           = "fetch_url"',
        ')',
        '',
        'func f() {',
        '\tconst local = "local"',
        '}',
        '',
      ].join('\n'),
      'names/names.go': 'package names\n\nconst Remote = "remote"\nconst private = "private"\n',
      'tools.go': [
        'package app',
        '',
        'import (',
        '\t"github.com/mark3labs/mcp-go/mcp"',
        '\t"example.com/app/names"',
        ')',
        '',
        'var tools = []mcp.Tool{',
        '\tmcp.NewTool(string(ToolSearch)),',
        '\tmcp.NewTool(ToolFetch),',
        '\tmcp.NewTool(names.Remote),',
        '\tmcp.NewTool(names.private),',
        '\tmcp.NewTool(local),',
        '\tmcp.NewTool(Unknown),',
        '}',
        '',
      ].join('\n'),
    },
    open: 'tools.go',
    modules: { '': 'consts.go', 'example.com/app/names': 'names/names.go' },
    tools: ['search', 'fetch_url', 'remote'],
    computed: ['names.private', 'local', 'Unknown'],
  },
  {
    name: "TypeScript: `export const`, an exported object's and enum's members, an alias, a namespace import; a package's name and a `let` stay computed",
    files: {
      'names.ts': [
        "export const SEARCH = 'search';",
        "export const TOOL_NAMES = { FETCH: 'fetch_url' } as const;",
        "export enum Tool { List = 'list_items' }",
        "const hidden = 'shown_name';",
        'export { hidden as shown };',
        "export let changing = 'changing';",
        "export const OTHER = 'other';",
        "const internal = 'internal';",
        '',
      ].join('\n'),
      'index.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { SEARCH as FIND, TOOL_NAMES, Tool, shown, changing, internal } from './names.js';",
        "import * as N from './names.js';",
        "import { EXTERNAL } from 'some-package';",
        "const server = new McpServer({ name: 'app', version: '1' });",
        'const cb = async () => ({ content: [] });',
        'server.registerTool(FIND, {}, cb);',
        'server.registerTool(TOOL_NAMES.FETCH, {}, cb);',
        'server.registerTool(Tool.List, {}, cb);',
        'server.registerTool(shown, {}, cb);',
        'server.registerTool(N.OTHER, {}, cb);',
        'server.registerTool(changing, {}, cb);',
        'server.registerTool(internal, {}, cb);',
        'server.registerTool(EXTERNAL, {}, cb);',
        '',
      ].join('\n'),
    },
    open: 'index.ts',
    modules: { './names.js': 'names.ts' },
    tools: ['search', 'fetch_url', 'list_items', 'shown_name', 'other'],
    computed: ['changing', 'internal', 'EXTERNAL'],
  },
  {
    name: "Python: `from .names import X`, a class attribute, `from pkg.names import X as Y`, `import pkg.names as n`; another package's name, a function's local stay computed",
    files: {
      'app/names.py': [
        'SEARCH = "search"',
        'class Names:',
        '    FETCH = "fetch_url"',
        'def f():',
        '    LOCAL = "local"',
        'TWICE = "a"',
        'TWICE = "b"',
        'OTHER = "other"',
        'LAST = "last"',
        '',
      ].join('\n'),
      'app/server.py': [
        'from mcp.server.fastmcp import FastMCP',
        'from .names import SEARCH, Names, LOCAL, TWICE',
        'from app.names import OTHER as O2',
        'import app.names as tool_names',
        'from os.path import sep',
        '',
        'mcp = FastMCP("app")',
        '',
        '@mcp.tool(name=SEARCH)',
        'def a(): ...',
        '',
        '@mcp.tool(name=Names.FETCH)',
        'def b(): ...',
        '',
        '@mcp.tool(name=O2)',
        'def c(): ...',
        '',
        '@mcp.tool(name=LOCAL)',
        'def d(): ...',
        '',
        '@mcp.tool(name=TWICE)',
        'def e(): ...',
        '',
        '@mcp.tool(name=sep)',
        'def g(): ...',
        '',
        '@mcp.tool(name=tool_names.LAST)',
        'def h(): ...',
        '',
      ].join('\n'),
    },
    open: 'app/server.py',
    modules: { '.names': 'app/names.py', 'app.names': 'app/names.py' },
    tools: ['search', 'fetch_url', 'other', 'last'],
    computed: ['LOCAL', 'TWICE', 'sep'],
  },
  {
    name: 'Python: an entry of a dict bound once at module level, here or imported (`TOOL_NAMES["search"]`); a dict bound twice, or an entry assigned later, stays computed',
    files: {
      'app/names.py': ['TOOL_NAMES = {"search": "search_docs", "fetch": "fetch_doc"}', ''].join('\n'),
      'app/server.py': [
        'from fastmcp import FastMCP',
        'from .names import TOOL_NAMES',
        '',
        'LOCAL = {"list": "list_docs", "gone": "x"}',
        'LOCAL["gone"] = "y"',
        'TWICE = {"a": "a1"}',
        'TWICE = {"a": "a2"}',
        'mcp = FastMCP("app")',
        '',
        '@mcp.tool(name=TOOL_NAMES["search"])',
        'def a(): ...',
        '',
        "@mcp.tool(name=LOCAL['list'])",
        'def b(): ...',
        '',
        '@mcp.tool(name=LOCAL["gone"])',
        'def c(): ...',
        '',
        '@mcp.tool(name=TWICE["a"])',
        'def d(): ...',
        '',
      ].join('\n'),
    },
    open: 'app/server.py',
    modules: { '.names': 'app/names.py' },
    tools: ['search_docs', 'list_docs'],
    computed: ['LOCAL["gone"]', 'TWICE["a"]'],
  },
  {
    name: "Kotlin: a nested object's `const val` of the same package, a top-level `val`, an imported object; an import from outside the project and a `var` stay computed",
    files: {
      'Config.kt': [
        'package com.example.mcp.server',
        '',
        'const val ECHO = "echo"',
        'var changing = "changing"',
        '',
        'object Config {',
        '    object Tools {',
        '        const val GREET = "greet"',
        '    }',
        '}',
        '',
      ].join('\n'),
      'names/ToolNames.kt': 'package com.example.names\n\nobject ToolNames {\n    const val SEARCH = "search"\n}\n',
      'Tools.kt': [
        'package com.example.mcp.server',
        '',
        'import io.modelcontextprotocol.kotlin.sdk.server.Server',
        'import com.example.names.ToolNames',
        'import org.other.Remote',
        '',
        'fun configure(server: Server) {',
        '    server.addTool(name = Config.Tools.GREET, description = "Greet") { result() }',
        '    server.addTool(name = ECHO, description = "Echo") { result() }',
        '    server.addTool(name = ToolNames.SEARCH, description = "Search") { result() }',
        '    server.addTool(name = Remote.NAME, description = "Remote") { result() }',
        '    server.addTool(name = changing, description = "Var") { result() }',
        '}',
        '',
      ].join('\n'),
    },
    open: 'Tools.kt',
    modules: { '': 'Config.kt', 'com.example.names': 'names/ToolNames.kt' },
    tools: ['greet', 'echo', 'search'],
    computed: ['Remote.NAME', 'changing'],
  },
  {
    name: 'Java: `static final` of a class of the package, an imported class, `import static`, an interface constant; an outside import and a non-final field stay computed',
    files: {
      'Names.java': [
        'package com.example;',
        '',
        'public final class Names {',
        '    public static final String SEARCH = "search";',
        '    public static String changing = "changing";',
        '    public static final class Inner { public static final String DEEP = "deep"; }',
        '}',
        '',
      ].join('\n'),
      'names/ToolNames.java':
        'package com.example.names;\n\npublic interface ToolNames {\n    String FETCH = "fetch_url";\n    static final String LIST = "list_items";\n}\n',
      'Server.java': [
        'package com.example;',
        '',
        'import io.modelcontextprotocol.server.McpServer;',
        'import io.modelcontextprotocol.spec.McpSchema.Tool;',
        'import com.example.names.ToolNames;',
        'import static com.example.names.ToolNames.LIST;',
        'import org.other.Remote;',
        '',
        'class Server {',
        '  void run() {',
        '    McpServer.sync(t)',
        '        .toolCall(Tool.builder(Names.SEARCH).build(), h)',
        '        .toolCall(Tool.builder(Names.Inner.DEEP).build(), h)',
        '        .toolCall(Tool.builder(ToolNames.FETCH).build(), h)',
        '        .toolCall(Tool.builder(LIST).build(), h)',
        '        .toolCall(Tool.builder(Remote.NAME).build(), h)',
        '        .toolCall(Tool.builder(Names.changing).build(), h)',
        '        .build();',
        '  }',
        '}',
        '',
      ].join('\n'),
    },
    open: 'Server.java',
    modules: { '': 'Names.java', 'com.example.names': 'names/ToolNames.java', 'org.other': 'none' },
    tools: ['search', 'deep', 'fetch_url', 'list_items'],
    computed: ['Remote.NAME', 'Names.changing'],
  },
  {
    name: 'C#: a `const string` and a `static readonly string` of another class; a non-readonly field and an unknown class stay computed',
    files: {
      'ToolNames.cs': [
        'namespace App;',
        '',
        'public static class ToolNames',
        '{',
        '    public const string Search = "search";',
        '    public static readonly string Fetch = "fetch_url";',
        '    public static string Changing = "changing";',
        '}',
        '',
      ].join('\n'),
      'Tools.cs': [
        'using ModelContextProtocol.Server;',
        '',
        'namespace App;',
        '',
        '[McpServerToolType]',
        'public class Tools',
        '{',
        '    [McpServerTool(Name = ToolNames.Search)]',
        '    public string A() => "";',
        '',
        '    [McpServerTool(Name = ToolNames.Fetch)]',
        '    public string B() => "";',
        '',
        '    [McpServerTool(Name = ToolNames.Changing)]',
        '    public string C() => "";',
        '',
        '    [McpServerTool(Name = Unknown.Name)]',
        '    public string D() => "";',
        '}',
        '',
      ].join('\n'),
    },
    open: 'Tools.cs',
    modules: { '': 'ToolNames.cs' },
    tools: ['search', 'fetch_url'],
    computed: ['ToolNames.Changing', 'Unknown.Name'],
  },
];

describe('constants imported from another file of the project', () => {
  for (const c of CASES)
    test(c.name, () => {
      const { text, analysis } = analyzeCase(c);
      assert.deepEqual(
        analysis.tools.map((t) => t.name),
        c.tools,
      );
      assert.deepEqual(
        (analysis.code?.computedNames ?? []).map((r) => text.slice(r.start, r.end)),
        c.computed,
      );
    });

  test('the name sits on the reference, and no fix rewrites it (the literal is in the other file)', () => {
    const c: Case = {
      name: 'collision',
      files: {
        'names.ts': "export const DOTTED = 'fetch.url';\n",
        'index.ts': [
          "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
          "import { DOTTED } from './names';",
          "const server = new McpServer({ name: 'app', version: '1' });",
          'server.registerTool(DOTTED, {}, async () => ({ content: [] }));',
          "server.registerTool('fetch_url', {}, async () => ({ content: [] }));",
          '',
        ].join('\n'),
      },
      open: 'index.ts',
      modules: { './names': 'names.ts' },
      tools: [],
      computed: [],
    };
    const { text, analysis, options } = analyzeCase(c);
    const tool = analysis.tools.find((t) => t.name === 'fetch.url')!;
    const at = tool.declaration.name.range;
    assert.equal(text.slice(at.start, at.end), 'DOTTED');
    const onReference = analysis.findings.filter((f) => f.range.start === at.start);
    assert.ok(
      onReference.some((f) => f.code === 'wire-collision'),
      JSON.stringify(analysis.findings.map((f) => f.code)),
    );
    // F2 on the reference: the literal is the other file's, so the rename is refused, not half done.
    const renamed = planRename(text, options, at.start + 1, 'fetch_url_2');
    assert.equal(renamed.kind === 'refused' ? renamed.reason : renamed.kind, REFUSED);
    for (const finding of onReference) {
      assert.equal(finding.fix, undefined, `${finding.code} offers a fix`);
      assert.equal(finding.nameFix, undefined, `${finding.code} asks for a name fix`);
    }
  });

  test("a name counted as computed says why when it was looked for: the other file's answer, or the function's own binding", () => {
    const { text, analysis } = analyzeCase(CASES[0]!);
    assert.deepEqual(
      (analysis.code?.computedNames ?? []).map((r) => [text.slice(r.start, r.end), r.why]),
      [
        ['names.private', 'private is not exported by "example.com/app/names"'],
        ['local', 'no constant local in '],
        ['Unknown', 'no constant Unknown in '],
      ],
    );
    const local = analyzeCase({
      ...CASES[0]!,
      files: {
        ...CASES[0]!.files,
        'tools.go': [
          'package app',
          '',
          'import "github.com/mark3labs/mcp-go/mcp"',
          '',
          'func tools(prefix string) []mcp.Tool {',
          '	ToolSearch := prefix + "_search"',
          '	return []mcp.Tool{mcp.NewTool(ToolSearch), mcp.NewTool(prefix)}',
          '}',
          '',
        ].join('\n'),
      },
    });
    assert.deepEqual(local.analysis.tools, []);
    assert.deepEqual(
      (local.analysis.code?.computedNames ?? []).map((r) => [local.text.slice(r.start, r.end), r.why]),
      [
        ['ToolSearch', 'a local of the function around it'],
        ['prefix', 'a parameter of the function around it'],
      ],
    );
  });

  test('without a lookup (a browser: no disk) only same-file constants resolve', () => {
    const text = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { SEARCH } from './names';",
      "const server = new McpServer({ name: 'app', version: '1' });",
      'server.registerTool(SEARCH, {}, async () => ({ content: [] }));',
      '',
    ].join('\n');
    const analysis = fixedAnalysis(text, { language: 'typescript', code: parsers.parserFor('browser') });
    assert.deepEqual(analysis.tools, []);
    assert.deepEqual(
      (analysis.code?.computedNames ?? []).map((r) => text.slice(r.start, r.end)),
      ['SEARCH'],
    );
  });

  test("a wrapper's parameter is the parameter, not another file's constant of the same name", () => {
    const c: Case = {
      name: 'parameter',
      files: {
        'consts.go': 'package app\n\nconst name = "not_this"\n',
        'tools.go': [
          'package app',
          '',
          'import "github.com/mark3labs/mcp-go/mcp"',
          '',
          'func MustTool(name string) mcp.Tool { return mcp.NewTool(name) }',
          '',
        ].join('\n'),
      },
      open: 'tools.go',
      modules: { '': 'consts.go' },
      tools: [],
      computed: ['name'],
    };
    const { text, analysis } = analyzeCase(c);
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      [],
    );
    assert.deepEqual(
      (analysis.code?.computedNames ?? []).map((r) => text.slice(r.start, r.end)),
      ['name'],
    );
  });

  test("Kotlin: a function's parameter or local is that binding, not a `val` of the package of the same name", () => {
    const c: Case = {
      name: 'kotlin parameter',
      files: {
        'Names.kt': 'package app\n\nconst val name = "not_this"\nconst val label = "nor_this"\n',
        'Tools.kt': [
          'package app',
          '',
          'import io.modelcontextprotocol.kotlin.sdk.server.Server',
          '',
          'fun add(server: Server, name: String) {',
          '    val label = name + "_x"',
          '    server.addTool(name = name, description = "d") { result() }',
          '    server.addTool(name = label, description = "d") { result() }',
          '}',
          '',
        ].join('\n'),
      },
      open: 'Tools.kt',
      modules: { '': 'Names.kt' },
      tools: [],
      computed: [],
    };
    const { text, analysis } = analyzeCase(c);
    assert.deepEqual(analysis.tools, []);
    assert.deepEqual(
      (analysis.code?.computedNames ?? []).map((r) => [text.slice(r.start, r.end), r.why]),
      [
        ['name', 'a parameter of the function around it'],
        ['label', 'a local of the function around it'],
      ],
    );
  });
});
