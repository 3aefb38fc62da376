import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OffsetEdit } from '../../server/src/core';
import { composeEdits } from '../../server/src/core/fixes/composeEdits';
import { applyOffsetEdits } from '../../server/src/core/fixes/proof';

/** Two rounds of edits composed into one (`fixes/composeEdits.ts`), against applying them in turn. */

/** A seeded generator (mulberry32): the same cases on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Up to five non-overlapping edits of `text`: removals, insertions, replacements, some touching. */
function randomEdits(text: string, next: () => number): OffsetEdit[] {
  const edits: OffsetEdit[] = [];
  let at = 0;
  for (let k = Math.floor(next() * 6); k > 0 && at <= text.length; k--) {
    const start = at + Math.floor(next() * Math.max(1, (text.length - at) / 2 + 1));
    if (start > text.length) break;
    const end = Math.min(text.length, start + Math.floor(next() * 4));
    const newText = ['', 'x', ',', 'yz', '\n  '][Math.floor(next() * 5)]!;
    edits.push({ range: { start, end }, oldText: text.slice(start, end), newText });
    // Touching edits (next start == this end) happen when the gap draws 0.
    at = end + (next() < 0.3 ? 0 : 1);
  }
  // Two insertions at one place are no well-defined pair of edits: keep the first.
  return edits.filter(
    (e, i) =>
      i === 0 ||
      !(
        e.range.start === e.range.end &&
        edits[i - 1]!.range.end === e.range.start &&
        edits[i - 1]!.range.start === e.range.start
      ),
  );
}

describe('composed edits', () => {
  test('adjacent removals in two rounds compose to one removal', () => {
    const text = '{ "a": 1, "b": 2, "c": 3 }';
    const first: OffsetEdit[] = [{ range: { start: 16, end: 24 }, oldText: ', "c": 3', newText: '' }];
    const middle = applyOffsetEdits(text, first)!;
    const second: OffsetEdit[] = [{ range: { start: 8, end: 16 }, oldText: ', "b": 2', newText: '' }];
    const result = applyOffsetEdits(middle, second)!;
    assert.equal(result, '{ "a": 1 }');
    const composed = composeEdits(text, first, second, result);
    assert.deepEqual(composed, [{ range: { start: 8, end: 24 }, oldText: ', "b": 2, "c": 3', newText: '' }]);
  });

  test('every composition of random rounds gives what the rounds give', () => {
    const next = random(20261204);
    let both = 0;
    for (let run = 0; run < 3000; run++) {
      const text = 'abcdefghij,klmnop\nqrstuv'.slice(0, Math.floor(next() * 25));
      const first = randomEdits(text, next);
      const middle = applyOffsetEdits(text, first);
      if (middle === undefined) continue;
      const second = randomEdits(middle, next);
      const result = applyOffsetEdits(middle, second);
      if (result === undefined) continue;
      if (first.length > 0 && second.length > 0) both++;
      const composed = composeEdits(text, first, second, result);
      assert.equal(applyOffsetEdits(text, composed), result, JSON.stringify({ text, first, second }));
    }
    // Most runs hold two real rounds: a generator that made none would prove nothing.
    assert.ok(both > 1500, `${both} runs with two rounds`);
  });
});
