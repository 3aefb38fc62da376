/**
 * One change of a text: the range it replaces (offsets into the text as it was just before this
 * change, UTF-16 units) and the text put there. An LSP `didChange` carries a list of these,
 * applied in order.
 */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The one span that a list of changes touched: `[start, oldEnd)` of the old text became
 * `[start, newEnd)` of the new one, and everything before `start` and after the ends is the same
 * text. Undefined when the changes do not fit the lengths (then nothing can be reused).
 */
export interface ChangedRegion {
  readonly start: number;
  readonly oldEnd: number;
  readonly newEnd: number;
}

export function changedRegion(
  changes: readonly TextChange[],
  oldLength: number,
  newLength: number,
): ChangedRegion | undefined {
  let length = oldLength;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY; // in the current text's offsets
  for (const change of changes) {
    if (!(change.start >= 0 && change.start <= change.end && change.end <= length)) return undefined;
    const delta = change.text.length - (change.end - change.start);
    const changedEnd = change.start + change.text.length;
    if (high === Number.NEGATIVE_INFINITY) {
      low = change.start;
      high = changedEnd;
    } else {
      // The earlier span moves with this change when it lies after it, and absorbs it otherwise.
      const movedHigh = high <= change.start ? high : high >= change.end ? high + delta : changedEnd;
      low = Math.min(low, change.start);
      high = Math.max(movedHigh, changedEnd);
    }
    length += delta;
  }
  if (length !== newLength) return undefined;
  if (high === Number.NEGATIVE_INFINITY) return { start: 0, oldEnd: 0, newEnd: 0 };
  // Everything after `high` in the new text is the old text's tail, unchanged.
  const oldEnd = oldLength - (newLength - high);
  if (oldEnd < low) return undefined;
  return { start: low, oldEnd, newEnd: high };
}
