import { readFileSync } from 'node:fs';
import type { UnreadableFile } from '../core';

/**
 * Reads a `.toolwire.json` for the two Node adapters, telling "no such file" (undefined: discovery
 * walks on up) from "a file that cannot be used" (the reason: a config problem, reported rather than skipped).
 * `readTextFile` cannot tell them apart, and decodes invalid UTF-8 without a word.
 */
export function readConfigFile(path: string): string | undefined | UnreadableFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { error: describeReadError(code, error) };
  }
  const text = withoutBom(bytes.toString('utf8'));
  // Fast path: without U+FFFD the bytes were valid UTF-8 (the decoder writes U+FFFD for every bad sequence).
  if (!text.includes('\uFFFD') || isValidUtf8(bytes)) return text;
  const bad = firstInvalidByte(bytes);
  return {
    error: `it is not valid UTF-8 (byte ${bad})`,
    text,
    offset: withoutBom(bytes.subarray(0, bad).toString('utf8')).length,
  };
}

function errorCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function describeReadError(code: string | undefined, error: unknown): string {
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  return error instanceof Error ? error.message : String(error);
}

/** Editors drop a UTF-8 byte order mark; so do we, or it would read as an invalid symbol. */
function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the first bad sequence starts. The shortest prefix that fails ends on the byte that gave
 * the sequence away (a binary search); the sequence itself may have begun up to 3 bytes earlier,
 * after the last prefix made of whole, valid characters.
 */
function firstInvalidByte(bytes: Uint8Array): number {
  let valid = 0;
  let invalid = bytes.length;
  while (invalid - valid > 1) {
    const middle = Math.floor((valid + invalid) / 2);
    if (prefixIsValid(bytes, middle, true)) valid = middle;
    else invalid = middle;
  }
  const giveaway = invalid - 1;
  for (let start = giveaway; start > giveaway - 4 && start > 0; start--)
    if (prefixIsValid(bytes, start, false)) return start;
  return 0;
}

/** In streaming mode a prefix may end inside a character (the decoder waits for the rest). */
function prefixIsValid(bytes: Uint8Array, length: number, stream: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length), { stream });
    return true;
  } catch {
    return false;
  }
}
