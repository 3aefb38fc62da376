import { lastAtOrBefore } from './lineIndex';

/**
 * What a reader of a document's text needs, without the text being one string. A JavaScript
 * string is one (so the core's callers may pass strings), and so is `PieceText`.
 */
export interface TextReader {
  readonly length: number;
  slice(start: number, end: number): string;
  charCodeAt(offset: number): number;
  indexOf(search: string, from: number): number;
  lastIndexOf(search: string, from: number): number;
}

/** Past this many pieces an edit joins them: one copy of the text per so many edits. */
const MAX_PIECES = 64;

/**
 * A text kept as the pieces its edits left: the text it was opened with (or last joined into)
 * and the inserted strings, each piece a slice of one of them. Why: an edit to a large document
 * held as one string costs a copy of the whole text as soon as anything reads it (V8 flattens the
 * concatenation, about 20 ms for 8 MB, most of it touching freshly mapped memory), while a
 * one-character edit to a 10k-tool file should cost what the edited tool costs.
 * Slices of a string share its memory, so an edit costs a copy of the piece list alone.
 *
 * Immutable: `replace` returns a new text. `toString` gives the whole text as a concatenation
 * that V8 joins only when it is read, so a version nobody reads in full is never joined.
 */
export class PieceText implements TextReader {
  /** Where each piece starts in the text (ascending; the first is 0). */
  private readonly starts: readonly number[];
  private whole: string | undefined;

  private constructor(
    private readonly pieces: readonly string[],
    readonly length: number,
  ) {
    const starts: number[] = [];
    let at = 0;
    for (const piece of pieces) {
      starts.push(at);
      at += piece.length;
    }
    this.starts = starts;
    if (pieces.length <= 1) this.whole = pieces[0] ?? '';
  }

  static of(text: string): PieceText {
    return new PieceText(text.length > 0 ? [text] : [], text.length);
  }

  /** `text` as a PieceText: itself when it is one, else the string in one piece. */
  static from(text: TextReader): PieceText {
    return text instanceof PieceText ? text : PieceText.of(String(text));
  }

  /** The text with `[start, end)` replaced by `inserted` (offsets clamped to the text). */
  replace(start: number, end: number, inserted: string): PieceText {
    const from = clamp(start, 0, this.length);
    const to = clamp(end, from, this.length);
    const length = this.length - (to - from) + inserted.length;
    const pieces: string[] = [];
    const first = this.pieceAt(from);
    for (let i = 0; i < first; i += 1) pieces.push(this.pieces[i]!);
    const head = this.pieces[first];
    if (head !== undefined && from > this.starts[first]!) pieces.push(head.slice(0, from - this.starts[first]!));
    if (inserted.length > 0) pieces.push(inserted);
    const last = this.pieceAt(to);
    const tail = this.pieces[last];
    if (tail !== undefined && to - this.starts[last]! < tail.length) pieces.push(tail.slice(to - this.starts[last]!));
    for (let i = last + 1; i < this.pieces.length; i += 1) pieces.push(this.pieces[i]!);
    // Joining copies the whole text once; a long run of edits pays it once per MAX_PIECES / 2.
    return pieces.length > MAX_PIECES ? PieceText.of(pieces.join('')) : new PieceText(pieces, length);
  }

  slice(start: number, end: number = this.length): string {
    const from = clamp(start < 0 ? this.length + start : start, 0, this.length);
    const to = clamp(end < 0 ? this.length + end : end, from, this.length);
    if (from === to) return '';
    let index = this.pieceAt(from);
    const offset = from - this.starts[index]!;
    const piece = this.pieces[index]!;
    // Within one piece: a slice of it, which shares its memory.
    if (to - this.starts[index]! <= piece.length) return piece.slice(offset, to - this.starts[index]!);
    let out = piece.slice(offset);
    for (index += 1; index < this.pieces.length && this.starts[index]! < to; index += 1) {
      out += this.pieces[index]!.slice(0, to - this.starts[index]!);
    }
    return out;
  }

  charCodeAt(offset: number): number {
    if (!(offset >= 0 && offset < this.length)) return Number.NaN;
    const index = this.pieceAt(offset);
    return this.pieces[index]!.charCodeAt(offset - this.starts[index]!);
  }

  indexOf(search: string, from = 0): number {
    const start = clamp(Number.isNaN(from) ? 0 : Math.trunc(from), 0, this.length);
    if (search.length === 0) return start;
    const reach = search.length - 1;
    for (let index = this.pieceAt(start); index < this.pieces.length; index += 1) {
      const pieceStart = this.starts[index]!;
      const piece = this.pieces[index]!;
      const within = Math.max(start, pieceStart);
      const found = piece.indexOf(search, within - pieceStart);
      if (found >= 0) return pieceStart + found;
      // A match that starts in this piece and ends in the next ones.
      const crossFrom = Math.max(within, pieceStart + piece.length - reach);
      const crossing = reach > 0 ? this.slice(crossFrom, pieceStart + piece.length + reach).indexOf(search) : -1;
      if (crossing >= 0) return crossFrom + crossing;
    }
    return -1;
  }

  lastIndexOf(search: string, from = Number.POSITIVE_INFINITY): number {
    const start = clamp(Number.isNaN(from) ? this.length : Math.trunc(from), 0, this.length);
    if (search.length === 0) return start;
    if (this.length === 0) return -1;
    const reach = search.length - 1;
    for (let index = this.pieceAt(Math.min(start, this.length - 1)); index >= 0; index -= 1) {
      const pieceStart = this.starts[index]!;
      const piece = this.pieces[index]!;
      // A match that starts in this piece and ends in the next ones (the later start first).
      const crossFrom = pieceStart + Math.max(0, piece.length - reach);
      if (reach > 0 && crossFrom <= start) {
        const crossing = this.slice(crossFrom, pieceStart + piece.length + reach).lastIndexOf(
          search,
          start - crossFrom,
        );
        if (crossing >= 0) return crossFrom + crossing;
      }
      const found = piece.lastIndexOf(search, start - pieceStart);
      if (found >= 0) return pieceStart + found;
    }
    return -1;
  }

  /** The whole text; joined by V8 only when it is read (see the class comment). */
  toString(): string {
    if (this.whole === undefined) {
      let whole = '';
      for (const piece of this.pieces) whole += piece;
      this.whole = whole;
    }
    return this.whole;
  }

  /** How many pieces hold the text (for tests). */
  get pieceCount(): number {
    return this.pieces.length;
  }

  /** The piece holding `offset`; the last one at the end of the text (0 when there is none). */
  private pieceAt(offset: number): number {
    return lastAtOrBefore(this.starts, offset);
  }
}

function clamp(value: number, low: number, high: number): number {
  return value < low ? low : Math.min(value, high);
}
