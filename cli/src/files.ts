import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const CHECKED_EXTENSIONS = ['.json', '.jsonc', '.jsonl', '.ndjson'];
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

export interface FileList {
  readonly files: string[];
  readonly errors: string[];
}

/**
 * Expands the paths given on the command line: a file is checked whatever its name (format is
 * recognised by content); a folder is walked for JSON-like files, in a stable order.
 */
export function collectFiles(paths: readonly string[]): FileList {
  const files: string[] = [];
  const errors: string[] = [];
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch (error) {
      errors.push(`${path}: ${describeError(error)}`);
      continue;
    }
    if (isFolder) walk(path, files, errors);
    else files.push(path);
  }
  return { files, errors };
}

function walk(folder: string, files: string[], errors: string[]): void {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    errors.push(`${folder}: ${describeError(error)}`);
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) walk(path, files, errors);
    } else if (entry.isFile() && entry.name !== '.toolwire.json' && CHECKED_EXTENSIONS.some((ext) => entry.name.endsWith(ext))) {
      files.push(path);
    }
  }
}

export function describeError(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = String((error as { code: unknown }).code);
    if (code === 'ENOENT') return 'no such file or folder';
    if (code === 'EACCES') return 'permission denied';
    if (code === 'EISDIR') return 'is a folder';
  }
  return error instanceof Error ? error.message : String(error);
}
