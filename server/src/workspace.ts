import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  globMatcher,
  loadConfig,
  parseConfig,
  toolNamesIn,
  type CodeParser,
  type ConfigProblem,
  type OffsetRange,
  type ToolwireWorkspace,
  type UnreadableFile,
} from './core';
import type { RuntimeEnvironment } from './runtime';

type Tools = ReadonlyArray<{ readonly name: string; readonly range: OffsetRange }>;

/**
 * The server's workspace for the core's pipeline: an open document's current text wins over
 * the disk (so a collision appears while the other file is being typed, unsaved); disk reads,
 * folder listings and other files' tool names are cached until a watched-file change.
 * It also remembers which documents used which other files, so a change to one refreshes the
 * diagnostics of the others (interFileDependencies).
 */
export class ServerWorkspace implements ToolwireWorkspace {
  private readonly disk = new Map<string, string | undefined>();
  private readonly configs = new Map<string, string | undefined | UnreadableFile>();
  private readonly listings = new Map<string, readonly string[]>();
  private readonly tools = new Map<string, { text: string; tools: Tools }>();
  /** path of another file -> URIs of the documents whose census read it. */
  private readonly dependents = new Map<string, Set<string>>();

  /** Reads other source files of a server spread over several modules, with the grammars loaded so far. */
  code: CodeParser | undefined;

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly runtime: RuntimeEnvironment,
  ) {}

  readFile(path: string): string | undefined {
    const open = this.documents.get(this.runtime.pathToUri(path));
    if (open) return open.getText();
    if (!this.disk.has(path)) this.disk.set(path, this.runtime.readFile(path));
    return this.disk.get(path);
  }

  /** `.toolwire.json` as saved: an unsaved edit applies on save (the configs' change handler). */
  readConfig(path: string): string | undefined | UnreadableFile {
    if (!this.configs.has(path)) this.configs.set(path, this.runtime.readConfigFile(path));
    return this.configs.get(path);
  }

  findFiles(folder: string, globs: readonly string[]): readonly string[] {
    let files = this.listings.get(folder);
    if (!files) {
      files = this.runtime.listFiles(folder);
      this.listings.set(folder, files);
    }
    const matches = globMatcher(globs);
    return files.filter((f) => matches(f));
  }

  toolsOf(path: string): Tools {
    const text = this.readFile(path) ?? '';
    const cached = this.tools.get(path);
    if (cached && cached.text === text) return cached.tools;
    const tools = toolNamesIn(text, path, this.code);
    this.tools.set(path, { text, tools });
    return tools;
  }

  /** Records that `uri`'s census read these files (replacing what it read before). */
  recordDependencies(uri: string, files: readonly string[]): void {
    for (const set of this.dependents.values()) set.delete(uri);
    for (const file of files) (this.dependents.get(file) ?? this.dependents.set(file, new Set()).get(file)!).add(uri);
  }

  /** The documents whose census read this file. */
  dependentsOf(path: string): readonly string[] {
    return [...(this.dependents.get(path) ?? [])];
  }

  /** A file changed on disk (or was created or deleted): forget what was read. */
  invalidate(paths?: readonly string[]): void {
    this.runtime.forget?.(paths);
    this.arrived(paths);
  }

  /**
   * The runtime has now answered reads it could not answer before (`RuntimeEnvironment.settle`):
   * drop the "no such file" this workspace cached for them, and the folder listings.
   */
  arrived(paths?: readonly string[]): void {
    if (!paths) {
      this.disk.clear();
      this.configs.clear();
      this.listings.clear();
      return;
    }
    for (const path of paths) {
      this.disk.delete(path);
      this.configs.delete(path);
    }
    // A created or deleted file changes folder listings.
    this.listings.clear();
  }

  /**
   * Problems of an open `.toolwire.json`, from the editor's text. When the file on disk is not
   * valid UTF-8 and the editor shows the same decoded text, that problem is added at its place.
   */
  configDocumentProblems(path: string | undefined, text: string): readonly ConfigProblem[] {
    const read = path === undefined ? undefined : this.readConfig(path);
    const unreadable = read !== undefined && typeof read !== 'string' && read.text === text ? read : undefined;
    return unreadable ? loadConfig({ text, unreadable }).problems : parseConfig(text).problems;
  }

  forget(uri: string): void {
    for (const set of this.dependents.values()) set.delete(uri);
  }
}
