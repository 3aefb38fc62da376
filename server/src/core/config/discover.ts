import { CONFIG_FILE_NAME } from './model';

/** File access for config discovery, injected so the core stays free of `fs` (tests use a Map). */
export interface ConfigHost {
  /** The file's text; undefined when there is no such file; why, when there is one that cannot be read. */
  readFile(path: string): string | undefined | UnreadableFile;
}

/**
 * A config that exists but cannot be used as read (no permission, a folder, not UTF-8). It is a
 * config problem, never a reason to walk on to a parent's config in silence.
 */
export interface UnreadableFile {
  /** Why, for the user: "permission denied", "is a folder", "is not valid UTF-8". */
  readonly error: string;
  /** What could be read (invalid UTF-8 decoded with U+FFFD): its valid settings still apply. */
  readonly text?: string;
  /** Where in `text` the problem starts. */
  readonly offset?: number;
}

export interface FoundConfig {
  /** Path of the `.toolwire.json` found. */
  readonly path: string;
  /** The folder holding it: globs in it are relative to this. */
  readonly folder: string;
  readonly text: string;
  /** Set when the file is there but could not be read as it is. */
  readonly unreadable?: UnreadableFile;
}

/**
 * Walks up from the file's folder to the root (or `stopAt`) and returns the nearest
 * `.toolwire.json`. Paths use `/` separators (URI paths or POSIX paths).
 */
export function findConfig(filePath: string, host: ConfigHost, stopAt?: string): FoundConfig | undefined {
  let folder = parentOf(filePath);
  for (;;) {
    const path = folder === '/' ? `/${CONFIG_FILE_NAME}` : `${folder}/${CONFIG_FILE_NAME}`;
    const read = host.readFile(path);
    if (typeof read === 'string') return { path, folder, text: read };
    if (read !== undefined) return { path, folder, text: read.text ?? '', unreadable: read };
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
