import type { TreeSitterParsers, WasmLoader } from './code/treeSitter';
import type { CodeLanguage, ProjectConstantLookup, UnreadableFile, WrapperPattern } from './core';

/**
 * Everything the server needs from the machine, injected (as VS Code's JSON server does), so
 * request handlers can be tested without a disk and the core never touches one.
 */
export interface RuntimeEnvironment {
  /** Where the server runs, for its log (`Node v20.19.2`, `a web worker`). */
  readonly label?: string;
  /** A file's text by path, or undefined when it does not exist or cannot be read. */
  readFile(path: string): string | undefined;
  /** A `.toolwire.json`: its text, undefined when there is none, or why it cannot be read. */
  readConfigFile(path: string): string | undefined | UnreadableFile;
  /** file: URI -> path, or undefined for other schemes (untitled, virtual workspaces). */
  uriToPath(uri: string): string | undefined;
  pathToUri(path: string): string;
  /** Files under a folder (relative, `/` separators), SKIPPED_FOLDERS (core/languages.ts) left out, bounded. */
  listFiles(folder: string): readonly string[];
  /**
   * tree-sitter's WASM, to read source code: files beside the bundle in Node, `fetch()` in a browser. Without
   * it source files yield nothing.
   */
  readonly wasm?: WasmLoader;
  /**
   * The known libraries a source file's package names in its nearest manifest (Node: the disk; a
   * browser has none, and there a file's own imports decide). `forget`: a manifest changed.
   */
  readonly projectLibraries?: {
    of(path: string, language: CodeLanguage): readonly string[];
    forget(): void;
  };
  /**
   * The wrappers of a library the file's project defines in its other files (Node: a scan of the
   * package, kept until a defining file changes; a browser has none, and there a file's own
   * wrappers are followed). `changed`: files changed on disk, true when a project is read again.
   */
  readonly projectWrappers?: {
    of(
      path: string,
      language: CodeLanguage,
      text: string | undefined,
      parsers: TreeSitterParsers,
    ): Promise<readonly WrapperPattern[]>;
    changed(paths: readonly string[], parsers: TreeSitterParsers): boolean;
    forget(): void;
  };
  /**
   * The string constants a source file imports from other files of its project (Node: each read
   * on first need and kept until it changes on disk; a browser has none, and there only a file's
   * own constants resolve). `changed`: files changed on disk, true when one offers other constants.
   */
  readonly projectConstants?: {
    lookupFor(
      path: string,
      language: CodeLanguage,
      text: string | undefined,
      parsers: TreeSitterParsers,
    ): ProjectConstantLookup | undefined;
    changed(paths: readonly string[], parsers: TreeSitterParsers): boolean;
    forget(): void;
  };
  /**
   * Only where files come from elsewhere, asynchronously (the browser: the VS Code client reads
   * them through `workspace.fs`). There a read not yet answered reads as "no such file" and starts
   * a fetch; `settle` then resolves, once every fetch in flight is answered, with the paths they
   * were for, so the server analyses again with them. Undefined: nothing in flight. The Node
   * runtime answers every read at once and has neither method.
   */
  settle?(): Promise<readonly string[]> | undefined;
  /**
   * Where reads are asynchronous: runs `read` and gives, with its value, the reads it asked for
   * and could not answer, settled (as `settle`, but only this caller's: an analysis waits for its
   * own reads, which another one's `settle` cannot take).
   */
  trackReads?<T>(read: () => T): { readonly value: T; readonly settled: Promise<readonly string[]> | undefined };
  /** Drops what was read of these paths (of everything when none): they changed. */
  forget?(paths?: readonly string[]): void;
  /**
   * Where reads can time out (the browser asks its client): `listener` hears of a file whose
   * read timed out and was answered after all, which the server takes as a change of that file.
   */
  onLateAnswer?(listener: (path: string) => void): void;
  readonly timer: {
    setTimeout(callback: () => void, ms: number): Disposable;
    /** Lets pending messages (a newer didChange, a cancellation) be read before heavy work. */
    yieldToEventLoop(): Promise<void>;
  };
}

export interface Disposable {
  dispose(): void;
}
