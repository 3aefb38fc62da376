import type { OffsetEdit } from '../findings';

/**
 * Two rounds of edits as one on the first text: `first` (on `text`, not overlapping) made
 * `middle`, `second` (on `middle`, not overlapping) made `result`. Each edit of `second` is moved
 * back to `text`, widened over any edit of `first` it meets; the edits that then overlap or touch
 * merge into one, whose new text is read from `result`. Outside those regions the three texts
 * agree, so applying the composed edits to `text` gives `result` (the differential test in
 * `test/core/composeEdits.test.ts` holds it to that). Fix-all needs it when two fixes touch the
 * same separator (two adjacent keys removed): the second is made on the text the first left.
 */
export function composeEdits(
  text: string,
  first: readonly OffsetEdit[],
  second: readonly OffsetEdit[],
  result: string,
): OffsetEdit[] {
  const a = [...first].sort((x, y) => x.range.start - y.range.start || x.range.end - y.range.end);
  // Each edit of `first` in both texts, and the length it adds.
  const placed: Span[] = [];
  let shift = 0;
  for (const edit of a) {
    const start = edit.range.start + shift;
    placed.push({
      start: edit.range.start,
      end: edit.range.end,
      middleStart: start,
      middleEnd: start + edit.newText.length,
      delta: edit.newText.length - (edit.range.end - edit.range.start),
    });
    shift += edit.newText.length - (edit.range.end - edit.range.start);
  }
  const spans: Span[] = [...placed];
  for (const edit of second) {
    const start = toText(placed, edit.range.start, 'start');
    const end = Math.max(start, toText(placed, edit.range.end, 'end'));
    spans.push({
      start,
      end,
      middleStart: edit.range.start,
      middleEnd: edit.range.end,
      delta: edit.newText.length - (edit.range.end - edit.range.start),
    });
  }
  spans.sort((x, y) => x.start - y.start || x.end - y.end);
  const out: OffsetEdit[] = [];
  let before = 0;
  for (let i = 0; i < spans.length; ) {
    let { start, end } = spans[i]!;
    let delta = 0;
    // Overlapping or touching spans are one region: an insertion beside a removal included.
    for (; i < spans.length && spans[i]!.start <= end; i++) {
      end = Math.max(end, spans[i]!.end);
      delta += spans[i]!.delta;
    }
    const from = start + before;
    out.push({
      range: { start, end },
      oldText: text.slice(start, end),
      newText: result.slice(from, end + before + delta),
    });
    before += delta;
  }
  return out.filter((edit) => edit.oldText !== edit.newText);
}

interface Span {
  readonly start: number;
  readonly end: number;
  readonly middleStart: number;
  readonly middleEnd: number;
  readonly delta: number;
}

/**
 * A position of the middle text in the first: past the edits before it; inside an edit's new
 * text, that edit's start (for a start) or end (for an end), so the region covers the edit.
 */
function toText(placed: readonly Span[], position: number, side: 'start' | 'end'): number {
  let shift = 0;
  for (const span of placed) {
    if (side === 'start' ? position < span.middleStart : position <= span.middleStart) break;
    if (side === 'start' ? position < span.middleEnd : position <= span.middleEnd)
      return side === 'start' ? span.start : span.end;
    shift = span.middleEnd - span.end;
  }
  return position - shift;
}
