import type { AnalysisOptions, CodeGrammar } from '../server/src/core';
import { analyze } from '../server/src/core/analyze';
import { TreeSitterParsers } from '../server/src/code/treeSitter';
import { nodeWasmLoader } from '../server/src/node/wasm';
import { compare } from './measure';
import { fastMcpServer, ordinaryFile, typescriptServer } from './sourceFiles';

/**
 * Source code, ratios in the same run against a fresh tree-sitter parse of the same text (what
 * reading the file at all would cost):
 * - a 5,000-line TypeScript file with no MCP import: analyze must cost a string search, far below
 *   a parse (the ratio should be near 0);
 * - a TypeScript server of 1k `server.registerTool(...)` declarations and a Python FastMCP one of
 *   1k `@mcp.tool()` functions (handlers with calls of their own, as real ones have): a fresh
 *   analysis (parse, declarations, census and checks) against the parse (aim 1.3x), and the
 *   re-analysis after a one-character edit inside one declaration's description, which reparses
 *   from the previous tree, against the fresh analysis (aim 0.3x).
 */
export async function benchSource(quick: boolean): Promise<void> {
  const parsers = new TreeSitterParsers(nodeWasmLoader());
  await parsers.load('typescript');
  await parsers.load('python');
  const runs = quick ? 5 : 15;
  const fresh = (text: string, grammar: CodeGrammar) => {
    const scratch = parsers.parserFor('fresh');
    parsers.forget('fresh');
    scratch.parse(text, grammar);
  };
  console.log('\nsource: analyze() against a fresh tree-sitter parse of the same text');
  const plain = ordinaryFile(5_000);
  const options: AnalysisOptions = { language: 'typescript', code: parsers.parserFor('plain') };
  const none = compare(
    () => fresh(plain, 'typescript'),
    () => void analyze(plain, options),
    runs,
  );
  console.log(
    `typescript  5000 lines, no MCP import  parse ${ms(none.baseline)}  analyze ${ms(none.subject)}  ${none.ratio.toFixed(4)}x parse`,
  );
  const tools = 1000;
  for (const [language, server, at] of [
    ['typescript', typescriptServer(tools), 'Use it when the user asks about item 500.'],
    ['python', fastMcpServer(tools), 'Use it when the user asks about item 500.'],
  ] as const) {
    const run = (key: string, text: string) => void analyze(text, { language, code: parsers.parserFor(key) });
    const full = compare(
      () => fresh(server, language),
      () => {
        parsers.forget('full');
        run('full', server);
      },
      runs,
    );
    // Alternate two texts one character apart: every analysis reparses from the other's tree.
    const edited = server.replace(at, at.replace('asks', 'askz'));
    let flip = false;
    const edit = compare(
      () => {
        parsers.forget('full');
        run('full', server);
      },
      () => {
        flip = !flip;
        run('edit', flip ? edited : server);
      },
      runs,
    );
    parsers.forget('full');
    parsers.forget('edit');
    const kb = (server.length / 1024).toFixed(0);
    const label = `${language.padEnd(10)}  ${tools} tools, ${kb} KB`.padEnd(36);
    console.log(
      `${label}  parse ${ms(full.baseline)}  analyze ${ms(full.subject)}  ${full.ratio.toFixed(2)}x parse (aim 1.3x)`,
    );
    console.log(
      `${label}  after a description edit ${ms(edit.subject)}  ${edit.ratio.toFixed(2)}x a fresh analysis (aim 0.3x)`,
    );
  }
  parsers.dispose();
}

const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;
