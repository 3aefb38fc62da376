import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { planRename, type AnalysisOptions, type Finding } from '../../server/src/core';
import { librariesInManifest } from '../../server/src/core/code/manifests';
import { writeKotlinString, writeSwiftString } from '../../server/src/core/code/strings';
import type { CodeLanguage, CodeParser } from '../../server/src/core/code/syntax';
import { TreeSitterParsers } from '../../server/src/code/treeSitter';
import { nodeWasmLoader } from '../../server/src/node/wasm';
import { loadCodeParsers } from './codeParsers';
import { applyEdits, applyProvenFix, fixedAnalysis } from './helpers';

/**
 * The official Kotlin and Swift MCP SDKs' declarations (modelcontextprotocol/kotlin-sdk @a06d699d,
 * modelcontextprotocol/swift-sdk @6132fd4b), read like the other languages'.
 */
let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (language: CodeLanguage): AnalysisOptions => ({ language, code: parser });
const at = (text: string, range: { start: number; end: number }) => text.slice(range.start, range.end);

/** Each census as `server: tool, tool`, in document order. */
function censuses(text: string, language: CodeLanguage): string[] {
  const analysis = fixedAnalysis(text, opts(language));
  return analysis.requests.map(
    (r) => `${r.serverName ?? '-'}: ${r.tools.map((i) => analysis.tools[i]!.name).join(', ')}`,
  );
}

function applyFix(text: string, language: CodeLanguage, finding: Finding): string {
  return applyProvenFix(text, opts(language), finding);
}

const FORMS: readonly {
  readonly label: string;
  readonly language: CodeLanguage;
  readonly text: string;
  readonly names: readonly string[];
  readonly computed: number;
}[] = [
  {
    label:
      'Kotlin: addTool(name = ...), addTool("x", "d"), a const, Tool(...) values; addTool(tool) is read at its Tool',
    language: 'kotlin',
    text: `import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.types.Tool

const val ECHO = "echo"

object Names {
    const val SEARCH = "search"
}

fun configure(server: Server) {
    server.addTool(name = "weather", description = "Weather") { request -> result() }
    server.addTool(description = "Add", name = "add") { result() }
    server.addTool(ECHO, "Echo back", inputSchema = ToolSchema()) { result() }
    server.addTool(Names.SEARCH, "Search") { result() }
    server.addTool(Tool(name = """raw.tool""", inputSchema = ToolSchema())) { result() }
    server.addTool(Tool("positional", ToolSchema())) { result() }
    server.addTool(prebuilt) { result() }
    server.addTools(listOf(RegisteredTool(Tool(name = "listed", inputSchema = ToolSchema()), handler)))
    // server.addTool(name = "commented", description = "d") { }
    server.addTool(name = "hi $who", description = "template") { result() }
    server.addTool(name = computedName(), description = "call") { result() }
}
`,
    names: ['weather', 'add', 'echo', 'search', 'raw.tool', 'positional', 'listed'],
    computed: 2,
  },
  {
    label:
      'Kotlin: a private const val of a companion object, bare inside its class and qualified outside; a var is not',
    language: 'kotlin',
    text: `import io.modelcontextprotocol.kotlin.sdk.server.Server

class Adapter(private val server: Server) {
    companion object {
        private const val TOOL_CREATE = "scopes.create"
        var mutable = "not.constant"
    }

    fun register() {
        server.addTool(name = TOOL_CREATE, description = "Create") { result() }
        server.addTool(name = mutable, description = "Var") { result() }
    }
}

fun elsewhere(server: Server) {
    server.addTool(Adapter.TOOL_CREATE, "Again") { result() }
}
`,
    names: ['scopes.create', 'scopes.create'],
    computed: 1,
  },
  {
    label:
      'Kotlin: beside a server made in the file, addTool on a parameter or property typed Server counts; on others not',
    language: 'kotlin',
    text: `import io.modelcontextprotocol.kotlin.sdk.server.Server

fun create(): Server {
    val made = Server(Implementation("made", "1"), options)
    register(made)
    return made
}

fun register(mcp: Server) {
    mcp.addTool(name = "by.parameter", description = "d") { result() }
    registry.addTool(name = "not.a.server", description = "d") { result() }
}

class Tools(private val host: Server?) {
    fun add() = host.addTool(name = "by.property", description = "d") { result() }
}
`,
    names: ['by.parameter', 'by.property'],
    computed: 0,
  },
  {
    label: 'Kotlin: a Tool or addTool in a file that names no Kotlin SDK is no tool',
    language: 'kotlin',
    text: `import com.example.agent.Tool\n\nfun f() {\n    val t = Tool(name = "not.mcp")\n    registry.addTool(name = "not_mcp", description = "d") { }\n}\n`,
    names: [],
    computed: 0,
  },
  {
    label:
      'Swift: Tool(name:) values in a ListTools handler, a static constant, a raw string; interpolation is computed',
    language: 'swift',
    text: `import MCP

enum ToolNames {
    static let search = "search"
}
let echoName = "echo"

let server = Server(name: "weather-server", version: "1.0.0", capabilities: .init(tools: .init()))

await server.withMethodHandler(ListTools.self) { _ in
    let tools = [
        Tool(name: "weather", description: "Weather", inputSchema: .object([:])),
        Tool(name: echoName, description: nil, inputSchema: .object([:])),
        Tool(name: ToolNames.search, description: "Search", inputSchema: .object([:])),
        Tool(name: #"raw.name"#, description: "Raw", inputSchema: .object([:])),
        // Tool(name: "commented", description: "d", inputSchema: .object([:])),
        Tool(name: "tool_\\(index)", description: "Computed", inputSchema: .object([:])),
    ]
    return .init(tools: tools)
}
`,
    names: ['weather', 'echo', 'search', 'raw.name'],
    computed: 1,
  },
  {
    label:
      "Swift: a String enum case's raw value names a tool (.rawValue), its own name when it has none; cases listed together are computed; MCP.Tool",
    language: 'swift',
    text: `import MCP

enum ToolName: String, CaseIterable {
    case search = "search_docs"
    case implicit
    case a, b
}

let server = MCP.Server(name: "docs", version: "1.0.0")
let tools = [
    Tool(name: ToolName.search.rawValue, description: "Search", inputSchema: .object([:])),
    Tool(name: ToolName.implicit.rawValue, description: "Implicit", inputSchema: .object([:])),
    Tool(name: ToolName.a.rawValue, description: "A", inputSchema: .object([:])),
    MCP.Tool(name: "qualified", description: "Q", inputSchema: .object([:])),
]
`,
    names: ['search_docs', 'implicit', 'qualified'],
    computed: 1,
  },
  {
    label: 'Swift: a Tool in a file that does not import MCP is no tool',
    language: 'swift',
    text: `import Foundation\n\nstruct Tool { let name: String }\nlet t = Tool(name: "not.mcp")\n`,
    names: [],
    computed: 0,
  },
];

describe('source code: Kotlin and Swift MCP SDKs', () => {
  for (const form of FORMS) {
    test(form.label, () => {
      const analysis = fixedAnalysis(form.text, opts(form.language));
      assert.deepEqual(
        analysis.tools.map((t) => t.name),
        form.names,
      );
      for (const tool of analysis.tools) {
        const token = at(form.text, tool.declaration.name.range);
        assert.ok(token.includes(tool.name ?? '\u0000'), `${tool.name} at ${token}`);
      }
      assert.equal(analysis.code?.computedNames.length ?? 0, form.computed, 'computed names counted');
    });
  }

  test('Kotlin: Server(Implementation(...)) names its server, named or positional; a trailing lambda holds its tools', () => {
    const text = `import io.modelcontextprotocol.kotlin.sdk.server.Server

fun Application.module() {
    mcp {
        Server(serverInfo = Implementation(name = "alpha", version = "1"), options = options) {
            addTool(name = "get.item", description = "Get") { result() }
        }
    }
    mcp {
        Server(Implementation("beta", "1"), options) {
            addTool("get_item", "Get") { result() }
        }
    }
}
`;
    assert.deepEqual(censuses(text, 'kotlin'), ['alpha: get.item', 'beta: get_item']);
    assert.deepEqual(
      fixedAnalysis(text, opts('kotlin')).findings.filter((f) => f.code === 'wire-collision'),
      [],
      'two servers: no collision between them',
    );
  });

  test('Kotlin: tools of one server collide on the wire; the fix rewrites the literal in its own style', () => {
    const text = `import io.modelcontextprotocol.kotlin.sdk.server.Server

val server = Server(serverInfo = Implementation(name = "orders", version = "1"), options = options)

fun main() {
    server.addTool(name = "orders.get", description = "Get") { result() }
    server.addTool(name = """orders_get""", description = "Get too") { result() }
}
`;
    assert.deepEqual(censuses(text, 'kotlin'), ['orders: orders.get, orders_get']);
    const collisions = fixedAnalysis(text, opts('kotlin')).findings.filter((f) => f.code === 'wire-collision');
    assert.equal(collisions.length, 1);
    const finding = collisions[0]!;
    assert.equal(at(text, finding.range), '"orders.get"');
    const fixed = applyFix(text, 'kotlin', finding);
    assert.match(fixed, /addTool\(name = "[^"]+", description = "Get"\)/);
    assert.ok(fixed.includes('"""orders_get"""'), 'the raw string is untouched');
  });

  test("Swift: the tools of one list share the file's server; a collision is fixed on the literal", () => {
    const text = `import MCP

let server = Server(name: "orders", version: "1.0.0")

await server.withMethodHandler(ListTools.self) { _ in
    .init(tools: [
        Tool(name: "orders.get", description: "Get", inputSchema: .object([:])),
        Tool(name: "orders_get", description: "Get too", inputSchema: .object([:])),
    ])
}
`;
    assert.deepEqual(censuses(text, 'swift'), ['orders: orders.get, orders_get']);
    const collisions = fixedAnalysis(text, opts('swift')).findings.filter((f) => f.code === 'wire-collision');
    assert.equal(collisions.length, 1);
    assert.equal(at(text, collisions[0]!.range), '"orders.get"');
    const fixed = applyFix(text, 'swift', collisions[0]!);
    assert.match(fixed, /Tool\(name: "[^"]+", description: "Get",/);
  });

  test("Swift: a collision on a case's implicit raw value is fixed by giving the case a raw value, never renaming it", () => {
    const text = `import MCP

enum ToolName: String {
  case ordersGet = "orders.get"
  case orders_get
}

let server = Server(name: "orders", version: "1.0.0")

await server.withMethodHandler(ListTools.self) { _ in
    .init(tools: [
        Tool(name: ToolName.orders_get.rawValue, description: "Get", inputSchema: .object([:])),
        Tool(name: ToolName.ordersGet.rawValue, description: "Get too", inputSchema: .object([:])),
    ])
}
`;
    const analysis = fixedAnalysis(text, opts('swift'));
    assert.deepEqual(
      analysis.tools.map((t) => [t.name, at(text, t.declaration.name.range)]),
      [
        ['orders_get', 'orders_get'],
        ['orders.get', '"orders.get"'],
      ],
    );
    const collisions = analysis.findings.filter((f) => f.code === 'wire-collision');
    assert.equal(collisions.length, 1);
    // Whichever tool the fix renames, the enum keeps its cases: a literal is rewritten, or a raw value added.
    const fixed = applyFix(text, 'swift', collisions[0]!);
    assert.match(fixed, /case ordersGet = "[^"]+"\n {2}case orders_get( = "[^"]+")?\n/);
    assert.equal(fixedAnalysis(fixed, opts('swift')).findings.filter((f) => f.code === 'wire-collision').length, 0);
  });

  test("Swift: the rename of a tool named by a case's implicit raw value adds the raw value", () => {
    const text = `import MCP\n\nenum ToolName: String {\n  case greet\n}\n\nlet tools = [Tool(name: ToolName.greet.rawValue, description: "Hi", inputSchema: .object([:]))]\n`;
    const plan = planRename(text, opts('swift'), text.indexOf('greet') + 1, 'say_hello');
    assert.equal(plan.kind, 'edits', plan.kind === 'refused' ? plan.reason : '');
    const renamed = applyEdits(text, plan.kind === 'edits' ? plan.edits : []);
    assert.match(renamed, /case greet = "say_hello"\n/);
    assert.deepEqual(
      fixedAnalysis(renamed, opts('swift')).tools.map((t) => t.name),
      ['say_hello'],
    );
  });

  test('manifests: a build.gradle.kts names the Kotlin SDK (and the Java SDK beside it); a Package.swift the Swift SDK', () => {
    assert.deepEqual(
      librariesInManifest(
        'build.gradle.kts',
        'dependencies {\n    implementation("io.modelcontextprotocol:kotlin-sdk:0.8.1")\n    implementation("io.modelcontextprotocol.sdk:mcp:0.11.0")\n}\n',
      ),
      ['mcp-java-sdk', 'mcp-kotlin-sdk'],
    );
    assert.deepEqual(
      librariesInManifest('pom.xml', '<dependency><groupId>org.jetbrains.kotlin</groupId></dependency>'),
      [],
    );
    assert.deepEqual(
      librariesInManifest(
        'Package.swift',
        'let package = Package(\n    name: "Weather",\n    dependencies: [\n        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.10.0"),\n    ]\n)\n',
      ),
      ['mcp-swift-sdk'],
    );
    assert.deepEqual(
      librariesInManifest('Package.swift', '.package(url: "https://github.com/apple/swift-log.git", from: "1.5.0")'),
      [],
    );
  });

  test('a Kotlin or Swift file of a package whose manifest names the SDK is read though it imports nothing', () => {
    const kotlin =
      'fun register(server: Server) {\n    server.addTool(name = "helper.tool", description = "d") { }\n}\n';
    const swift = 'let helperTools = [Tool(name: "helper.tool", description: "d", inputSchema: .object([:]))]\n';
    assert.deepEqual(
      fixedAnalysis(kotlin, opts('kotlin')).tools.map((t) => t.name),
      [],
    );
    assert.deepEqual(
      fixedAnalysis(kotlin, { ...opts('kotlin'), code: { ...parser, projectLibraries: ['mcp-kotlin-sdk'] } }).tools.map(
        (t) => t.name,
      ),
      ['helper.tool'],
    );
    assert.deepEqual(
      fixedAnalysis(swift, { ...opts('swift'), code: { ...parser, projectLibraries: ['mcp-swift-sdk'] } }).tools.map(
        (t) => t.name,
      ),
      ['helper.tool'],
    );
  });

  test('ordinary Kotlin and Swift code with no SDK is not parsed and yields nothing', () => {
    const kotlin = 'package app\n\nfun main() {\n    val tools = listOf(Tool(name = "x.y"))\n    println(tools)\n}\n';
    const swift =
      'import SwiftUI\n\nstruct ContentView: View {\n    var body: some View { Text("Tool(name: \\"x.y\\")") }\n}\n';
    for (const [text, language] of [
      [kotlin, 'kotlin'],
      [swift, 'swift'],
    ] as const) {
      const analysis = fixedAnalysis(text, opts(language));
      assert.deepEqual(analysis.findings, [], language);
      assert.equal(analysis.code?.parsed ?? false, false, `${language}: not parsed`);
    }
  });

  test('writers: Kotlin escapes $ and keeps a raw string raw when it can; Swift keeps #"..."# raw when it can', () => {
    assert.equal(writeKotlinString('"a"', 'cost$x'), '"cost\\$x"');
    assert.equal(writeKotlinString('"a"', 'tab\there'), '"tab\\there"');
    assert.equal(writeKotlinString('"""a"""', 'raw_ok'), '"""raw_ok"""');
    assert.equal(writeKotlinString('"""a"""', 'has$'), '"has\\$"');
    assert.equal(writeSwiftString('"a"', 'q"\u0001'), '"q\\"\\u{1}"');
    assert.equal(writeSwiftString('#"a"#', 'back\\slash'), '#"back\\slash"#');
    assert.equal(writeSwiftString('#"a"#', 'ends"#'), '"ends\\"#"');
  });

  test("a grammar's first compilation runs through the loader's hook, once, and the grammar parses after it", async () => {
    const node = nodeWasmLoader();
    const compiled: string[] = [];
    const parsers = new TreeSitterParsers({
      ...node,
      firstCompile: (grammar, compile) => {
        compiled.push(grammar);
        return node.firstCompile ? node.firstCompile(grammar, compile) : compile();
      },
    });
    assert.ok(await parsers.load('swift'));
    assert.ok(await parsers.load('swift'));
    assert.ok(await parsers.load('kotlin'));
    assert.deepEqual(compiled, ['swift', 'kotlin']);
    const text = 'import MCP\nlet t = Tool(name: "after.hook", description: "d")\n';
    const analysis = fixedAnalysis(text, { language: 'swift', code: parsers.parserFor('hook') });
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['after.hook'],
    );
    parsers.dispose();
  });
});
