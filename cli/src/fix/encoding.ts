import { readFileSync } from 'node:fs';
import { decodeText, type TextEncodingName } from '../../../server/src/node/files';

/** How a file's bytes hold its text, so a fix writes it back the same way. */
export interface FileEncoding {
  readonly encoding: TextEncodingName;
  readonly bom: boolean;
}

/**
 * The file's encoding, BOM and bytes, or why it cannot be written back unchanged: it changed since it
 * was read, or it is not valid UTF-8 (its text holds replacement characters, and writing them
 * would destroy the bytes they stand for).
 */
export function readEncoding(path: string, expected: string): (FileEncoding & { readonly bytes: Buffer }) | string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return `cannot read it again (${error instanceof Error ? error.message : String(error)})`;
  }
  const decoded = decodeText(bytes);
  if (decoded.invalidUtf8) return 'it is not valid UTF-8';
  if (decoded.text !== expected) return 'it changed while toolwire was reading it';
  const bom =
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff);
  // The bytes too: the write checks against them that nothing was saved over the file since.
  return { encoding: decoded.encoding, bom, bytes };
}

/** The text as bytes in the file's own encoding, its BOM in front when it had one. */
export function encodeText(text: string, { encoding, bom }: FileEncoding): Buffer {
  if (encoding === 'utf-8')
    return Buffer.concat([Buffer.from(bom ? [0xef, 0xbb, 0xbf] : []), Buffer.from(text, 'utf8')]);
  const le = Buffer.from(text, 'utf16le');
  if (encoding === 'utf-16be') le.swap16();
  return Buffer.concat([Buffer.from(!bom ? [] : encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]), le]);
}
