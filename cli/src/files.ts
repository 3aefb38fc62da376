import { statSync, type Dirent } from 'node:fs';
import { describeFileError, specialKind } from '../../server/src/node/files';
import { walkFolder } from '../../server/src/node/walk';

import { CHECKED_EXTENSIONS } from '../../server/src/core';

/** A path not checked, and why. `notice` ones are said even without --verbose. */
export interface SkippedPath {
  readonly path: string;
  readonly reason: string;
  readonly notice: boolean;
}

interface FileList {
  readonly files: string[];
  /** The files a folder walk found (not named on the command line): a broken one may be a notice. */
  readonly walked: Set<string>;
  /** Paths given on the command line that cannot be checked: exit 2. */
  readonly errors: string[];
  readonly skipped: SkippedPath[];
}

/**
 * Expands the paths given on the command line: a file is checked whatever its name (format is
 * recognised by content); a folder is walked for JSON-like, YAML and source files (TypeScript,
 * JavaScript, Python, Go), in a stable order. Special
 * files (FIFOs, sockets, devices) are never opened: named on the command line they are an error
 * (the user asked for a check that cannot happen), met in a walk a notice.
 */
export function collectFiles(paths: readonly string[]): FileList {
  const list: FileList = { files: [], walked: new Set(), errors: [], skipped: [] };
  for (const path of paths) {
    // Standard input, read by the caller (a file named - is ./-, as for every command-line tool).
    if (path === '-') {
      list.files.push(path);
      continue;
    }
    let stats;
    try {
      stats = statSync(path);
    } catch (error) {
      list.errors.push(`${path}: ${describeFileError(error, path)}`);
      continue;
    }
    const special = specialKind(stats);
    if (special) list.errors.push(`${path}: ${special}, not a file; skipped, never opened`);
    else if (stats.isDirectory()) walk(path, list);
    else list.files.push(path);
  }
  return list;
}

function walk(folder: string, list: FileList): void {
  walkFolder(folder, {
    unreadable: (path, error) => list.errors.push(`${path}: ${describeFileError(error, path)}`),
    skippedFolder: (path, name) => list.skipped.push({ path, reason: `${name} folders are not walked`, notice: false }),
    entry: (path, entry) => {
      if (entry.name === '.toolwire.json') return;
      if (CHECKED_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !/\.d\.[mc]?ts$/.test(entry.name))
        candidate(entry, path, list);
    },
  });
}

/** A file with a checked extension: checked if it is a regular file (or a link to one). */
function candidate(entry: Dirent, path: string, list: FileList): void {
  if (entry.isFile()) {
    list.files.push(path);
    list.walked.add(path);
    return;
  }
  if (!entry.isSymbolicLink()) {
    list.skipped.push({ path, reason: `${describeDirent(entry)}, not a file; skipped, never opened`, notice: true });
    return;
  }
  // A link is followed to a file, never to a folder (a walk must not loop).
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    list.skipped.push({ path, reason: describeFileError(error, path), notice: false });
    return;
  }
  const special = specialKind(stats);
  if (special)
    list.skipped.push({ path, reason: `a symbolic link to ${special}; skipped, never opened`, notice: true });
  else if (stats.isDirectory())
    list.skipped.push({ path, reason: 'a symbolic link to a folder; links are not walked', notice: false });
  else {
    list.files.push(path);
    list.walked.add(path);
  }
}

function describeDirent(entry: Dirent): string {
  if (entry.isFIFO()) return 'a FIFO (named pipe)';
  if (entry.isSocket()) return 'a socket';
  if (entry.isCharacterDevice()) return 'a character device';
  if (entry.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}
