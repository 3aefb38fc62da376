import { TreeSitterParsers } from '../../server/src/code/treeSitter';
import type { CodeParser } from '../../server/src/core/code/syntax';
import { nodeWasmLoader } from '../../server/src/node/wasm';

/** The Node adapter's tree-sitter, every grammar loaded, for core tests over in-memory text. */
export async function loadCodeParsers(): Promise<{ parsers: TreeSitterParsers; parser: CodeParser }> {
  const parsers = new TreeSitterParsers(nodeWasmLoader());
  for (const grammar of [
    'typescript',
    'tsx',
    'python',
    'go',
    'java',
    'rust',
    'c-sharp',
    'kotlin',
    'swift',
    'ruby',
    'php',
  ] as const) {
    if (!(await parsers.load(grammar))) throw new Error(`cannot load ${grammar}`);
  }
  return { parsers, parser: parsers.parserFor('test') };
}
