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
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      } else if (c === 10 /* \n */) {
        this.starts.push(i + 1);
      }
    }
  }

  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.starts[low]! };
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
