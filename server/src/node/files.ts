import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * File access shared by the two Node adapters (the server's runtime and the CLI). The core never
 * imports this: it sees files only through the hosts these adapters implement.
 */

/** A file's UTF-8 text, or undefined when it cannot be read (missing, a folder, no permission). */
export function readTextFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

const SKIPPED = new Set(['node_modules', '.git']);
/** A bounded walk: the census looks for tool files, and must not crawl a home folder forever. */
const MAX_FILES = 20_000;

/** Files under a folder, relative with `/` separators; node_modules and .git skipped. */
export function listFiles(folder: string): string[] {
  const out: string[] = [];
  walk(folder, '', out);
  return out;
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
