import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { decodeText, firstInvalidUtf8, readFileBounded } from '../../server/src/node/files';

/** The file reading the CLI and the server share (server/src/node/files.ts). */
describe('readFileBounded', () => {
  test('reads no more than limit + 1 bytes even when the stat says 0 (a /proc file)', {
    skip: !existsSync('/proc/self/status') && 'no /proc here',
  }, () => {
    const read = readFileBounded('/proc/self/status', 16);
    assert.equal(read.kind, 'too-large');
    assert.equal(read.kind === 'too-large' && read.bytes, 17, 'stopped one byte past the limit');
    assert.equal(readFileBounded('/proc/self/status').kind, 'text');
  });

  test('a character device is refused unopened', { skip: !existsSync('/dev/zero') && 'no /dev/zero here' }, () => {
    assert.deepEqual(readFileBounded('/dev/zero'), { kind: 'special', what: 'a character device' });
  });

  test('a folder, a missing file and a file over the limit come back as values', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolwire-read-'));
    writeFileSync(join(dir, 'big.json'), 'x'.repeat(100));
    assert.deepEqual(readFileBounded(dir), { kind: 'error', reason: 'is a folder' });
    assert.deepEqual(readFileBounded(join(dir, 'nope.json')), { kind: 'error', reason: 'no such file or folder' });
    assert.deepEqual(readFileBounded(join(dir, 'big.json'), 99), { kind: 'too-large', bytes: 100, limit: 99 });
    assert.equal(readFileBounded(join(dir, 'big.json'), 100).kind, 'text');
  });
});

describe('decodeText decodes as VS Code does, and says where UTF-8 breaks', () => {
  const text = '{"name":"é😀"}';
  test('BOMs decide and are dropped', () => {
    assert.deepEqual(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])), {
      kind: 'text',
      text,
      encoding: 'utf-8',
    });
    assert.deepEqual(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])), {
      kind: 'text',
      text,
      encoding: 'utf-16le',
    });
    const be = Buffer.from(text, 'utf16le').swap16();
    assert.deepEqual(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be])), {
      kind: 'text',
      text,
      encoding: 'utf-16be',
    });
  });

  test('UTF-16 without a BOM is guessed from zero bytes, as VS Code guesses it', () => {
    assert.equal(decodeText(Buffer.from('{"a":1}', 'utf16le')).encoding, 'utf-16le');
    assert.equal(decodeText(Buffer.from('{"a":1}', 'utf16le').swap16()).encoding, 'utf-16be');
    assert.equal(decodeText(Buffer.from('{"a":1}')).encoding, 'utf-8');
  });

  test('invalid UTF-8: the first bad byte, and the offset of its replacement in the text', () => {
    const bytes = Buffer.concat([Buffer.from('{"é":\n"'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const read = decodeText(bytes);
    assert.deepEqual(read.invalidUtf8, { byteOffset: 8, textOffset: 7, byte: 0xe9 });
    assert.equal(read.text[7], '\ufffd');
  });

  test('firstInvalidUtf8 agrees with a fatal TextDecoder on edge sequences and random bytes', () => {
    const cases = [
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5],
      [0xe2, 0x82],
      [0xe0, 0x9f, 0xbf],
      [0xf0, 0x8f, 0xbf, 0xbf],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9f, 0x98, 0x80],
    ];
    const random = Array.from({ length: 2000 }, (_, i) =>
      Array.from({ length: 1 + (i % 7) }, (_, k) => (i * 131 + k * 197 + ((i * k) % 13) * 17) % 256),
    );
    for (const bytes of [...cases, ...random]) {
      const buffer = Uint8Array.from(bytes);
      let valid = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(buffer);
      } catch {
        valid = false;
      }
      assert.equal(
        firstInvalidUtf8(buffer) === buffer.length,
        valid,
        `bytes ${bytes.map((b) => b.toString(16)).join(' ')}`,
      );
    }
  });
});
