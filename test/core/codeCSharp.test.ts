import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { planRename, proveEdits, type AnalysisOptions, type Finding } from '../../server/src/core';
import { deriveName, snakeCaseLower } from '../../server/src/core/code/derivedNames';
import { librariesInManifest } from '../../server/src/core/code/manifests';
import { writeCSharpString } from '../../server/src/core/code/strings';
import type { CodeParser } from '../../server/src/core/code/syntax';
import { applyEdits, fixedAnalysis } from './helpers';
import { loadCodeParsers } from './codeParsers';

let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (): AnalysisOptions => ({ language: 'csharp', code: parser });
const at = (text: string, f: { range: { start: number; end: number } }) => text.slice(f.range.start, f.range.end);
const names = (text: string) => fixedAnalysis(text, opts()).tools.map((t) => t.name);
const collisions = (text: string): Finding[] =>
  fixedAnalysis(text, opts()).findings.filter((f) => f.code === 'wire-collision');

function rename(text: string, offset: number, to: string): string {
  const plan = planRename(text, opts(), offset, to);
  assert.equal(plan.kind, 'edits', plan.kind === 'refused' ? plan.reason : '');
  return applyEdits(text, plan.kind === 'edits' ? plan.edits : []);
}

const USING = 'using ModelContextProtocol.Server;\nusing System.ComponentModel;\n\n';

describe('C#: the MCP C# SDK default name, as DeriveName and SnakeCaseLower write it', () => {
  // dotnet/runtime @0d2a9bb2 JsonSeparatorNamingPolicy, read through; the csharp-sdk's own tests
  // expect `method_b`, `echo_complex`, `get_ctor_parameter`, `double_echo` (McpServerBuilderExtensionsToolsTests.cs).
  const snake: readonly (readonly [string, string])[] = [
    ['MethodB', 'method_b'],
    ['EchoComplex', 'echo_complex'],
    ['GetCtorParameter', 'get_ctor_parameter'],
    ['DoubleEcho', 'double_echo'],
    ['ExecuteSql', 'execute_sql'],
    ['GetHTTPResponse', 'get_http_response'],
    ['ABC', 'abc'],
    ['Get2Items', 'get2_items'],
    ['IOStream', 'io_stream'],
    ['Already_Snake', 'already_snake'],
    ['a', 'a'],
    ['', ''],
  ];
  for (const [input, expected] of snake)
    test(`SnakeCaseLower: ${input || '(empty)'} → ${expected || '(empty)'}`, () => {
      assert.equal(snakeCaseLower(input), expected);
    });

  const derived: readonly (readonly [string, string | undefined, string])[] = [
    ['GetWeatherAsync', 'Task<string>', 'get_weather'],
    ['GetWeatherAsync', 'ValueTask', 'get_weather'],
    ['StreamAsync', 'IAsyncEnumerable<int>', 'stream'],
    ['LoadAsync', 'System.Threading.Tasks.Task<Result>?', 'load'],
    // Not an async method: the suffix stays; `ValueTask?` is Nullable<ValueTask>, not a ValueTask.
    ['GetWeatherAsync', 'string', 'get_weather_async'],
    ['ReadAsync', 'ValueTask<int>?', 'read_async'],
    ['Async', 'Task', 'async'],
    ['@class', 'string', 'class'],
    ['Get__Thing', 'string', 'get_thing'],
  ];
  for (const [name, returns, expected] of derived)
    test(`DeriveName: ${returns} ${name}() → ${expected}`, () => {
      assert.equal(deriveName('csharp-sdk', { name, ...(returns ? { returns } : {}) }), expected);
    });
});

describe('C#: declarations of the MCP C# SDK', () => {
  const forms: readonly { readonly label: string; readonly text: string; readonly names: readonly string[] }[] = [
    {
      label: '[McpServerTool(Name = ...)], and a bare [McpServerTool] named by DeriveName (Async dropped on a Task)',
      text: `${USING}[McpServerToolType]\npublic sealed class TodoTool\n{\n    [McpServerTool(Name = "add_todo_item", Title = "Add"), Description("Adds")]\n    public async Task<string> AddTodoItemAsync(string text) => text;\n\n    [McpServerTool, Description("Lists")]\n    public async Task<IEnumerable<string>> GetTodoItemsAsync() => [];\n\n    [McpServerTool(Title = "Echo")]\n    public static string EchoAsync(string m) => m;\n\n    [Description("not a tool")]\n    public string Helper() => "";\n}\n`,
      names: ['add_todo_item', 'get_todo_items', 'echo_async'],
    },
    {
      label: 'the Attribute suffix, a qualified attribute, nameof, a const and Type.CONST, verbatim and raw literals',
      text: `using ModelContextProtocol.Server;\n\npublic static class Names { public const string Shared = "shared.name"; }\n\npublic class T\n{\n    private const string ToolName = "analyze_library";\n    private static readonly string Other = @"verbatim""q";\n\n    [McpServerToolAttribute(Name = ToolName)]\n    public string A() => "";\n\n    [ModelContextProtocol.Server.McpServerTool(Name = nameof(GetWeather))]\n    public string B() => "";\n\n    [McpServerTool(Name = Names.Shared)]\n    public string C() => "";\n\n    [McpServerTool(Name = Other)]\n    public string D() => "";\n\n    [McpServerTool(Name = """raw.name""")]\n    public string E() => "";\n}\n`,
      names: ['analyze_library', 'GetWeather', 'shared.name', 'verbatim"q', 'raw.name'],
    },
    {
      label:
        'McpServerTool.Create with options (positional, new(), options:), a named lambda; new Tool { Name } by hand',
      text: `using ModelContextProtocol.Protocol;\nusing ModelContextProtocol.Server;\n\nclass P\n{\n    void Configure()\n    {\n        var a = McpServerTool.Create((string s) => s, new McpServerToolCreateOptions { Name = "echo" });\n        var b = McpServerTool.Create(method, target: null, new() { Name = "by_method" });\n        var c = McpServerTool.Create(Echo, options: new() { Title = "t", Name = "by_keyword" });\n        var d = McpServerTool.Create([McpServerTool(Name = "lambda.tool")] () => "r");\n        var list = new[] { new Tool { Name = "hand_made", Description = "d" } };\n        var e = new ModelContextProtocol.Protocol.Tool() { Name = "qualified_tool" };\n        var f = ModelContextProtocol.Server.McpServerTool.Create(() => 1, new() { Name = "qualified.create" });\n    }\n}\n`,
      names: ['echo', 'by_method', 'by_keyword', 'lambda.tool', 'qualified_tool', 'qualified.create', 'hand_made'],
    },
    {
      label: 'a file that names no MCP SDK: an attribute or a Tool of another library is no tool',
      text: `using Other.Agents;\n\nclass A\n{\n    [McpServerTool(Name = "not.sdk")]\n    public string F() => "";\n    Tool t = new Tool { Name = "not_sdk" };\n}\n`,
      names: [],
    },
  ];
  for (const form of forms)
    test(form.label, () => {
      const analysis = fixedAnalysis(form.text, opts());
      assert.deepEqual(
        analysis.tools.map((t) => t.name),
        form.names,
      );
      for (const tool of analysis.tools) assert.ok(at(form.text, tool.declaration.name).length > 0);
    });

  test('a default name sits on the method name; a literal name on its literal (nameof on its expression)', () => {
    const text = `${USING}class T\n{\n    [McpServerTool]\n    public Task<string> ListTablesAsync() => null!;\n    [McpServerTool(Name = nameof(ListTablesAsync))]\n    public string Other() => "";\n}\n`;
    assert.deepEqual(
      fixedAnalysis(text, opts()).tools.map((t) => [t.name, at(text, t.declaration.name)]),
      [
        ['list_tables', 'ListTablesAsync'],
        ['ListTablesAsync', 'nameof(ListTablesAsync)'],
      ],
    );
  });

  test('computed names are counted, never guessed: an interpolation, a parameter, a lambda or local function with no name', () => {
    const text = `${USING}class T\n{\n    [McpServerTool(Name = $"tool_{Suffix}")]\n    public string A() => "";\n\n    void F(string name)\n    {\n        McpServerTool.Create(() => "r", new() { Name = name });\n        McpServerTool.Create([McpServerTool] () => "r");\n        [McpServerTool] static string Local() => "";\n    }\n}\n`;
    const analysis = fixedAnalysis(text, opts());
    assert.deepEqual(analysis.tools, []);
    assert.deepEqual(
      analysis.code?.computedNames.map((r) => text.slice(r.start, r.end)),
      ['$"tool_{Suffix}"', 'name', '[McpServerTool] ()', '[McpServerTool] static string Local()'],
    );
  });

  test('McpServerTool.Create with no Name counts its declaration as computed, unless its lambda names itself', () => {
    const text = `${USING}class P\n{\n    void F()\n    {\n        McpServerTool.Create(typeof(T).GetMethod(nameof(T.A))!, new() { Title = "t" });\n        McpServerTool.Create([McpServerTool(Name = "named")] () => "r");\n    }\n}\n`;
    const analysis = fixedAnalysis(text, opts());
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['named'],
    );
    assert.deepEqual(
      analysis.code?.computedNames.map((r) => text.slice(r.start, r.end)),
      ['typeof(T).GetMethod(nameof(T.A))!'],
    );
  });

  test('ordinary C# with no SDK is not parsed and yields nothing', () => {
    const text = `namespace App;\n\npublic class Tool { public string Name { get; set; } = ""; }\npublic class U { Tool t = new Tool { Name = "x y" }; }\n`;
    const analysis = fixedAnalysis(text, opts());
    assert.deepEqual(analysis.tools, []);
    assert.deepEqual(analysis.findings, []);
    assert.equal(analysis.code?.parsed ?? false, false);
  });

  test('bad input never throws: an unterminated attribute and string still yield an analysis', () => {
    const text = `${USING}class T {\n    [McpServerTool(Name = "open\n    public string F( => "";\n`;
    assert.doesNotThrow(() => fixedAnalysis(text, opts()));
  });
});

describe('C#: one census per tool class, fixes in C# style', () => {
  const SERVER = `${USING}[McpServerToolType]\npublic class ClockTools\n{\n    [McpServerTool]\n    public string GetTime() => "";\n\n    [McpServerTool(Name = "get.time", Title = "Time")]\n    public string Other() => "";\n}\n`;

  test('a default-named method and a Name literal of one class collide; the fix rewrites the literal', () => {
    const found = collisions(SERVER);
    assert.equal(found.length, 1);
    assert.equal(at(SERVER, found[0]!), '"get.time"');
    const before = fixedAnalysis(SERVER, opts());
    const proof = proveEdits(SERVER, opts(), before, found[0]!.fix!.edits, [
      { code: found[0]!.code, pointer: found[0]!.pointer },
    ]);
    assert.equal(proof.kind, 'proven', proof.kind === 'refused' ? proof.reason : '');
    const fixed = applyEdits(SERVER, found[0]!.fix!.edits);
    assert.match(fixed, /\[McpServerTool\(Name = "get-time", Title = "Time"\)\]/);
    assert.deepEqual(collisions(fixed), []);
  });

  test('a rename of a default-named tool adds Name = "..." to the attribute, never renaming the method', () => {
    const once = rename(SERVER, SERVER.indexOf('GetTime') + 1, 'time_now');
    assert.match(once, /\[McpServerTool\(Name = "time_now"\)\]\n {4}public string GetTime\(\)/);
    const withTitle = `${USING}class T\n{\n    [McpServerTool(Title = "t"), Description("d")]\n    public Task<string> LoadAsync() => null!;\n}\n`;
    const twice = rename(withTitle, withTitle.indexOf('LoadAsync') + 1, 'load_now');
    assert.match(twice, /\[McpServerTool\(Name = "load_now", Title = "t"\), Description\("d"\)\]/);
    assert.deepEqual(names(twice), ['load_now']);
  });

  test('a verbatim literal is rewritten verbatim', () => {
    const text = `${USING}class T\n{\n    [McpServerTool(Name = @"a b")]\n    public string F() => "";\n}\n`;
    const fixed = rename(text, text.indexOf('@"a b"') + 3, 'a"b');
    assert.match(fixed, /Name = @"a""b"/);
  });

  test("two classes' tools are two sets; the one server object of a file names them", () => {
    const text = `${USING}builder.Services.AddMcpServer(o => o.ServerInfo = new Implementation { Name = "clock", Version = "1" });\n\npublic class A\n{\n    [McpServerTool] public string GetTime() => "";\n}\n\npublic class B\n{\n    [McpServerTool(Name = "get_time")] public string Other() => "";\n}\n`;
    const analysis = fixedAnalysis(text, opts());
    assert.deepEqual(collisions(text), []);
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['get_time', 'get_time'],
    );
    assert.deepEqual(
      analysis.requests.map((r) => r.serverName),
      ['clock', 'clock'],
    );
    // A client's own Implementation (its ClientInfo) names no server.
    const client = text.replace('o.ServerInfo = new Implementation', 'o.ClientInfo = new Implementation');
    assert.deepEqual(
      fixedAnalysis(client, opts()).requests.map((r) => r.serverName),
      [undefined, undefined],
    );
  });

  test('tools created in one list travel together; the same name in two test methods does not collide', () => {
    const list = `using ModelContextProtocol.Server;\nvar options = new McpServerOptions\n{\n    ToolCollection = [McpServerTool.Create(() => "a", new() { Name = "echo" }), McpServerTool.Create(() => "b", new() { Name = "echo" })]\n};\n`;
    assert.equal(collisions(list).length, 1);
    const tests = `${USING}class Tests\n{\n    void A() { McpServerTool.Create(() => "a", new() { Name = "echo" }); }\n    void B() { McpServerTool.Create(() => "b", new() { Name = "echo" }); }\n}\n`;
    assert.deepEqual(collisions(tests), []);
  });

  test('writeCSharpString: escapes C# reads, verbatim stays verbatim, a raw literal stays raw when it fits', () => {
    assert.equal(writeCSharpString('"a"', 'a"b\\c\n\u0001'), '"a\\"b\\\\c\\n\\u0001"');
    assert.equal(writeCSharpString('@"a"', 'a"b\\c'), '@"a""b\\c"');
    assert.equal(writeCSharpString('"""a"""', 'b"c'), '"""b"c"""');
    assert.equal(writeCSharpString('"""a"""', '"b'), '"\\"b"');
    assert.equal(writeCSharpString('nameof(X)', 'y'), '"y"');
  });

  test('C# escapes are decoded: \\x takes up to four digits, \\u four, \\U eight, \\e is escape', () => {
    const text = `${USING}class T\n{\n    [McpServerTool(Name = "a\\x41b\\u0043\\U00000044\\e")]\n    public string F() => "";\n    [McpServerTool(Name = "bad\\q")]\n    public string G() => "";\n}\n`;
    const analysis = fixedAnalysis(text, opts());
    // `\x41b` is U+041B: the hex digits run on (C#'s own gotcha); `\q` is no escape, so computed.
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['a\u041bCD\u001b'],
    );
    assert.equal(analysis.code?.computedNames.length, 1);
  });
});

describe('C#: the libraries a project file names', () => {
  const rows: readonly (readonly [string, string, readonly string[]])[] = [
    [
      'Server.csproj',
      '<Project><ItemGroup><PackageReference Include="ModelContextProtocol" Version="1.0.0" /></ItemGroup></Project>',
      ['mcp-csharp-sdk'],
    ],
    ['Web.csproj', '<PackageReference Include="modelcontextprotocol.aspnetcore" />', ['mcp-csharp-sdk']],
    [
      'Directory.Packages.props',
      '<PackageVersion Include="ModelContextProtocol.Core" Version="1.0.0" />',
      ['mcp-csharp-sdk'],
    ],
    [
      'packages.config',
      '<packages><package id="ModelContextProtocol" version="0.3.0" /></packages>',
      ['mcp-csharp-sdk'],
    ],
    [
      'Sample.csproj',
      '<ProjectReference Include="..\\..\\src\\ModelContextProtocol.Core\\ModelContextProtocol.Core.csproj" />',
      ['mcp-csharp-sdk'],
    ],
    ['ModelContextProtocol.csproj', '<Project Sdk="Microsoft.NET.Sdk" />', ['mcp-csharp-sdk']],
    [
      'App.csproj',
      '<PackageReference Include="ModelContextProtocol.Extensions.Apps" /><Description>an MCP server</Description>',
      [],
    ],
  ];
  for (const [file, text, ids] of rows)
    test(`${file}: ${text.slice(0, 60)} → ${ids.join(', ') || 'none'}`, () => {
      assert.deepEqual(librariesInManifest(file, text), ids);
    });

  test('a file that imports nothing is read when its project names the SDK (a global using)', () => {
    const text = `public class T\n{\n    [McpServerTool(Name = "a.b")]\n    public string F() => "";\n}\n`;
    assert.deepEqual(names(text), []);
    const project: CodeParser = { parse: (t, g) => parser.parse(t, g), projectLibraries: ['mcp-csharp-sdk'] };
    assert.deepEqual(
      fixedAnalysis(text, { language: 'csharp', code: project }).tools.map((t) => t.name),
      ['a.b'],
    );
  });
});
