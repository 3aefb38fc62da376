import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { PieceText } from '../../server/src/core';

/** Characters that matter to readers: line breaks, a surrogate pair's halves, quotes. */
const CHARS = fc.constantFrom('a', 'b', '\n', '\r', '\r\n', '"', '😀', 'é', ' ', 'ab', 'ba');
const TEXT = fc.array(CHARS, { maxLength: 30 }).map((parts) => parts.join(''));

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A text and edits on it; each edit's offsets are fractions of the length at its turn. */
const EDITED = fc.tuple(
  TEXT,
  fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat({ max: 5 }), TEXT), { maxLength: 80 }),
);

function run(
  initial: string,
  steps: ReadonlyArray<readonly [number, number, string]>,
): { plain: string; pieces: PieceText; edits: Edit[] } {
  let plain = initial;
  let pieces = PieceText.of(initial);
  const edits: Edit[] = [];
  for (const [where, length, text] of steps) {
    const start = Math.floor(where * plain.length);
    const end = Math.min(plain.length, start + length);
    plain = plain.slice(0, start) + text + plain.slice(end);
    pieces = pieces.replace(start, end, text);
    edits.push({ start, end, text });
  }
  return { plain, pieces, edits };
}

describe('PieceText reads as the string it stands for', () => {
  it('after any edits: length, slices, characters, searches and the whole text', () => {
    fc.assert(
      fc.property(EDITED, fc.constantFrom('\n', '\r', 'ab', '"a', '😀', 'x'), ([initial, steps], search) => {
        const { plain, pieces } = run(initial, steps);
        assert.equal(pieces.length, plain.length);
        assert.equal(pieces.toString(), plain);
        for (let start = -2; start <= plain.length + 1; start += 1) {
          assert.equal(pieces.charCodeAt(start), plain.charCodeAt(start), `charCodeAt(${start})`);
          assert.equal(
            pieces.indexOf(search, start),
            plain.indexOf(search, start),
            `indexOf(${JSON.stringify(search)}, ${start})`,
          );
          assert.equal(
            pieces.lastIndexOf(search, start),
            plain.lastIndexOf(search, start),
            `lastIndexOf(${JSON.stringify(search)}, ${start})`,
          );
          for (let end = start; end <= plain.length + 1; end += 3)
            assert.equal(pieces.slice(start, end), plain.slice(start, end), `slice(${start}, ${end})`);
        }
      }),
      { numRuns: 400, seed: 4242 },
    );
  });

  it('keeps earlier versions intact (immutable) and joins past its piece limit', () => {
    const first = PieceText.of('0123456789'.repeat(100));
    let text = first;
    const versions: Array<[PieceText, string]> = [];
    let plain = first.toString();
    for (let i = 0; i < 200; i += 1) {
      const at = (i * 37) % plain.length;
      text = text.replace(at, at + 1, 'xy');
      plain = `${plain.slice(0, at)}xy${plain.slice(at + 1)}`;
      versions.push([text, plain]);
      assert.ok(text.pieceCount <= 64, `${text.pieceCount} pieces after ${i + 1} edits`);
    }
    for (const [version, expected] of versions) assert.equal(version.toString(), expected);
    assert.equal(first.toString(), '0123456789'.repeat(100));
  });
});
