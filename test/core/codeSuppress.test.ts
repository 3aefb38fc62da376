import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { commentSuppressor, suppressionRemover, type AnalysisOptions } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import type { CodeLanguage, CodeParser } from '../../server/src/core/code/syntax';
import { applyEdits } from './helpers';
import { loadCodeParsers } from './codeParsers';

/**
 * Suppressions in source code: comments are found by
 * tree-sitter, so a directive inside a string or a template literal is text, not a directive.
 */
let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

// renamed-on-wire (off by default) turned on: the finding these tests silence.
const opts = (language: CodeLanguage): AnalysisOptions => ({
  language,
  code: parser,
  severity: { 'renamed-on-wire': 'hint' },
});
const codes = (text: string, language: CodeLanguage) => analyze(text, opts(language)).findings.map((f) => f.code);

const TS = (above: string) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'admin', version: '1.0.0' });
${above}server.registerTool('get.weather', { description: 'Weather' }, async () => ({ content: [] }));
`;

const PY = (above: string) => `from mcp.server.fastmcp import FastMCP
mcp = FastMCP("orders")

${above}@mcp.tool(name="orders.get")
def orders_get() -> str:
    return ""
`;

const CS = (above: string, between = '') => `using ModelContextProtocol.Server;

public class Orders
{
    ${above}[McpServerTool(Name = "orders.get")]
    public string Get() => "";

    [McpServerTool]
    ${between}public string GetWeather() => "";
}
`;

const RB = (above: string) => `require "mcp"
server = MCP::Server.new(name: "orders")
${above}server.define_tool(name: "orders.get") { |args| MCP::Tool::Response.new([]) }
`;

const PHP = (above: string) => `<?php
use Mcp\\Capability\\Attribute\\McpTool;

class Orders
{
    ${above}#[McpTool(name: 'orders.get')]
    public function get(): string { return ''; }
}
`;

describe('suppressions in source code', () => {
  test('TypeScript: a // directive above the call silences the finding on its name', () => {
    assert.ok(codes(TS(''), 'typescript').includes('renamed-on-wire'));
    assert.deepEqual(
      codes(TS('// toolwire-disable-next-line renamed-on-wire -- dots are fine here\n'), 'typescript'),
      [],
    );
  });

  test('TypeScript: a /* */ directive alone on its line counts; one inside a string does not', () => {
    assert.deepEqual(codes(TS('/* toolwire-disable-next-line renamed-on-wire */\n'), 'typescript'), []);
    const inString = TS('const note = "// toolwire-disable-next-line renamed-on-wire";\n');
    assert.ok(codes(inString, 'typescript').includes('renamed-on-wire'), 'a string is not a comment');
    const inTemplate = TS('const note = `\n// toolwire-disable-next-line renamed-on-wire\n`;\n');
    assert.ok(codes(inTemplate, 'typescript').includes('renamed-on-wire'), 'a template literal is not a comment');
  });

  test('Python: a # directive above the decorator line silences the finding on its name', () => {
    assert.ok(codes(PY(''), 'python').includes('renamed-on-wire'));
    assert.deepEqual(codes(PY('# toolwire-disable-next-line renamed-on-wire\n'), 'python'), []);
    const docstring = PY('"""\n# toolwire-disable-next-line renamed-on-wire\n"""\n');
    assert.ok(codes(docstring, 'python').includes('renamed-on-wire'), 'a docstring is not a comment');
  });

  test('C#: a // or /* */ directive above the attribute silences the finding on its Name literal', () => {
    assert.ok(codes(CS(''), 'csharp').includes('renamed-on-wire'));
    assert.deepEqual(codes(CS('// toolwire-disable-next-line renamed-on-wire\n    '), 'csharp'), []);
    assert.deepEqual(codes(CS('/* toolwire-disable-next-line renamed-on-wire */\n    '), 'csharp'), []);
    const verbatim = CS('const string Note = @"\n// toolwire-disable-next-line renamed-on-wire\n";\n    ');
    assert.ok(codes(verbatim, 'csharp').includes('renamed-on-wire'), 'a verbatim string is not a comment');
  });

  test('C#: a default-named tool is silenced on its method line, below the attribute', () => {
    const twice = (between: string) =>
      `using ModelContextProtocol.Server;\nclass T\n{\n    [McpServerTool]\n    public string GetTime() => "";\n    [McpServerTool]\n    ${between}public string Get_Time() => "";\n}\n`;
    const found = analyze(twice(''), opts('csharp')).findings.filter((f) => f.code === 'wire-collision');
    assert.deepEqual(
      found.map((f) => twice('').slice(f.range.start, f.range.end)),
      ['Get_Time'],
    );
    assert.deepEqual(
      codes(twice('// toolwire-disable-next-line wire-collision -- kept for old clients\n    '), 'csharp'),
      [],
    );
  });

  test('Ruby: a # directive above the call (or a tool class) silences it; one in a heredoc does not', () => {
    assert.ok(codes(RB(''), 'ruby').includes('renamed-on-wire'));
    assert.deepEqual(codes(RB('# toolwire-disable-next-line renamed-on-wire -- legacy client\n'), 'ruby'), []);
    const heredoc = RB('NOTE = <<~TEXT\n  # toolwire-disable-next-line renamed-on-wire\nTEXT\n');
    assert.ok(codes(heredoc, 'ruby').includes('renamed-on-wire'), 'a heredoc is not a comment');
    const tool = 'require "mcp"\nclass Orders < MCP::Tool\n  tool_name "orders.get"\nend\n';
    assert.ok(codes(tool, 'ruby').includes('renamed-on-wire'));
    const silenced = tool.replace('  tool_name', '  # toolwire-disable-next-line renamed-on-wire\n  tool_name');
    assert.deepEqual(codes(silenced, 'ruby'), []);
  });

  test('PHP: a // or # directive above the attribute silences it; one in a string does not', () => {
    assert.ok(codes(PHP(''), 'php').includes('renamed-on-wire'));
    assert.deepEqual(codes(PHP('// toolwire-disable-next-line renamed-on-wire\n    '), 'php'), []);
    assert.deepEqual(codes(PHP('# toolwire-disable-next-line renamed-on-wire\n    '), 'php'), []);
    const inString = PHP("const NOTE = '\n// toolwire-disable-next-line renamed-on-wire';\n    ");
    assert.ok(codes(inString, 'php').includes('renamed-on-wire'), 'a string is not a comment');
  });

  test('a directive for a code that is off by default is not stale: it silences it once turned on', () => {
    const text = TS('// toolwire-disable-next-line renamed-on-wire\n');
    const findings = analyze(text, { language: 'typescript', code: parser }).findings;
    assert.deepEqual(
      findings.map((f) => f.code),
      [],
    );
    assert.deepEqual(
      analyze(TS(''), { language: 'typescript', code: parser }).findings.map((f) => f.code),
      [],
    );
  });

  test('a stale directive is reported, and its removal edit takes the line away', () => {
    const text = TS('// toolwire-disable-next-line wire-collision\n');
    const analysis = analyze(text, opts('typescript'));
    const unused = analysis.findings.find((f) => f.code === 'unused-suppression');
    assert.ok(unused, analysis.findings.map((f) => f.code).join());
    const edit = suppressionRemover(text, 'typescript', parser)(unused.range);
    assert.ok(edit);
    assert.equal(applyEdits(text, [edit]), TS(''));
  });

  test("the quick fix writes the language's own comment, and the result is silenced", () => {
    for (const [language, text] of [
      ['typescript', TS('')],
      ['python', PY('')],
      ['csharp', CS('')],
      ['ruby', RB('')],
      ['php', PHP('')],
    ] as const) {
      const finding = analyze(text, opts(language)).findings.find((f) => f.code === 'renamed-on-wire')!;
      const after = applyEdits(text, [commentSuppressor(text, language)(finding)]);
      assert.ok(
        after.includes(
          language === 'python' || language === 'ruby'
            ? '# toolwire-disable-next-line renamed-on-wire\n'
            : '// toolwire-disable-next-line renamed-on-wire\n',
        ),
        after,
      );
      assert.deepEqual(codes(after, language), [], after);
    }
  });

  test('Kotlin and Swift: a // or /* */ directive above the name silences it; one inside a string does not', () => {
    const kotlin = (above: string) =>
      `import io.modelcontextprotocol.kotlin.sdk.server.Server\nfun f() {\n  ${above}server.addTool(name = "get.weather", description = "d") { }\n}\n`;
    const swift = (above: string) =>
      `import MCP\nlet tools = [\n  ${above}Tool(name: "get.weather", description: "d"),\n]\n`;
    for (const [text, language] of [
      [kotlin, 'kotlin'],
      [swift, 'swift'],
    ] as const) {
      assert.ok(codes(text(''), language).includes('renamed-on-wire'), language);
      assert.deepEqual(codes(text('// toolwire-disable-next-line renamed-on-wire\n  '), language), [], language);
      assert.deepEqual(codes(text('/* toolwire-disable-next-line renamed-on-wire */\n  '), language), [], language);
      const binding = language === 'kotlin' ? 'val' : 'let';
      const inString = text(`${binding} note = "// toolwire-disable-next-line renamed-on-wire"\n  `);
      assert.ok(codes(inString, language).includes('renamed-on-wire'), `${language}: a string is not a comment`);
    }
  });

  test('a file that declares no tools has no directives (nothing is reported on it)', () => {
    const plain = 'export const x = 1;\n// toolwire-disable-next-line wire-collision\nexport const y = 2;\n';
    assert.deepEqual(codes(plain, 'typescript'), []);
  });
});
