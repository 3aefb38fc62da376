import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

const TS_SERVER = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "const server = new McpServer({ name: 'admin', version: '1.0.0' });",
  "server.registerTool('admin.tools.list', {}, async () => ({ content: [] }));",
  'server.registerTool("admin_tools_list", {}, async () => ({ content: [] }));',
  '',
].join('\n');
const PY_SERVER = [
  'from mcp.server.fastmcp import FastMCP',
  'mcp = FastMCP("orders")',
  '',
  '@mcp.tool()',
  'def orders_get(): ...',
  '',
  '@mcp.tool(name="orders.get")',
  'def fetch(): ...',
  '',
].join('\n');
const GO_SERVER = [
  'package main',
  '',
  'import "github.com/mark3labs/mcp-go/mcp"',
  '',
  'func tools() {',
  '\t_ = mcp.NewTool("get.issue")',
  '\t_ = mcp.NewTool("get_issue")',
  '}',
  '',
].join('\n');

describe('toolwire check on source code', () => {
  test('a folder walk reads TypeScript, Python and Go declarations at their literals; other folders and files yield nothing', () => {
    const dir = scratch({
      'src/server.ts': TS_SERVER,
      'src/server.py': PY_SERVER,
      'src/tools.go': GO_SERVER,
      'src/plain.ts':
        'export function registerTool(name: string) { return name; }\nregisterTool("a.b"); registerTool("a_b");\n',
      'src/types.d.ts': TS_SERVER,
      'node_modules/x/index.js': TS_SERVER,
      'dist/server.js': TS_SERVER,
      'vendor/server.go': GO_SERVER,
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as {
      files: Array<{
        path: string;
        format: string | null;
        diagnostics: Array<{ code: string; range: { start: { line: number; character: number } } }>;
      }>;
    };
    const collisions = (path: string) =>
      out.files
        .find((f) => f.path === path)
        ?.diagnostics.filter((d) => d.code === 'wire-collision')
        .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`) ?? [];
    // The tool that keeps the name (admin_tools_list, orders_get, get_issue) has no finding.
    assert.deepEqual(collisions('src/server.ts'), ['3:21']);
    assert.deepEqual(collisions('src/server.py'), ['7:16']);
    assert.deepEqual(collisions('src/tools.go'), ['6:18']);
    assert.deepEqual(out.files.find((f) => f.path === 'src/plain.ts')?.diagnostics, []);
    const paths = out.files.map((f) => f.path);
    for (const skipped of ['src/types.d.ts', 'node_modules/x/index.js', 'dist/server.js', 'vendor/server.go'])
      assert.ok(!paths.includes(skipped), `${skipped} was read`);
    assert.equal(result.status, 1);
  });

  test('toolwire fix rewrites the literals in TypeScript, Python and Go, and the check is then clean', () => {
    const dir = scratch({
      '.toolwire.json': '{ "clients": [] }',
      'server.ts': TS_SERVER,
      'server.py': PY_SERVER,
      'tools.go': GO_SERVER,
    });
    const fixed = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(fixed.status, 0, `${fixed.stdout}\n${fixed.stderr}`);
    assert.match(fixed.stderr, /fixed \d+ names? in 3 files/);
    const after = runCli(['check', '--format', 'json', '.'], dir);
    const findings = (
      JSON.parse(after.stdout) as { files: Array<{ diagnostics: Array<{ severity: string }> }> }
    ).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'hint'));
    assert.deepEqual(findings, [], after.stdout);
  });

  test('the text report points at the literal and names the server from the constructor', () => {
    const dir = scratch({ 'server.ts': TS_SERVER });
    const result = runCli(['check', 'server.ts'], dir);
    assert.match(
      result.stdout,
      /^server\.ts:3:21: error wire-collision Left out of the request: sent as "admin_tools_list"/m,
    );
    // The clients' collision folds into that line; --verbose shows its text, every line indented.
    const verbose = runCli(['check', '--verbose', 'server.ts'], dir);
    assert.match(verbose.stdout, /^ {2}Sent as "mcp_admin_admin_tools_list" by /m);
    assert.deepEqual(
      verbose.stdout
        .trimEnd()
        .split('\n')
        .filter((line) => !line.startsWith('  ')),
      [result.stdout.trimEnd()],
      'one diagnostic, its detail and related lines under it',
    );
  });

  test('a server spread over several modules: .toolwire.json names its files, and the census spans them', () => {
    const module = (name: string) =>
      [
        "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        `export function register(server: McpServer) { server.registerTool('${name}', {}, async () => ({ content: [] })); }`,
        '',
      ].join('\n');
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ servers: { orders: ['src/tools/*.ts'] } }),
      'src/tools/get.ts': module('orders.get'),
      'src/tools/list.ts': module('orders_get'),
    });
    const result = runCli(['check', '--format', 'json', 'src'], dir);
    const out = JSON.parse(result.stdout) as {
      files: Array<{
        path: string;
        diagnostics: Array<{ code: string; message: string; detail?: string; related: Array<{ path?: string }> }>;
      }>;
    };
    const get = out.files.find((f) => f.path === 'src/tools/get.ts')!;
    // orders.get's client findings are one diagnostic: the clients' collision is in its message and detail.
    const problems = get.diagnostics.filter((d) => d.code !== 'renamed-on-wire');
    assert.equal(problems.length, 1, JSON.stringify(get.diagnostics));
    assert.match(problems[0]!.message, /Also shares its name with another tool in 4 clients/);
    assert.match(
      problems[0]!.detail!,
      /^Sent as "mcp_orders_orders_get" by .*, like "orders_get" of server "orders"\./m,
    );
    assert.deepEqual(
      problems[0]!.related.map((r) => r.path),
      ['src/tools/list.ts'],
    );
  });
});

describe('toolwire check: a file of a package that depends on a known library', () => {
  const REGISTER_PY = [
    'def register(mcp):',
    '    @mcp.tool(name="a.b")',
    '    def f(): ...',
    '',
    '    @mcp.tool(name="a_b")',
    '    def g(): ...',
    '',
  ].join('\n');
  const REGISTER_TS = [
    "import type { Options } from './options';",
    'export function register(server: Options) {',
    "  server.registerTool('x.y', {}, h);",
    "  server.registerTool('x_y', {}, h);",
    '}',
    '',
  ].join('\n');

  test('is read though it imports no SDK (the nearest manifest decides); a package without one is not', () => {
    const dir = scratch({
      'py/pyproject.toml': '[project]\nname = "app"\ndependencies = [\n  "mcp[cli]>=1.2",\n]\n',
      'py/app/tools/register.py': REGISTER_PY,
      'reqs/requirements-dev.txt': '# tools\nfastmcp==2.3.0\n',
      'reqs/register.py': REGISTER_PY,
      'web/package.json': '{ "dependencies": { "@modelcontextprotocol/sdk": "^1.0.0" } }',
      'web/src/register.ts': REGISTER_TS,
      'other/package.json': '{ "dependencies": { "left-pad": "1.0.0" }, "description": "an mcp server" }',
      'other/src/register.ts': REGISTER_TS,
      'other/src/register.py': REGISTER_PY,
      'nested/package.json': '{ "dependencies": { "left-pad": "1.0.0" } }',
      'nested/inner/package.json': '{ "name": "inner" }',
      'nested/inner/register.ts': REGISTER_TS,
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as { files: Array<{ path: string; tools: Array<{ name: string }> }> };
    const names = (path: string) => out.files.find((f) => f.path === path)?.tools.map((t) => t.name) ?? [];
    assert.deepEqual(names('py/app/tools/register.py'), ['a.b', 'a_b']);
    assert.deepEqual(names('reqs/register.py'), ['a.b', 'a_b']);
    assert.deepEqual(names('web/src/register.ts'), ['x.y', 'x_y']);
    // A package whose manifest names no known library, or a Python file above no Python manifest.
    assert.deepEqual(names('other/src/register.ts'), []);
    assert.deepEqual(names('other/src/register.py'), []);
    assert.deepEqual(names('nested/inner/register.ts'), []);
    assert.equal(result.status, 1, result.stderr);
  });

  test("a monorepo app that reaches the SDK through the repository's own package is read; a registry package is not followed", () => {
    const app = [
      "import type { Context } from '@repo/common';",
      'export function register(context: Context) {',
      "  context.registerTool('x.y', {}, h);",
      "  context.registerTool('x_y', {}, h);",
      '}',
      '',
    ].join('\n');
    const dir = scratch({
      'pnpm/pnpm-workspace.yaml': "packages:\n  - 'apps/*'\n  - packages/**\n  - '!**/test/**'\n",
      'pnpm/package.json': '{ "name": "root", "private": true }',
      'pnpm/apps/one/package.json': '{ "name": "one", "dependencies": { "@repo/common": "workspace:*", "zod": "4" } }',
      'pnpm/apps/one/src/tools.ts': app,
      'pnpm/packages/shared/common/package.json':
        '{ "name": "@repo/common", "dependencies": { "@modelcontextprotocol/server": "catalog:" } }',
      // npm workspaces name a sibling by a plain range; a file: path is followed as written.
      'npm/package.json': '{ "name": "root", "workspaces": { "packages": ["libs/*", "app"] } }',
      'npm/libs/common/package.json': '{ "name": "common", "dependencies": { "@modelcontextprotocol/sdk": "^1" } }',
      'npm/app/package.json': '{ "name": "app", "dependencies": { "common": "^1.0.0" } }',
      'npm/app/tools.ts': app,
      'linked/package.json': '{ "name": "linked", "dependencies": { "common": "file:../npm/libs/common" } }',
      'linked/tools.ts': app,
      // Outside any workspace, a dependency's name alone reaches nothing.
      'plain/package.json': '{ "name": "plain", "dependencies": { "common": "^1.0.0" } }',
      'plain/tools.ts': app,
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as { files: Array<{ path: string; tools: Array<{ name: string }> }> };
    const names = (path: string) => out.files.find((f) => f.path === path)?.tools.map((t) => t.name) ?? [];
    assert.deepEqual(names('pnpm/apps/one/src/tools.ts'), ['x.y', 'x_y']);
    assert.deepEqual(names('npm/app/tools.ts'), ['x.y', 'x_y']);
    assert.deepEqual(names('linked/tools.ts'), ['x.y', 'x_y']);
    assert.deepEqual(names('plain/tools.ts'), []);
  });

  test("the SDK's version 2 packages, task tools and a project's own registerTool wrapper", () => {
    const dir = scratch({
      'package.json': '{ "name": "v2", "dependencies": { "@modelcontextprotocol/server": "^2.0.0" } }',
      'server.ts': [
        "import { McpServer } from '@modelcontextprotocol/server';",
        "const server = new McpServer({ name: 'v2', version: '1.0.0' });",
        "server.registerTool('a.b', {}, h);",
        // A task tool is the server's too (the member path before the method is not a server).
        "server.experimental.tasks.registerToolTask('a_b', {}, h);",
        "other.experimental.registerToolTask('z', {}, h);",
        '',
      ].join('\n'),
      'wrapped.ts': [
        'export function registerAll(context: Context) {',
        "  registerTool({ name: 'c.d', description: 'x' });",
        "  registerTool({ name: 'c_d', description: 'x' });",
        '}',
        'const registerTool = (tool: { name: string }) => context.registerTool(tool.name, {}, h);',
        '',
      ].join('\n'),
      // Not bound in the file: someone else's `registerTool`, not read.
      'unbound.ts': "registerTool({ name: 'e.f' });\n",
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as { files: Array<{ path: string; tools: Array<{ name: string }> }> };
    const names = (path: string) => out.files.find((f) => f.path === path)?.tools.map((t) => t.name) ?? [];
    assert.deepEqual(names('server.ts'), ['a.b', 'a_b']);
    assert.deepEqual(names('wrapped.ts'), ['c.d', 'c_d']);
    const wrapped = out.files.find((f) => f.path === 'wrapped.ts') as unknown as {
      diagnostics: Array<{ code: string }>;
    };
    assert.ok(
      wrapped.diagnostics.some((d) => d.code === 'wire-collision'),
      'the wrapper calls of one function are one server',
    );
    assert.deepEqual(names('unbound.ts'), []);
  });

  test('computed names are counted (listed with --verbose), and source files none of which was parsed are said', () => {
    const dir = scratch({
      'server.py': [
        'from fastmcp import FastMCP',
        'mcp = FastMCP("s")',
        'for n in names:',
        '    @mcp.tool(name=n)',
        '    def f(): ...',
        '',
        '@mcp.tool(name=f"x_{n}")',
        'def g(): ...',
        '',
        '@mcp.tool',
        'def h(): ...',
        '',
      ].join('\n'),
    });
    const plain = runCli(['check', '.'], dir);
    assert.match(plain.stderr, /toolwire: 2 declarations with computed names not checked \(--verbose lists them\)\n/);
    assert.doesNotMatch(plain.stderr, /none was parsed/);
    const verbose = runCli(['check', '--verbose', '.'], dir);
    const listed = verbose.stderr.split('\n').filter((l) => l.startsWith('toolwire: declared, name not static: '));
    assert.deepEqual(
      listed.map((l) => l.slice(l.lastIndexOf(' ') + 1)),
      ['server.py:4', 'server.py:7'],
    );
    const unparsed = runCli(['check', '.'], scratch({ 'a.py': 'print(1)\n', 'b.ts': 'export const x = 1;\n' }));
    assert.match(
      unparsed.stderr,
      /toolwire: 2 source files were read, but none imports a known tool library: none was parsed\.\n/,
    );
    assert.match(unparsed.stderr, /2 files, 0 tools/);
  });
});

describe('toolwire check on Java and Rust source', () => {
  const JAVA_SERVER = [
    'import io.modelcontextprotocol.server.McpServer;',
    'import io.modelcontextprotocol.spec.McpSchema.Tool;',
    '',
    'class Server {',
    '  void main() {',
    '    McpServer.sync(t).serverInfo("issues", "1.0.0")',
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
    '    #[tool(name = "get.value")]',
    '    fn other(&self) {}',
    '}',
    '',
  ].join('\n');
  // A helper module that names no SDK: its package's manifest makes it read.
  const RUST_HELPER = [
    'impl Helper {',
    '    #[tool(name = "a.b")]',
    '    fn f(&self) {}',
    '    #[tool]',
    '    fn a_b(&self) {}',
    '}',
    '',
  ].join('\n');

  test('the walk reads .java and .rs at their literals, a Cargo.toml names rmcp, and fix --unsafe leaves them clean', () => {
    const dir = scratch({
      '.toolwire.json': '{ "clients": [] }',
      'java/src/Server.java': JAVA_SERVER,
      'java/src/Plain.java': 'class Plain { String s = Tool.builder("a b"); }\n',
      'rust/Cargo.toml':
        '[package]\nname = "counter"\n\n[dependencies]\nrmcp = { version = "0.8", features = ["server"] }\n',
      'rust/src/server.rs': RUST_SERVER,
      'rust/src/helper.rs': RUST_HELPER,
      'plain/src/helper.rs': RUST_HELPER,
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as {
      files: Array<{
        path: string;
        tools: Array<{ name: string }>;
        diagnostics: Array<{ code: string; range: { start: { line: number; character: number } } }>;
      }>;
    };
    const file = (path: string) => out.files.find((f) => f.path === path);
    const collisions = (path: string) =>
      file(path)
        ?.diagnostics.filter((d) => d.code === 'wire-collision')
        .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`) ?? [];
    assert.deepEqual(collisions('java/src/Server.java'), ['7:32']);
    assert.deepEqual(collisions('rust/src/server.rs'), ['8:19']);
    assert.deepEqual(
      file('rust/src/helper.rs')?.tools.map((t) => t.name),
      ['a.b', 'a_b'],
    );
    assert.deepEqual(file('plain/src/helper.rs')?.tools ?? [], []);
    assert.deepEqual(file('java/src/Plain.java')?.tools ?? [], []);
    assert.equal(result.status, 1, result.stderr);

    const fixed = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(fixed.status, 0, `${fixed.stdout}\n${fixed.stderr}`);
    assert.match(fixed.stderr, /fixed \d+ names? in 3 files/);
    const after = runCli(['check', '--format', 'json', '.'], dir);
    const findings = (
      JSON.parse(after.stdout) as { files: Array<{ diagnostics: Array<{ severity: string }> }> }
    ).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'hint'));
    assert.deepEqual(findings, [], after.stdout);
  });

  const CS_SERVER = [
    'using ModelContextProtocol.Server;',
    '',
    '[McpServerToolType]',
    'public class Clock',
    '{',
    '    [McpServerTool]',
    '    public string GetTime() => "";',
    '    [McpServerTool(Name = "get.time")]',
    '    public string Other() => "";',
    '}',
    '',
  ].join('\n');
  // A global using: the file names no SDK, its project file does.
  const CS_HELPER = [
    'public class More',
    '{',
    '    [McpServerTool(Name = "a.b")] public string A() => "";',
    '    [McpServerTool] public string A_B() => "";',
    '}',
    '',
  ].join('\n');

  test('the walk reads .cs at their literals and method names, a .csproj names the SDK, and fix --unsafe leaves them clean', () => {
    const dir = scratch({
      '.toolwire.json': '{ "clients": [] }',
      'server/src/Clock.cs': CS_SERVER,
      'server/Server.csproj':
        '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="ModelContextProtocol" Version="1.0.0" /></ItemGroup></Project>\n',
      'server/src/More.cs': CS_HELPER,
      'plain/Plain.csproj': '<Project Sdk="Microsoft.NET.Sdk" />\n',
      'plain/More.cs': CS_HELPER,
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as {
      files: Array<{
        path: string;
        tools: Array<{ name: string }>;
        diagnostics: Array<{ code: string; range: { start: { line: number; character: number } } }>;
      }>;
    };
    const file = (path: string) => out.files.find((f) => f.path === path);
    const collisions = (path: string) =>
      file(path)
        ?.diagnostics.filter((d) => d.code === 'wire-collision')
        .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`) ?? [];
    assert.deepEqual(collisions('server/src/Clock.cs'), ['8:27']);
    assert.deepEqual(
      file('server/src/More.cs')?.tools.map((t) => t.name),
      ['a.b', 'a_b'],
    );
    assert.deepEqual(file('plain/More.cs')?.tools ?? [], []);
    assert.equal(result.status, 1, result.stderr);

    const fixed = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(fixed.status, 0, `${fixed.stdout}\n${fixed.stderr}`);
    assert.match(fixed.stderr, /fixed \d+ names? in 2 files/);
    const after = runCli(['check', '--format', 'json', '.'], dir);
    const findings = (
      JSON.parse(after.stdout) as { files: Array<{ diagnostics: Array<{ severity: string }> }> }
    ).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'hint'));
    assert.deepEqual(findings, [], after.stdout);
  });
});

describe('toolwire check on Kotlin and Swift source', () => {
  const KOTLIN_SERVER = [
    'import io.modelcontextprotocol.kotlin.sdk.server.Server',
    '',
    'fun main() {',
    '    val server = Server(Implementation("orders", "1.0.0"), options)',
    '    server.addTool(name = "get.order", description = "Get") { result() }',
    '    server.addTool(name = "get_order", description = "Get too") { result() }',
    '}',
    '',
  ].join('\n');
  const SWIFT_SERVER = [
    'import MCP',
    '',
    'let server = Server(name: "orders", version: "1.0.0")',
    'let tools = [',
    '    Tool(name: "get.order", description: "Get", inputSchema: .object([:])),',
    '    Tool(name: "get_order", description: "Get too", inputSchema: .object([:])),',
    ']',
    '',
  ].join('\n');
  // A helper that names no SDK: its package's manifest makes it read.
  const KOTLIN_HELPER =
    'fun register(server: Server) {\n    server.addTool("a.b", "d") { }\n    server.addTool("a_b", "d") { }\n}\n';

  test('the walk reads .kt and .swift at their literals, a build.gradle.kts names the SDK, and fix --unsafe leaves them clean', () => {
    const dir = scratch({
      '.toolwire.json': '{ "clients": [] }',
      'kotlin/build.gradle.kts': 'dependencies {\n    implementation("io.modelcontextprotocol:kotlin-sdk:0.8.1")\n}\n',
      'kotlin/src/Server.kt': KOTLIN_SERVER,
      'kotlin/src/Helper.kt': KOTLIN_HELPER,
      'plain/src/Helper.kt': KOTLIN_HELPER,
      'swift/Sources/Server.swift': SWIFT_SERVER,
      'swift/Sources/Plain.swift': 'struct Tool { let name: String }\nlet t = Tool(name: "a b")\n',
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as {
      files: Array<{
        path: string;
        tools: Array<{ name: string }>;
        diagnostics: Array<{ code: string; range: { start: { line: number; character: number } } }>;
      }>;
    };
    const file = (path: string) => out.files.find((f) => f.path === path);
    const collisions = (path: string) =>
      file(path)
        ?.diagnostics.filter((d) => d.code === 'wire-collision')
        .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`) ?? [];
    assert.deepEqual(collisions('kotlin/src/Server.kt'), ['5:27']);
    assert.deepEqual(collisions('swift/Sources/Server.swift'), ['5:16']);
    assert.deepEqual(
      file('kotlin/src/Helper.kt')?.tools.map((t) => t.name),
      ['a.b', 'a_b'],
    );
    assert.deepEqual(file('plain/src/Helper.kt')?.tools ?? [], []);
    assert.deepEqual(file('swift/Sources/Plain.swift')?.tools ?? [], []);
    assert.equal(result.status, 1, result.stderr);

    const fixed = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(fixed.status, 0, `${fixed.stdout}\n${fixed.stderr}`);
    assert.match(fixed.stderr, /fixed \d+ names? in 3 files/);
    const after = runCli(['check', '--format', 'json', '.'], dir);
    const findings = (
      JSON.parse(after.stdout) as { files: Array<{ diagnostics: Array<{ severity: string }> }> }
    ).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'hint'));
    assert.deepEqual(findings, [], after.stdout);
  });
});
