import { type Dirent, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SKIPPED_FOLDERS } from '../core';

/** What a walk tells its caller; every callback is optional. */
export interface WalkVisitor {
  /** A directory entry that is not a folder (a file, a link, a FIFO...), with its full path. */
  readonly entry?: (path: string, entry: Dirent) => void;
  /** A folder of `SKIPPED_FOLDERS`, not entered. */
  readonly skippedFolder?: (path: string, name: string) => void;
  /** A folder that could not be read. */
  readonly unreadable?: (path: string, error: unknown) => void;
  /** Asked before each folder: true ends the walk (a bound on files found). */
  readonly done?: () => boolean;
}

/**
 * The one folder walk of the CLI and the Node server: names in code-unit order (stable output),
 * `SKIPPED_FOLDERS` never entered, links to folders never followed (a walk must not loop).
 */
export function walkFolder(folder: string, visit: WalkVisitor): void {
  if (visit.done?.()) return;
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch (error) {
    visit.unreadable?.(folder, error);
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (!entry.isDirectory()) visit.entry?.(path, entry);
    else if (SKIPPED_FOLDERS.includes(entry.name)) visit.skippedFolder?.(path, entry.name);
    else walkFolder(path, visit);
  }
}
