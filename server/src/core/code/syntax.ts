/**
 * The port through which the core reads source code. The core stays pure and
 * synchronous: an adapter loads tree-sitter's runtime and a grammar (WASM, async I/O: `fs` in Node,
 * `fetch` in a browser) and hands in a `CodeParser`. These interfaces are the structural subset of
 * web-tree-sitter's `Node` the front-end reads, so the core never imports the runtime itself.
 */

/** The languages whose source toolwire reads for tool declarations. */
export type CodeLanguage =
  | 'typescript'
  | 'tsx'
  | 'javascript'
  | 'python'
  | 'go'
  | 'java'
  | 'rust'
  | 'csharp'
  | 'kotlin'
  | 'swift'
  | 'ruby'
  | 'php';

/**
 * The grammars behind them: JavaScript and JSX are read with the TSX grammar (one file fewer to ship);
 * C#'s is named as its file is (`tree-sitter-c-sharp.wasm`).
 */
export type CodeGrammar =
  | 'typescript'
  | 'tsx'
  | 'python'
  | 'go'
  | 'java'
  | 'rust'
  | 'c-sharp'
  | 'kotlin'
  | 'swift'
  | 'ruby'
  | 'php';

/** The families that share libraries and a dialect: TypeScript, TSX and JavaScript are one. */
export type CodeFamily = 'js' | 'python' | 'go' | 'java' | 'rust' | 'csharp' | 'kotlin' | 'swift' | 'ruby' | 'php';

export const CODE_LANGUAGES: readonly CodeLanguage[] = [
  'typescript',
  'tsx',
  'javascript',
  'python',
  'go',
  'java',
  'rust',
  'csharp',
  'kotlin',
  'swift',
  'ruby',
  'php',
];

export function isCodeLanguage(language: string | undefined): language is CodeLanguage {
  return (CODE_LANGUAGES as readonly string[]).includes(language ?? '');
}

export function grammarOf(language: CodeLanguage): CodeGrammar {
  if (language === 'csharp') return 'c-sharp';
  return language === 'javascript' ? 'tsx' : language;
}

/**
 * One syntax node. Indices are UTF-16 code units (web-tree-sitter parses the JavaScript string
 * as UTF-16, so its indices are already toolwire's offsets; test/core/code.test.ts pins this).
 */
export interface SyntaxNode {
  readonly type: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly text: string;
  readonly namedChildren: readonly (SyntaxNode | null)[];
  readonly children: readonly (SyntaxNode | null)[];
  readonly parent: SyntaxNode | null;
  childForFieldName(fieldName: string): SyntaxNode | null;
  /** Every descendant of these types, in document order (collected inside the runtime: fast). */
  descendantsOfType(types: string | string[]): (SyntaxNode | null)[];
}

/**
 * Parses one text in one grammar. The returned root is valid until the next `parse` call on the
 * same parser (an adapter may keep the tree to reuse it incrementally, and frees the old one).
 * undefined: the grammar is not loaded (the adapter loads it before analysing such a file).
 */
export interface CodeParser {
  parse(text: string, grammar: CodeGrammar): SyntaxNode | undefined;
  /**
   * The known libraries (`Library.id`) the file's package names in its nearest manifest
   * (`librariesInManifest`): a file of such a package is read even when it imports no SDK itself.
   * The adapter reads the manifests (I/O) and hands the fact in with the file's parser.
   */
  readonly projectLibraries?: readonly string[];
  /**
   * The project's own wrappers of a library (`code/wrappers.ts`) as this file calls them, from
   * the other files of its package (the adapter's project layer builds them with `wrapperTable`).
   */
  readonly projectWrappers?: readonly WrapperPattern[];
  /**
   * A string constant another file of the project holds (Node: `ProjectConstants` reads it from
   * the disk; a browser has none, and there only a file's own constants resolve). `module`: the
   * module as this file's import writes it (`./names`, `.names`, a Go import path), '' for a Go
   * file's own package; `name`: the name there (`NAMES.SEARCH` for a member). The answer is the
   * constant's value, or why there is none (no such file in the project, no string constant of
   * that name in it), which `--verbose` gives beside the name counted as computed.
   */
  readonly projectConstant?: ProjectConstantLookup;
}

/** See `CodeParser.projectConstant`. */
export type ProjectConstantLookup = (module: string, name: string) => ProjectConstantAnswer;
export type ProjectConstantAnswer = { readonly value: string } | { readonly why: string };

/** Where a wrapper's call writes the name: a positional argument, a key of one, or a keyword. */
export type WrapperName =
  | { readonly arg: number; readonly key?: undefined }
  | { readonly arg: number; readonly key: string }
  | { readonly keyword: string };

/**
 * A project's wrapper of a library as one file calls it: its callee (or struct type) text there,
 * whether the file must bind (import or define) it, and what its call gives the library.
 */
export interface WrapperPattern {
  readonly library: string;
  readonly kind: 'call' | 'keyed' | 'struct' | 'field';
  readonly callee: string;
  readonly bound?: true;
  /** With `bound`: imported from a module of one of these last names (the defining file's). */
  readonly fromModules?: readonly string[];
  readonly nameAt?: readonly WrapperName[];
  readonly serverArg?: number;
  readonly field?: string;
  /** `field`: the other keys the registering function reads of each tool object. */
  readonly reads?: readonly string[];
}
