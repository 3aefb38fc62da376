import type { ReadFileResult } from '../../../server/src/protocol';

/**
 * A file's bytes as the server's text, decoded as VS Code decodes them (and as the Node runtime
 * does): a UTF-8 byte order mark dropped, UTF-16 by its byte order mark, otherwise UTF-8. Invalid
 * UTF-8 is not replaced in silence: the result says at which byte it stops being UTF-8.
 */
export function decodeFile(bytes: Uint8Array): ReadFileResult {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { kind: 'text', text: new TextDecoder('utf-16le').decode(bytes.subarray(2)) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { kind: 'text', text: new TextDecoder('utf-16be').decode(bytes.subarray(2)) };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const text = new TextDecoder('utf-8').decode(body);
  const bad = firstInvalidUtf8(body);
  if (bad === -1) return { kind: 'text', text };
  const offset = new TextDecoder('utf-8').decode(body.subarray(0, bad)).length;
  return {
    kind: 'unreadable',
    error: `it is not valid UTF-8 (byte ${bad + bytes.length - body.length})`,
    text,
    offset,
  };
}

/** The index of the first byte of the first invalid UTF-8 sequence (RFC 3629), or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    // Sequence length and the allowed range of the second byte (no overlongs, surrogates or > U+10FFFF).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const byte = bytes[i + k];
      const min = k === 1 ? low : 0x80;
      const max = k === 1 ? high : 0xbf;
      if (byte === undefined || byte < min || byte > max) return i;
    }
    i += length;
  }
  return -1;
}
