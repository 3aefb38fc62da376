import { TreeSitterParsers } from '../../server/src/code/treeSitter';
import { CODE_LANGUAGES, grammarOf, type CodeGrammar, type CodeParser } from '../../server/src/core/code/syntax';
import { nodeWasmLoader } from '../../server/src/node/wasm';

/** Every grammar the source languages use, once (TypeScript and JavaScript share one). */
export const CODE_GRAMMARS: readonly CodeGrammar[] = [...new Set(CODE_LANGUAGES.map(grammarOf))];

/** A Node tree-sitter with every grammar loaded; `what` names the loader in its error. */
export async function loadAllGrammars(what: string): Promise<TreeSitterParsers> {
  const parsers = new TreeSitterParsers(nodeWasmLoader());
  for (const grammar of CODE_GRAMMARS)
    if (!(await parsers.load(grammar))) throw new Error(`${what} cannot load the ${grammar} grammar`);
  return parsers;
}

/** The Node adapter's tree-sitter, every grammar loaded, for core tests over in-memory text. */
export async function loadCodeParsers(): Promise<{ parsers: TreeSitterParsers; parser: CodeParser }> {
  const parsers = await loadAllGrammars('the core tests');
  return { parsers, parser: parsers.parserFor('test') };
}
