/** A zero-based line and UTF-16 character, as LSP and the CLI's JSON output count them. */
export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface PositionRange {
  readonly start: Position;
  readonly end: Position;
}

/**
 * Offset -> position for callers without a TextDocument (the CLI). Line breaks are \n, \r\n
 * or \r, as in LSP. Built once per text; each lookup is a binary search.
 */
export class LineIndex {
  private readonly starts: number[];

  constructor(private readonly text: string) {
    this.starts = lineStartsOf(text);
  }

  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const line = lastAtOrBefore(this.starts, clamped);
    return { line, character: clamped - this.starts[line]! };
  }

  range(range: { start: number; end: number }): PositionRange {
    return { start: this.position(range.start), end: this.position(range.end) };
  }

  /** The line an offset is on. */
  lineOf(offset: number): number {
    return this.position(offset).line;
  }

  /** Where a line starts; the text's length past the last line. */
  lineStart(line: number): number {
    return line < this.starts.length ? this.starts[line]! : this.text.length;
  }
}

/**
 * Where lines start in `text`, as offsets plus `base`: after each \n, \r\n or lone \r, and at
 * `base` itself when `atStart` (a text read from a line's start).
 */
export function lineStartsOf(text: string, base = 0, atStart = true): number[] {
  const starts = atStart ? [base] : [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */ || c === 10 /* \n */) {
      if (c === 13 && i + 1 < text.length && text.charCodeAt(i + 1) === 10) i += 1;
      starts.push(base + i + 1);
    }
  }
  return starts;
}

/** In an ascending list, the last index whose value is at or before `value` (0 when none is). */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (sorted[middle]! <= value) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}
