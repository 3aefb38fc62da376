import { listFiles, readTextFile } from '../../server/src/node/files';
import { analyze, globMatcher, type OffsetRange, type WorkspaceHost } from '../../server/src/core';

/**
 * The CLI's view of the workspace for the client census: files from disk, each read, listed and
 * analysed once per run.
 */
export class CliWorkspace implements WorkspaceHost {
  private readonly texts = new Map<string, string | undefined>();
  private readonly listings = new Map<string, string[]>();
  private readonly tools = new Map<string, ReadonlyArray<{ name: string; range: OffsetRange }>>();

  readFile(path: string): string | undefined {
    if (!this.texts.has(path)) {
      this.texts.set(path, readTextFile(path));
    }
    return this.texts.get(path);
  }

  findFiles(folder: string, globs: readonly string[]): readonly string[] {
    const matches = globMatcher(globs);
    return this.list(folder).filter((file) => matches(file));
  }

  toolsOf(path: string): ReadonlyArray<{ name: string; range: OffsetRange }> {
    let found = this.tools.get(path);
    if (!found) {
      const text = this.readFile(path);
      found = text === undefined ? [] : analyze(text).tools.flatMap((t) => (t.name === undefined ? [] : [{ name: t.name, range: t.declaration.name.range }]));
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
