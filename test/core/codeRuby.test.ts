import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { planRename, type AnalysisOptions, type Finding } from '../../server/src/core';
import { deriveName } from '../../server/src/core/code/derivedNames';
import { librariesInManifest } from '../../server/src/core/code/manifests';
import { rubyStringValue, writeRubyString } from '../../server/src/core/code/strings';
import type { CodeParser } from '../../server/src/core/code/syntax';
import { applyEdits, applyProvenFix, fixedAnalysis } from './helpers';
import { loadCodeParsers } from './codeParsers';

/** The MCP Ruby SDK's declarations (modelcontextprotocol/ruby-sdk), read as the SDK names them. */
let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (): AnalysisOptions => ({ language: 'ruby', code: parser });
const names = (text: string) => fixedAnalysis(text, opts()).tools.map((t) => t.name);
const at = (text: string, range: { start: number; end: number }) => text.slice(range.start, range.end);
const collisions = (text: string) => fixedAnalysis(text, opts()).findings.filter((f) => f.code === 'wire-collision');

function applyFix(text: string, finding: Finding): string {
  return applyProvenFix(text, opts(), finding);
}

const FORMS: readonly { readonly label: string; readonly text: string; readonly names: readonly string[] }[] = [
  {
    label: 'a tool class is named by tool_name, else after its class as the SDK derives it',
    text: `require "mcp"\n\nmodule DockerMCP\n  class ExecContainer < MCP::Tool\n    description "Run"\n  end\n\n  class HTTPFetch < ::MCP::Tool\n  end\n\n  class Tools::ListV2Images < MCP::Tool\n  end\n\n  class Weather < MCP::Tool\n    tool_name "get_weather"\n    description "Weather"\n  end\nend\n`,
    names: ['exec_container', 'http_fetch', 'list_v2_images', 'get_weather'],
  },
  {
    label: 'tool_name inside a method, or a class of another base, names nothing',
    text: `require "mcp"\n\nclass Helper < Base\n  tool_name "not_a_tool"\nend\n\nclass Echo < MCP::Tool\n  def self.label\n    tool_name "inside_a_method"\n  end\nend\n`,
    names: ['echo'],
  },
  {
    label: 'MCP::Tool.define(name:) and server.define_tool(name:) with strings, symbols and constants',
    text: `require "mcp"\n\nmodule Names\n  SEARCH = "search.docs".freeze\nend\nGREET = 'greet'\n\nserver = MCP::Server.new(name: "docs", version: "1.0")\nserver.define_tool(name: Names::SEARCH, description: "d") { |args| args }\nserver.define_tool(name: :list_pages) { |args| args }\nserver.define_tool(name: GREET) do |args|\n  args\nend\necho = MCP::Tool.define(name: "echo", description: "Echo") { |message:| message }\n`,
    names: ['search.docs', 'list_pages', 'greet', 'echo'],
  },
  {
    label: 'computed names are counted, never guessed: a local, an interpolation, name: shorthand, a method call',
    text: `require "mcp"\n\nserver = MCP::Server.new(name: "s")\nserver.define_tool(name: tool_name) { }\nserver.define_tool(name: "get_#{kind}") { }\nserver.define_tool(name:, description: "d") { }\nserver.define_tool(name: spec.fetch("name")) { }\nclass Dynamic < MCP::Tool\n  tool_name NAMES.first\nend\n`,
    names: [],
  },
  {
    label: 'a file that names no MCP:: (another gem, ordinary code) is not read',
    text: `require "fast_mcp"\n\nclass Search < FastMcp::Tool\n  tool_name "search"\nend\nserver.define_tool(name: "x y") { }\n`,
    names: [],
  },
];

describe('Ruby: the MCP Ruby SDK', () => {
  for (const form of FORMS)
    test(form.label, () => {
      assert.deepEqual(names(form.text), form.names);
    });

  test('the computed names of those declarations are counted where they are written', () => {
    const text = FORMS[3]!.text;
    const computed = fixedAnalysis(text, opts()).code?.computedNames ?? [];
    assert.deepEqual(
      computed.map((r) => at(text, r)),
      ['tool_name', '"get_#{kind}"', 'name', 'spec.fetch("name")', 'NAMES.first'],
    );
  });

  test("the SDK's class-name handle: demodulize, a _ before each capital that starts a word, lower case", () => {
    for (const [own, expected] of [
      ['ExampleTool', 'example_tool'],
      ['HTTPFetch', 'http_fetch'],
      ['Tool2Go', 'tool2_go'],
      ['MyApp::Tools::GetURLInfo', 'get_url_info'],
      ['Example_Tool', 'example_tool'],
      ['ABC', 'abc'],
    ] as const)
      assert.equal(deriveName('ruby-class-handle', { name: own }), expected, own);
  });

  test('findings sit on the literal, or on the class name for a default; the constant literal takes the edit', () => {
    const text = `require "mcp"\nmodule Names\n  BAD = "bad name"\nend\nclass Clock < MCP::Tool\n  tool_name "get_time"\nend\nclass GetTime < MCP::Tool\nend\nserver = MCP::Server.new(name: "s")\nserver.define_tool(name: Names::BAD) { }\n`;
    const analysis = fixedAnalysis(text, opts());
    const found = analysis.findings.filter((f) => f.code === 'wire-collision');
    assert.deepEqual(
      found.map((f) => at(text, f.range)),
      ['GetTime'],
    );
    const invalid = analysis.findings.find((f) => f.code === 'invalid-name');
    assert.equal(invalid && at(text, invalid.range), '"bad name"');
    assert.match(applyFix(text, invalid!), /BAD = "bad_name"\n/);
  });

  test('a default-named class is fixed with a tool_name line of its own, never by renaming the class', () => {
    const text = `require "mcp"\n\nmodule Clock\n  class Other < MCP::Tool\n    tool_name 'get_time'\n  end\n\n  class GetTime < MCP::Tool\n    description "Now"\n  end\nend\n`;
    const [finding] = collisions(text);
    assert.ok(finding);
    const fixed = applyFix(text, finding);
    assert.match(fixed, /\n {2}class GetTime < MCP::Tool\n {4}tool_name "[a-z0-9_-]+"\n {4}description "Now"\n/);
    assert.equal(collisions(fixed).length, 0);
    const renamed = planRename(text, opts(), text.indexOf('GetTime') + 1, 'now');
    assert.equal(renamed.kind, 'edits', renamed.kind === 'refused' ? renamed.reason : '');
    const once = applyEdits(text, renamed.kind === 'edits' ? renamed.edits : []);
    assert.match(once, /class GetTime < MCP::Tool\n {4}tool_name "now"\n/);
    assert.deepEqual(names(once), ['get_time', 'now']);
    // A literal keeps its quotes: single stays single.
    const other = planRename(text, opts(), text.indexOf("'get_time'") + 2, 'get_clock');
    assert.equal(other.kind, 'edits', other.kind === 'refused' ? other.reason : '');
    assert.match(applyEdits(text, other.kind === 'edits' ? other.edits : []), /tool_name 'get_clock'/);
  });

  test('a symbol name stays a symbol when it can, and becomes a quoted symbol when it cannot', () => {
    const text = `require "mcp"\nserver = MCP::Server.new(name: "s")\nserver.define_tool(name: :list_pages) { }\nserver.define_tool(name: :"list_pages") { }\nserver.define_tool(name: :list_pages) { }\n`;
    const [finding] = collisions(text);
    assert.ok(finding);
    assert.match(applyFix(text, finding), /name: :list_pages_2\) \{ \}\nserver\.define_tool\(name: :list_pages\)/);
  });
});

describe('Ruby: one census per server object', () => {
  const cases: readonly (readonly [string, string, number, number])[] = [
    [
      'two servers in two RSpec examples with one tool name: no collision',
      `require "mcp"\nRSpec.describe "s" do\n  it "a" do\n    server = MCP::Server.new(name: "a")\n    server.define_tool(name: "x") { }\n  end\n  it "b" do\n    server = MCP::Server.new(name: "b")\n    server.define_tool(name: "x") { }\n  end\nend\n`,
      2,
      0,
    ],
    [
      '@server made in initialize is the server of every method of its class',
      `require "mcp"\nclass Server\n  def initialize\n    @server = MCP::Server.new(name: "s")\n  end\n  def holdings\n    @server.define_tool(name: "get.holdings") { }\n  end\n  def positions\n    @server.define_tool(name: "get_holdings") { }\n  end\nend\n`,
      2,
      1,
    ],
    [
      '@server of a test class used in two test blocks: each test runs on a server of its own',
      `require "mcp"\nclass ServerTest < ActiveSupport::TestCase\n  setup do\n    @server = Server.new(name: "s")\n  end\n  test "a" do\n    @server.define_tool(name: "slow") { MCP::Tool::Response.new([]) }\n  end\n  test "b" do\n    @server.define_tool(name: "slow") { }\n  end\nend\n`,
      2,
      0,
    ],
    [
      'a helper given the server: one server per method, another helper another',
      `module BillTools\n  def self.register(server)\n    server.define_tool(name: "create.bill") { MCP::Tool::Response.new([]) }\n    server.define_tool(name: "create_bill") { }\n  end\nend\nmodule VendorTools\n  def self.register(server)\n    server.define_tool(name: "create_bill") { }\n  end\nend\n`,
      3,
      1,
    ],
    [
      'tool classes nested in two test classes are two sets of tools',
      `require "mcp"\nclass ATest < Minitest::Test\n  class Echo < MCP::Tool\n  end\nend\nclass BTest < Minitest::Test\n  class Echo < MCP::Tool\n  end\nend\n`,
      2,
      0,
    ],
    [
      "a file's tool classes are one set of tools",
      `require "mcp"\nmodule Tools\n  class GetTime < MCP::Tool\n  end\n  class Clock < MCP::Tool\n    tool_name "get.time"\n  end\nend\n`,
      2,
      1,
    ],
  ];
  for (const [what, text, tools, found] of cases)
    test(what, () => {
      assert.equal(fixedAnalysis(text, opts()).tools.length, tools);
      assert.equal(collisions(text).length, found);
    });

  test("tool classes listed in MCP::Server.new(tools: [...]) are that server's, with its define_tool calls", () => {
    const text = `require "mcp"\nmodule Tools\n  class Echo < MCP::Tool\n  end\nend\nclass Unlisted < MCP::Tool\n  tool_name 'echo'\nend\nserver = MCP::Server.new(name: "docs", tools: [Tools::Echo])\nserver.define_tool(name: "echo") { }\n`;
    const analysis = fixedAnalysis(text, opts());
    // Three tools in two censuses (the file's one server names both).
    const requestOf = (token: string) =>
      analysis.tools.find((t) => at(text, t.declaration.name.range) === token)?.request;
    assert.equal(requestOf('Echo'), requestOf('"echo"'));
    assert.notEqual(requestOf("'echo'"), requestOf('"echo"'));
    assert.deepEqual(
      analysis.requests.map((r) => r.serverName),
      ['docs', 'docs'],
    );
    // The listed class and the define_tool collide; the unlisted class is a census of its own.
    assert.deepEqual(
      collisions(text).map((f) => at(text, f.range)),
      ['"echo"'],
    );
  });

  test('the server is named from MCP::Server.new(name:)', () => {
    const text = `require "mcp"\nserver = MCP::Server.new(name: "docs", version: "1")\nserver.define_tool(name: "x") { }\n`;
    const analysis = fixedAnalysis(text, opts());
    assert.equal(analysis.requests.length, 1);
    assert.equal(analysis.requests[0]?.serverName, 'docs');
  });
});

describe('Ruby: literals and manifests', () => {
  test("string values: single quotes keep all but \\\\ and \\', double quotes decode Ruby escapes", () => {
    const text = `require "mcp"\nserver = MCP::Server.new(name: "s")\nserver.define_tool(name: 'a\\'b\\n') { }\nserver.define_tool(name: "c\\sd\\u{1F600}\\x41\\e") { }\nserver.define_tool(name: "\\C-x") { }\nserver.define_tool(name: %q(e)) { }\n`;
    assert.deepEqual(names(text), ["a'b\\n", 'c d\u{1F600}A\u001b']);
    assert.equal(fixedAnalysis(text, opts()).code?.computedNames.length, 2);
    void rubyStringValue;
  });

  test('the writer keeps the quote style and escapes what Ruby would read otherwise', () => {
    assert.equal(writeRubyString("'a'", "b'c\\"), "'b\\'c\\\\'");
    assert.equal(writeRubyString("'a'", 'b\nc'), '"b\\nc"');
    assert.equal(writeRubyString('"a"', 'x#{y}"\u0001'), '"x\\#{y}\\"\\u{1}"');
    assert.equal(writeRubyString(':a', 'b_c'), ':b_c');
    assert.equal(writeRubyString(':a', 'b.c'), ':"b.c"');
  });

  const rows: readonly (readonly [string, string, readonly string[]])[] = [
    ['Gemfile', 'source "https://rubygems.org"\n\ngem "mcp", "~> 0.4"\ngem "rails"\n', ['mcp-ruby-sdk']],
    ['docker_mcp.gemspec', "Gem::Specification.new do |spec|\n  spec.add_dependency 'mcp'\nend\n", ['mcp-ruby-sdk']],
    ['mcp.gemspec', 'Gem::Specification.new do |spec|\n  spec.name = "mcp"\nend\n', ['mcp-ruby-sdk']],
    ['Gemfile', 'gem "fast-mcp"\ngem "mcp-rb"\n# gem "mcp"\n', []],
  ];
  for (const [file, text, ids] of rows)
    test(`${file}: ${text.replace(/\s+/g, ' ').slice(0, 50)} → ${ids.join(', ') || 'none'}`, () => {
      assert.deepEqual(librariesInManifest(file, text), ids);
    });

  test('ordinary Ruby code is not parsed and yields nothing', () => {
    const text = `class Tool\n  def self.define(name:) = new\nend\nTool.define(name: "x y")\nserver.define_tool(name: "a b")\n`;
    const analysis = fixedAnalysis(text, opts());
    assert.deepEqual(analysis.tools, []);
    assert.deepEqual(analysis.findings, []);
    assert.equal(analysis.code?.parsed ?? false, false);
  });
});
