import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli, scratch, jsonReport } from './run';

/** A project per language whose tool names sit in a constants module of their own. */
const PROJECT: Record<string, string> = {
  'go/go.mod': 'module example.com/app\n\nrequire github.com/mark3labs/mcp-go v0.30.0\n',
  'go/names.go': 'package app\n\nconst (\n\tToolSearch = "search.docs"\n\tToolOther  = "other"\n)\n',
  'go/names/names.go': 'package names\n\nconst Remote = "search_docs"\n',
  'go/tools.go': [
    'package app',
    '',
    'import (',
    '\t"github.com/mark3labs/mcp-go/mcp"',
    '\t"example.com/app/names"',
    '\t"example.com/elsewhere/consts"',
    ')',
    '',
    'var tools = []mcp.Tool{',
    '\tmcp.NewTool(ToolSearch),',
    '\tmcp.NewTool(names.Remote),',
    '\tmcp.NewTool(consts.Outside),',
    '}',
    '',
  ].join('\n'),
  'py/pyproject.toml': '[project]\nname = "app"\ndependencies = ["mcp>=1.2"]\n',
  'py/app/__init__.py': 'from .names import SEARCH\n',
  'py/app/names.py': 'SEARCH = "search.docs"\nOTHER = "search_docs"\nPREFIX = "x" + "y"\n',
  'py/app/server.py': [
    'from mcp.server.fastmcp import FastMCP',
    'from app import SEARCH',
    'from .names import OTHER, PREFIX',
    'from . import names',
    '',
    'mcp = FastMCP("app")',
    '',
    '@mcp.tool(name=SEARCH)',
    'def a(): ...',
    '',
    '@mcp.tool(name=OTHER)',
    'def b(): ...',
    '',
    '@mcp.tool(name=PREFIX)',
    'def c(): ...',
    '',
    '@mcp.tool(name=names.OTHER)',
    'def d(): ...',
    '',
  ].join('\n'),
  'ts/package.json': '{ "dependencies": { "@modelcontextprotocol/sdk": "^1.0.0" } }',
  'ts/src/names/search.ts': "export const TOOL_NAMES = { SEARCH: 'search.docs', OTHER: 'search_docs' } as const;\n",
  'ts/src/names/index.ts': "export * from './search.js';\n",
  'ts/src/index.ts': [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { TOOL_NAMES } from './names/index.js';",
    "import { NAME } from 'some-package';",
    "const server = new McpServer({ name: 'app', version: '1' });",
    'server.registerTool(TOOL_NAMES.SEARCH, {}, async () => ({ content: [] }));',
    'server.registerTool(TOOL_NAMES.OTHER, {}, async () => ({ content: [] }));',
    'server.registerTool(NAME, {}, async () => ({ content: [] }));',
    '',
  ].join('\n'),
};

describe('constants imported from another file of the project (CLI)', () => {
  test('check resolves them on the reference, counts the rest as computed, and fix leaves them alone', () => {
    const dir = scratch(PROJECT);
    const run = runCli(['check', '--format', 'json', '--verbose', '.'], dir);
    const { toolsOf, has } = jsonReport(run.stdout);
    assert.deepEqual(toolsOf('go/tools.go'), ['search.docs:10', 'search_docs:11']);
    assert.deepEqual(toolsOf('py/app/server.py'), ['search.docs:8', 'search_docs:11', 'search_docs:17']);
    assert.deepEqual(toolsOf('ts/src/index.ts'), ['search.docs:5', 'search_docs:6']);
    // A package outside the module, an expression and a package's name stay counted.
    assert.match(run.stderr, /3 declarations with computed names not checked/);
    for (const where of ['go/tools.go:12', 'py/app/server.py:14', 'ts/src/index.ts:7'])
      assert.ok(run.stderr.includes(`declared, name not static: ${where}`), run.stderr);
    // --verbose says why each is none.
    assert.match(run.stderr, /go\/tools\.go:12 \("example\.com\/elsewhere\/consts" is not a package of this module\)/);
    assert.match(run.stderr, /py\/app\/server\.py:14 \("\.names" holds no string constant PREFIX\)/);
    assert.match(run.stderr, /ts\/src\/index\.ts:7 \("some-package" is a package, not a file of the project\)/);
    for (const path of ['go/tools.go', 'py/app/server.py', 'ts/src/index.ts'])
      assert.ok(has(path, 'wire-collision'), path);
    assert.equal(run.status, 1, run.stderr);

    // No fix writes over a reference to another file's constant: every file stays as it was.
    runCli(['fix', '--unsafe', '.'], dir);
    for (const [path, text] of Object.entries(PROJECT)) assert.equal(readFileSync(join(dir, path), 'utf8'), text, path);
  });
});

/** A Kotlin, Java and C# project each, whose tool names sit in a class or object of another file. */
const TYPED_PROJECT: Record<string, string> = {
  'kt/build.gradle.kts': 'dependencies { implementation("io.modelcontextprotocol:kotlin-sdk:0.5.0") }\n',
  'kt/src/main/kotlin/com/example/Config.kt':
    'package com.example\n\nobject Config {\n    object Tools {\n        const val GREET = "search.docs"\n    }\n}\n',
  'kt/src/main/kotlin/com/example/server/Tools.kt': [
    'package com.example',
    '',
    'import io.modelcontextprotocol.kotlin.sdk.server.Server',
    'import org.other.Outside',
    '',
    'fun configure(server: Server) {',
    '    server.addTool(name = Config.Tools.GREET, description = "Greet") { result() }',
    '    server.addTool(name = "search_docs", description = "Other") { result() }',
    '    server.addTool(name = Outside.NAME, description = "Outside") { result() }',
    '}',
    '',
  ].join('\n'),
  'java/pom.xml':
    '<project><dependencies><dependency><artifactId>mcp</artifactId></dependency></dependencies></project>\n',
  'java/src/main/java/com/example/names/Names.java':
    'package com.example.names;\n\npublic final class Names {\n    public static final String SEARCH = "search.docs";\n    public static String changing = "x";\n}\n',
  'java/src/main/java/com/example/Server.java': [
    'package com.example;',
    '',
    'import io.modelcontextprotocol.server.McpServer;',
    'import io.modelcontextprotocol.spec.McpSchema.Tool;',
    'import com.example.names.Names;',
    '',
    'class Server {',
    '  void run() {',
    '    McpServer.sync(t)',
    '        .toolCall(Tool.builder(Names.SEARCH).build(), h)',
    '        .toolCall(Tool.builder("search_docs").build(), h)',
    '        .toolCall(Tool.builder(Names.changing).build(), h)',
    '        .build();',
    '  }',
    '}',
    '',
  ].join('\n'),
  'cs/App.csproj': '<Project><ItemGroup><PackageReference Include="ModelContextProtocol" /></ItemGroup></Project>\n',
  'cs/Names/ToolNames.cs':
    'namespace App.Names;\n\npublic static class ToolNames\n{\n    public const string Search = "search.docs";\n}\n',
  // A namespace Tools.cs neither is in nor uses: its class is not the one `Hidden` names there.
  'cs/Other/Hidden.cs':
    'namespace Elsewhere;\n\npublic static class Hidden\n{\n    public const string Name = "hidden";\n}\n',
  'cs/Tools.cs': [
    'using ModelContextProtocol.Server;',
    'using App.Names;',
    '',
    'namespace App;',
    '',
    '[McpServerToolType]',
    'public class Tools',
    '{',
    '    [McpServerTool(Name = ToolNames.Search)]',
    '    public string A() => "";',
    '',
    '    [McpServerTool(Name = "search_docs")]',
    '    public string B() => "";',
    '',
    '    [McpServerTool(Name = Unknown.Name)]',
    '    public string C() => "";',
    '',
    '    [McpServerTool(Name = Hidden.Name)]',
    '    public string D() => "";',
    '}',
    '',
  ].join('\n'),
};

describe('constants of another class or object of the project (CLI: Kotlin, Java, C#)', () => {
  test('check resolves them on the reference, says why the rest stay computed, and fix leaves them alone', () => {
    const dir = scratch(TYPED_PROJECT);
    const run = runCli(['check', '--format', 'json', '--verbose', '.'], dir);
    const { toolsOf, has } = jsonReport(run.stdout);
    assert.deepEqual(toolsOf('kt/src/main/kotlin/com/example/server/Tools.kt'), ['search.docs:7', 'search_docs:8']);
    assert.deepEqual(toolsOf('java/src/main/java/com/example/Server.java'), ['search.docs:10', 'search_docs:11']);
    assert.deepEqual(toolsOf('cs/Tools.cs'), ['search.docs:9', 'search_docs:12']);
    assert.match(run.stderr, /4 declarations with computed names not checked/);
    assert.match(
      run.stderr,
      /Tools\.cs:18 \(no file of the project declares a string constant Hidden\.Name in the project\)/,
    );
    assert.match(
      run.stderr,
      /Tools\.kt:9 \(no file of the project declares a string constant Outside\.NAME in package org\.other\)/,
    );
    assert.match(
      run.stderr,
      /Server\.java:12 \(no file of the project declares a string constant Names\.changing in package com\.example\.names\)/,
    );
    assert.match(
      run.stderr,
      /Tools\.cs:15 \(no file of the project declares a string constant Unknown\.Name in the project\)/,
    );
    for (const path of [
      'kt/src/main/kotlin/com/example/server/Tools.kt',
      'java/src/main/java/com/example/Server.java',
      'cs/Tools.cs',
    ])
      assert.ok(has(path, 'wire-collision'), path);
    runCli(['fix', '--unsafe', '.'], dir);
    for (const [path, text] of Object.entries(TYPED_PROJECT))
      assert.equal(readFileSync(join(dir, path), 'utf8'), text, path);
  });
});
