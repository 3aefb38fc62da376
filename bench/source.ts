import type { AnalysisOptions } from '../server/src/core';
import { analyze } from '../server/src/core/analyze';
import { TreeSitterParsers } from '../server/src/code/treeSitter';
import { nodeWasmLoader } from '../server/src/node/wasm';
import { compare } from './measure';

/**
 * Source code, ratios in the same run against a fresh tree-sitter parse of the
 * same text (what reading the file at all would cost):
 * - a 5,000-line TypeScript file with no MCP import: analyze must cost a string search, far below
 *   a parse (the ratio should be near 0);
 * - a file with 200 registered tools: a fresh analysis (parse + declarations + census + checks),
 *   and the re-analysis after a one-character edit, which reuses the previous tree (incremental).
 */
export async function benchSource(quick: boolean): Promise<void> {
  const parsers = new TreeSitterParsers(nodeWasmLoader());
  await parsers.load('typescript');
  const runs = quick ? 3 : 15;
  const fresh = (text: string) => {
    const scratch = parsers.parserFor('fresh');
    parsers.forget('fresh');
    scratch.parse(text, 'typescript');
  };
  console.log('\nsource: analyze(typescript) vs a fresh tree-sitter parse of the same text');
  const plain = ordinaryFile(5_000);
  const options: AnalysisOptions = { language: 'typescript', code: parsers.parserFor('plain') };
  const none = compare(
    () => fresh(plain),
    () => void analyze(plain, options),
    runs,
  );
  console.log(
    `5000 lines, no MCP import   parse ${none.baseline.toFixed(2).padStart(8)} ms  analyze ${none.subject.toFixed(3).padStart(8)} ms  ${none.ratio.toFixed(4)}x`,
  );

  const server = mcpServerFile(200);
  const full = compare(
    () => fresh(server),
    () => {
      parsers.forget('full');
      void analyze(server, { language: 'typescript', code: parsers.parserFor('full') });
    },
    runs,
  );
  console.log(
    `200 tools, fresh            parse ${full.baseline.toFixed(2).padStart(8)} ms  analyze ${full.subject.toFixed(2).padStart(8)} ms  ${full.ratio.toFixed(2)}x`,
  );
  // Alternate two texts one character apart: every analysis re-parses from the other's tree.
  const edited = server.replace("'tool_100'", "'tool_10x'");
  const incremental = { language: 'typescript', code: parsers.parserFor('edit') } as const;
  let flip = false;
  const edit = compare(
    () => fresh(server),
    () => {
      flip = !flip;
      void analyze(flip ? edited : server, incremental);
    },
    runs,
  );
  console.log(
    `200 tools, after an edit    parse ${edit.baseline.toFixed(2).padStart(8)} ms  analyze ${edit.subject.toFixed(2).padStart(8)} ms  ${edit.ratio.toFixed(2)}x`,
  );
  parsers.dispose();
}

/** Ordinary application code: classes, functions and string literals, no tool library imported. */
function ordinaryFile(lines: number): string {
  const out = ["import { readFile } from 'node:fs/promises';", ''];
  for (let i = 0; out.length < lines; i++) {
    out.push(
      `export class Service${i} {`,
      `  private readonly name = 'service.${i}';`,
      `  async load(path: string): Promise<string> {`,
      `    const text = await readFile(path, 'utf8');`,
      `    return text.length > ${i} ? this.name : \`\${path}:${i}\`;`,
      '  }',
      '}',
      '',
    );
  }
  return out.slice(0, lines).join('\n');
}

function mcpServerFile(tools: number): string {
  const out = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    '',
    "const server = new McpServer({ name: 'bench', version: '1.0.0' });",
    '',
  ];
  for (let i = 0; i < tools; i++) {
    out.push(
      `server.registerTool('tool_${i}', {`,
      `  description: 'Tool ${i}',`,
      '  inputSchema: { id: z.string() },',
      `}, async ({ id }) => ({ content: [{ type: 'text', text: id + ${i} }] }));`,
      '',
    );
  }
  return out.join('\n');
}
