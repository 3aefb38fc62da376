import { Language, Parser, type Tree } from '@vscode/tree-sitter-wasm';
import type { CodeGrammar, CodeParser, ProjectConstantLookup, SyntaxNode, WrapperPattern } from '../core';
import { fixedGrammar } from './grammarFixes';

/**
 * Where tree-sitter's WASM comes from: a folder in Node (server/node/wasm.ts), `fetch()` in a
 * browser. The one thing an adapter implements to read source code.
 */
export interface WasmLoader {
  /**
   * The runtime's own `tree-sitter.wasm`, as bytes: a web worker started from a Blob URL has no
   * base URL to fetch it from, so every adapter hands the bytes in (Node reads the file).
   */
  runtime(): Promise<Uint8Array>;
  /** A grammar's bytes (`tree-sitter-<grammar>.wasm`). */
  grammar(grammar: CodeGrammar): Promise<Uint8Array>;
  /**
   * Runs a grammar's first compilation: its load and a first parse (V8 compiles WebAssembly
   * functions on their first call). An adapter that can steer its engine wraps it (Node's loader
   * keeps V8 on its baseline compiler for a grammar whose lexer it would otherwise stall on).
   */
  firstCompile?<T>(grammar: CodeGrammar, compile: () => Promise<T>): Promise<T>;
}

export { WASM_FILES } from './wasmFiles';

interface KeptTree {
  readonly text: string;
  readonly grammar: CodeGrammar;
  readonly tree: Tree;
}

/**
 * tree-sitter for one adapter instance: the runtime and each grammar are loaded on first need
 * (`load`), and parsing is synchronous after that, as the core requires. Each document key keeps
 * its last tree, so the next parse of that document is incremental: the change is found as the
 * common prefix and suffix of the old and new text (one `tree.edit()`), whatever produced it (an
 * edit, a fix proof, a reload). Trees live in WASM memory: `forget` frees a closed document's.
 */
export class TreeSitterParsers {
  private runtime: Promise<void> | undefined;
  private readonly languages = new Map<CodeGrammar, Promise<Language | undefined>>();
  private readonly loaded = new Map<CodeGrammar, Parser>();
  private readonly trees = new Map<string, KeptTree>();
  /** Set once the WASM faulted: why no parse can be trusted any more. */
  private fault: string | undefined;

  constructor(
    private readonly loader: WasmLoader,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** Loads the runtime and a grammar (once); false when they cannot be loaded (logged once). */
  async load(grammar: CodeGrammar): Promise<boolean> {
    if (this.loaded.has(grammar)) return true;
    let language = this.languages.get(grammar);
    if (!language) {
      language = this.loadLanguage(grammar);
      this.languages.set(grammar, language);
    }
    const ready = await language;
    if (!ready) return false;
    if (!this.loaded.has(grammar)) {
      const parser = new Parser();
      parser.setLanguage(ready);
      this.loaded.set(grammar, parser);
    }
    return true;
  }

  private async loadLanguage(grammar: CodeGrammar): Promise<Language | undefined> {
    try {
      // With `wasmBinary` the runtime reads no file and fetches no URL; `locateFile` only keeps it
      // from working out its own script's URL, which a web worker cannot.
      // (`wasmBinary` is an Emscripten module option the package's typings leave out.)
      this.runtime ??= this.loader.runtime().then((wasmBinary) => {
        const options = { wasmBinary, locateFile: (file: string) => file };
        return Parser.init(options);
      });
      await this.runtime;
      // With the upstream fixes the shipped build lacks (grammarFixes.ts), whatever loaded the bytes.
      const bytes = fixedGrammar(grammar, await this.loader.grammar(grammar));
      const compile = async () => {
        const language = await Language.load(bytes);
        // One parse compiles the lexer, the largest function, now rather than on a document's parse.
        const parser = new Parser();
        parser.setLanguage(language);
        parser.parse('x')?.delete();
        parser.delete();
        return language;
      };
      return await (this.loader.firstCompile ? this.loader.firstCompile(grammar, compile) : compile());
    } catch (error) {
      this.log(
        `toolwire: cannot load the ${grammar} grammar: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
  }

  /**
   * A parser for one document (its key: a URI or path); its last tree is reused on the next parse.
   * `projectLibraries`: what the document's package manifest names (`ProjectLibraries`), carried to the
   * core, as are `projectWrappers`, the wrappers its project defines elsewhere (`ProjectWrappers`),
   * and `projectConstant`, the string constants it imports from other files (`ProjectConstants`).
   */
  parserFor(
    key: string,
    projectLibraries?: readonly string[],
    projectWrappers?: readonly WrapperPattern[],
    projectConstant?: ProjectConstantLookup,
  ): CodeParser {
    const parse: CodeParser['parse'] = (text, grammar) => this.parse(key, text, grammar);
    return {
      parse,
      ...(projectLibraries && projectLibraries.length > 0 ? { projectLibraries } : {}),
      ...(projectWrappers && projectWrappers.length > 0 ? { projectWrappers } : {}),
      ...(projectConstant ? { projectConstant } : {}),
    };
  }

  // After a fault, trees and parsers are dropped, never deleted: that calls into the memory that faulted.
  forget(key: string): void {
    if (this.fault === undefined) this.trees.get(key)?.tree.delete();
    this.trees.delete(key);
  }

  dispose(): void {
    for (const key of [...this.trees.keys()]) this.forget(key);
    if (this.fault === undefined) for (const parser of this.loaded.values()) parser.delete();
    this.loaded.clear();
  }

  private parse(key: string, text: string, grammar: CodeGrammar): SyntaxNode | undefined {
    if (this.fault !== undefined) throw new Error(this.fault);
    const parser = this.loaded.get(grammar);
    if (!parser) return undefined;
    try {
      return this.parseWith(parser, key, text, grammar);
    } catch (error) {
      this.faulted(grammar, error);
      throw error;
    }
  }

  /**
   * After a fault inside the WASM (a grammar writing out of bounds: see core/code/nesting.ts) the
   * runtime's memory cannot be trusted: every later parse in the process read garbage, so source
   * files silently had no tools until a restart. The runtime cannot be started again in the same
   * process (`Parser.init` keeps its first module), so from then on every parse fails with this
   * message, which the core reports as the file's parser failure; the log says it once.
   */
  private faulted(grammar: CodeGrammar, error: unknown): void {
    const cause = error instanceof Error ? error.message : String(error);
    this.fault = `tree-sitter faulted on a ${grammar} document (${cause}): restart toolwire to read source code again`;
    this.log(`toolwire: ${this.fault}`);
    this.trees.clear();
  }

  private parseWith(parser: Parser, key: string, text: string, grammar: CodeGrammar): SyntaxNode | undefined {
    const kept = this.trees.get(key);
    let old: Tree | undefined;
    if (kept && kept.grammar === grammar && kept.text === text) return kept.tree.rootNode;
    // A tree with errors is not reused: error recovery around an unterminated template literal
    // survives an edit after it (pasting the document after itself), so the incremental tree
    // disagreed with a fresh parse of the same text. Broken text is parsed from scratch.
    if (kept && kept.grammar === grammar && !kept.tree.rootNode.hasError) {
      kept.tree.edit(editBetween(kept.text, text));
      old = kept.tree;
    }
    const tree = parser.parse(text, old ?? null);
    kept?.tree.delete();
    this.trees.delete(key);
    if (!tree) return undefined;
    this.trees.set(key, { text, grammar, tree });
    return tree.rootNode;
  }
}

/** The one edit that turns `before` into `after`: their common prefix and suffix stay. */
export function editBetween(before: string, after: string) {
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  let tail = 0;
  while (
    tail < max - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  )
    tail += 1;
  const oldEnd = before.length - tail;
  const newEnd = after.length - tail;
  return {
    startIndex: start,
    oldEndIndex: oldEnd,
    newEndIndex: newEnd,
    startPosition: pointAt(before, start),
    oldEndPosition: pointAt(before, oldEnd),
    newEndPosition: pointAt(after, newEnd),
  };
}

/** Row and column (UTF-16 units, as web-tree-sitter counts a JavaScript string) of an offset. */
function pointAt(text: string, offset: number): { row: number; column: number } {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    row += 1;
    lineStart = i + 1;
  }
  return { row, column: offset - lineStart };
}
