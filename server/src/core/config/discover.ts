import { CONFIG_FILE_NAME } from './model';

/** File access for config discovery, injected so the core stays free of `fs` (tests use a Map). */
export interface ConfigHost {
  /** The file's text, or undefined when there is no such file. */
  readFile(path: string): string | undefined;
}

export interface FoundConfig {
  /** Path of the `.toolwire.json` found. */
  readonly path: string;
  /** The folder holding it: globs in it are relative to this. */
  readonly folder: string;
  readonly text: string;
}

/**
 * Walks up from the file's folder to the root (or `stopAt`) and returns the nearest
 * `.toolwire.json`. Paths use `/` separators (URI paths or POSIX paths).
 */
export function findConfig(filePath: string, host: ConfigHost, stopAt?: string): FoundConfig | undefined {
  let folder = parentOf(filePath);
  for (;;) {
    const path = folder === '/' ? `/${CONFIG_FILE_NAME}` : `${folder}/${CONFIG_FILE_NAME}`;
    const text = host.readFile(path);
    if (text !== undefined) return { path, folder, text };
    if (folder === stopAt || folder === '/' || folder === '') return undefined;
    const up = parentOf(folder);
    if (up === folder) return undefined;
    folder = up;
  }
}

export function parentOf(path: string): string {
  const cut = path.replace(/\/+$/, '').lastIndexOf('/');
  if (cut < 0) return '';
  return cut === 0 ? '/' : path.slice(0, cut);
}

export function relativeTo(folder: string, path: string): string {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
