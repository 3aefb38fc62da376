import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { analyze, type OffsetRange, type WorkspaceHost } from '../../server/src/core';

const SKIPPED = new Set(['node_modules', '.git']);
/** A census folder with more files than this is not walked further (a guard against `/`). */
const MAX_FILES = 20_000;

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
      let text: string | undefined;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        text = undefined;
      }
      this.texts.set(path, text);
    }
    return this.texts.get(path);
  }

  findFiles(folder: string, globs: readonly string[]): readonly string[] {
    const matches = picomatch(globs as string[], { dot: true });
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
      files = [];
      walk(folder, '', files);
      this.listings.set(folder, files);
    }
    return files;
  }
}

function walk(root: string, relative: string, out: string[]): void {
  if (out.length >= MAX_FILES) return;
  let entries;
  try {
    entries = readdirSync(join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) walk(root, path, out);
    } else if (entry.isFile()) {
      out.push(path);
    }
  }
}
