import {
  globMatcher,
  toolNamesIn,
  type CodeParser,
  type OffsetRange,
  type ToolwireWorkspace,
  type UnreadableFile,
} from '../../server/src/core';
import { readConfigFile } from '../../server/src/node/configFile';
import { listFiles, readTextFile } from '../../server/src/node/files';

/**
 * The CLI's workspace for the core's pipeline: files from disk, each read, listed and
 * analysed once per run.
 */
export class CliWorkspace implements ToolwireWorkspace {
  private readonly texts = new Map<string, string | undefined>();
  private readonly listings = new Map<string, string[]>();
  private readonly tools = new Map<string, ReadonlyArray<{ name: string; range: OffsetRange }>>();
  private readonly configs = new Map<string, string | undefined | UnreadableFile>();
  /** Reads other source files of a server (the grammars the run has loaded so far). */
  code: CodeParser | undefined;

  /** A file's text from elsewhere than the disk: standard input, checked as `--stdin-filename`. */
  provide(path: string, text: string): void {
    this.texts.set(path, text);
    this.tools.delete(path);
  }

  readFile(path: string): string | undefined {
    if (!this.texts.has(path)) {
      this.texts.set(path, readTextFile(path));
    }
    return this.texts.get(path);
  }

  /** `.toolwire.json`: "no file" and "a file that cannot be read" are told apart, so a broken config is reported, never skipped. */
  readConfig(path: string): string | undefined | UnreadableFile {
    // Read once per run like every other file: each checked file looks for `.toolwire.json` in
    // every folder up to the root, so 4,000 files in one folder opened the same few paths 16,000 times.
    if (!this.configs.has(path)) this.configs.set(path, readConfigFile(path));
    return this.configs.get(path);
  }

  findFiles(folder: string, globs: readonly string[]): readonly string[] {
    const matches = globMatcher(globs);
    return this.list(folder).filter((file) => matches(file));
  }

  toolsOf(path: string): ReadonlyArray<{ name: string; range: OffsetRange }> {
    let found = this.tools.get(path);
    if (!found) {
      const text = this.readFile(path);
      found = text === undefined ? [] : toolNamesIn(text, path, this.code);
      this.tools.set(path, found);
    }
    return found;
  }

  private list(folder: string): string[] {
    let files = this.listings.get(folder);
    if (!files) {
      files = listFiles(folder);
      this.listings.set(folder, files);
    }
    return files;
  }
}
