import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { relative, sep } from 'node:path';
import { walkFolder } from './walk';

/**
 * File access shared by the two Node adapters (the server's runtime and the CLI). The core never
 * imports this: it sees files only through the hosts these adapters implement.
 */

/** The default bound on one file's size (a bound, so a huge file cannot exhaust memory). */
export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/**
 * One file read, as a value. Special files (FIFOs, sockets, devices) are never opened: opening a
 * FIFO blocks until a writer comes, and `/dev/zero` never ends.
 */
export type FileRead =
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly encoding: TextEncodingName;
      readonly invalidUtf8?: InvalidUtf8;
    }
  | { readonly kind: 'special'; readonly what: string }
  | { readonly kind: 'too-large'; readonly bytes: number; readonly limit: number }
  | { readonly kind: 'error'; readonly reason: string };

/** Where a file stops being UTF-8: the text then holds U+FFFD from there, as VS Code shows it. */
export interface InvalidUtf8 {
  readonly byteOffset: number;
  /** UTF-16 offset in the decoded text of the first replacement character it caused. */
  readonly textOffset: number;
  readonly byte: number;
}

/**
 * Reads a file as text within `limit` bytes. A stat comes first (special files are refused
 * unopened); the read itself stops at limit + 1 bytes whatever the stat said, since /proc files
 * report size 0 and a file can grow between the stat and the read.
 */
export function readFileBounded(path: string, limit = DEFAULT_MAX_FILE_BYTES): FileRead {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    return { kind: 'error', reason: describeFileError(error, path) };
  }
  if (stats.isDirectory()) return { kind: 'error', reason: 'is a folder' };
  const special = specialKind(stats);
  if (special) return { kind: 'special', what: special };
  if (stats.size > limit) return { kind: 'too-large', bytes: stats.size, limit };
  let fd: number;
  try {
    // O_NONBLOCK: should the path have become a FIFO since the stat, open must not wait for a writer.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { kind: 'error', reason: describeFileError(error, path) };
  }
  try {
    const opened = specialKind(fstatSync(fd));
    if (opened) return { kind: 'special', what: opened };
    const bytes = readAtMost(fd, limit + 1);
    if (bytes.length > limit) return { kind: 'too-large', bytes: Math.max(bytes.length, stats.size), limit };
    return decodeText(bytes);
  } catch (error) {
    return { kind: 'error', reason: describeFileError(error, path) };
  } finally {
    closeSync(fd);
  }
}

function readAtMost(fd: number, max: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < max) {
    const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, max - total));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    total += n;
  }
  return Buffer.concat(chunks, total);
}

/** What kind of special file this is, or undefined for a regular file. */
export function specialKind(stats: Stats): string | undefined {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return stats.isFile() || stats.isDirectory() ? undefined : 'not a regular file';
}

/** How many bytes VS Code looks at to guess UTF-16 without a BOM. */
const ZERO_BYTE_WINDOW = 512;

/**
 * Decodes as VS Code does: a BOM decides (UTF-8, UTF-16LE, UTF-16BE) and is dropped; without one,
 * zero bytes at every odd (or every even) position of the first 512 bytes mean UTF-16LE (or BE);
 * otherwise UTF-8. Unlike the editor, invalid UTF-8 is reported with its first bad byte instead of
 * being replaced in silence (JSON must be UTF-8, RFC 8259 §8.1).
 */
export function decodeText(bytes: Uint8Array): FileRead & { kind: 'text' } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeUtf8(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { kind: 'text', text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { kind: 'text', text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const guessed = guessUtf16(bytes);
  if (guessed) return { kind: 'text', text: new TextDecoder(guessed).decode(bytes), encoding: guessed };
  return decodeUtf8(bytes);
}

function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  let le = true;
  let be = true;
  let zero = false;
  for (let i = 0; i < bytes.length && i < ZERO_BYTE_WINDOW; i++) {
    const isZero = bytes[i] === 0;
    const odd = i % 2 === 1;
    zero ||= isZero;
    if (odd !== isZero) le = false;
    if (odd === isZero) be = false;
    if (!le && !be) return undefined;
  }
  return zero ? (le ? 'utf-16le' : be ? 'utf-16be' : undefined) : undefined;
}

function decodeUtf8(bytes: Uint8Array): FileRead & { kind: 'text' } {
  try {
    return {
      kind: 'text',
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
      encoding: 'utf-8',
    };
  } catch {
    const byteOffset = firstInvalidUtf8(bytes);
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const textOffset = decoder.decode(bytes.subarray(0, byteOffset)).length;
    return {
      kind: 'text',
      text: decoder.decode(bytes),
      encoding: 'utf-8',
      invalidUtf8: { byteOffset, textOffset, byte: bytes[byteOffset] ?? 0 },
    };
  }
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k]!;
      // The second byte's range excludes overlongs (E0, F0), surrogates (ED) and > U+10FFFF (F4).
      const [lo, hi] =
        k === 1 && b === 0xe0
          ? [0xa0, 0xbf]
          : k === 1 && b === 0xed
            ? [0x80, 0x9f]
            : k === 1 && b === 0xf0
              ? [0x90, 0xbf]
              : k === 1 && b === 0xf4
                ? [0x80, 0x8f]
                : [0x80, 0xbf];
      if (c < lo || c > hi) return i;
    }
    i += length;
  }
  return bytes.length;
}

/** A file's error as a reason a person can act on. */
export function describeFileError(error: unknown, path?: string): string {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = String((error as { code: unknown }).code);
    if (code === 'ENOENT')
      return path !== undefined && isDanglingLink(path)
        ? 'a symbolic link to nothing (its target does not exist)'
        : 'no such file or folder';
    if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
    if (code === 'EISDIR') return 'is a folder';
    if (code === 'ELOOP') return 'too many symbolic links (a loop?)';
    if (code === 'ENOTDIR') return 'a part of the path is not a folder';
  }
  return error instanceof Error ? error.message : String(error);
}

function isDanglingLink(path: string): boolean {
  try {
    // lstat finds the link itself when only its target is missing.
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** A file's text within the default bound, or undefined when it cannot be read as text. */
export function readTextFile(path: string): string | undefined {
  const read = readFileBounded(path);
  return read.kind === 'text' ? read.text : undefined;
}

/** A bounded walk: the census looks for tool files, and must not crawl a home folder forever. */
const MAX_FILES = 20_000;

/** Regular files under a folder, relative with `/` separators; `SKIPPED_FOLDERS` not entered. */
export function listFiles(folder: string): string[] {
  const out: string[] = [];
  walkFolder(folder, {
    done: () => out.length >= MAX_FILES,
    entry: (path, entry) => {
      if (entry.isFile() && out.length < MAX_FILES) out.push(relative(folder, path).split(sep).join('/'));
    },
  });
  return out;
}
