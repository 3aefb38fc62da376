import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

/** The steps that can fail, replaceable so tests can make them fail (a full disk cannot be staged as root). */
export interface WriteSteps {
  readonly write: (fd: number, bytes: Buffer) => void;
  /** Called just before the check that the original is unchanged: tests edit the file here. */
  readonly beforeCheck: () => void;
}

const defaultSteps: WriteSteps = {
  write: (fd, bytes) => {
    // writeSync may write less than asked; a short write unnoticed would be a lost tail.
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
  },
  beforeCheck: () => {},
};

/**
 * Replaces the file at `path` by `bytes` without ever losing a byte: the new bytes go to a
 * temporary file in the same folder (so the rename stays on one file system and is atomic),
 * are flushed to disk, get the original's mode, and only then replace the original. Until the
 * rename the original is untouched, so a failed write (a full disk, EFBIG) leaves it whole.
 * Refused: a symbolic link (writing through it would change a file the user did not name,
 * perhaps outside the folder checked), a file whose real path is outside `roots`, and a file
 * whose bytes are no longer `original` (an edit saved since it was read would be overwritten).
 * Returns undefined when written, else why not.
 */
export function replaceFile(
  path: string,
  bytes: Buffer,
  original: Buffer,
  roots: readonly string[],
  steps: Partial<WriteSteps> = {},
): string | undefined {
  const { write, beforeCheck } = { ...defaultSteps, ...steps };
  let mode: number;
  try {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return 'it is a symbolic link; toolwire never writes through a link; not written';
    if (!stats.isFile()) return 'it is not a regular file; not written';
    mode = stats.mode & 0o7777;
    const real = realpathSync(path);
    if (!roots.some((root) => within(real, root)))
      return `its real path ${real} is outside the paths given; not written`;
  } catch (error) {
    return `cannot check it before writing (${codeOf(error)}); not written`;
  }
  const temp = join(dirname(path), `.${basename(path)}.toolwire-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    // 'wx': never reuse a path that exists (a file or a link planted there).
    fd = openSync(temp, 'wx', 0o600);
    write(fd, bytes);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    // Mode set on the temporary file itself, as the rename keeps it: the original's, not the umask's.
    chmodSync(temp, mode);
    beforeCheck();
    // Read again as late as can be: what was analysed must still be what is there.
    if (!readFileSync(path).equals(original)) {
      rmSync(temp, { force: true });
      return 'it changed since it was read; not written';
    }
    renameSync(temp, path);
    return undefined;
  } catch (error) {
    if (fd !== undefined) closeQuietly(fd);
    rmSync(temp, { force: true });
    return `cannot write it (${codeOf(error)}); left as it was`;
  }
}

/** The real path of each path given on the command line: a folder holds what may be written, a file is itself. */
export function writeRoots(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    try {
      return [realpathSync(path)];
    } catch {
      return [];
    }
  });
}

function within(real: string, root: string): boolean {
  const rel = relative(root, real);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {}
}

/** The error's code (ENOSPC, EFBIG…) and message, so the failure can be looked up. */
function codeOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
