import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { Position, Range, TextDocument } from 'vscode-languageserver-textdocument';
import { lastAtOrBefore, lineStartsOf, PieceText } from './core';

/**
 * An open document whose text is a `PieceText`, so that an edit costs what it touches: the
 * library's `TextDocument` rebuilds its content as one string on every change, and V8 copies
 * the whole text the next time anything reads it. Positions behave as the
 * library's do (line breaks are \n, \r\n and \r; an offset inside a line break counts as before
 * it), and line starts are kept up to date from the edited lines alone.
 */
export class PieceDocument implements TextDocument {
  private constructor(
    readonly uri: string,
    readonly languageId: string,
    private currentVersion: number,
    private content: PieceText,
    /** Where each line starts (the first is 0). */
    private lineStarts: number[],
  ) {}

  static create(uri: string, languageId: string, version: number, text: string): PieceDocument {
    return new PieceDocument(uri, languageId, version, PieceText.of(text), lineStartsOf(text, 0, true));
  }

  get version(): number {
    return this.currentVersion;
  }

  /** This version's text, unchanged by later edits (the analyzer keeps it as the base of the next). */
  get text(): PieceText {
    return this.content;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** A copy that later updates of either leave alone (the edit log follows multi-change events on one). */
  copy(): PieceDocument {
    return new PieceDocument(this.uri, this.languageId, this.currentVersion, this.content, [...this.lineStarts]);
  }

  getText(range?: Range): string {
    if (!range) return this.content.toString();
    const start = this.offsetAt(range.start);
    const end = this.offsetAt(range.end);
    // A reversed range reads forwards, as the library's `substring` does.
    return this.content.slice(Math.min(start, end), Math.max(start, end));
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.content.length));
    const line = this.lineOf(clamped);
    return { line, character: this.beforeLineBreak(clamped, this.lineStarts[line]!) - this.lineStarts[line]! };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.lineStarts.length) return this.content.length;
    if (position.line < 0) return 0;
    const lineStart = this.lineStarts[position.line]!;
    if (position.character <= 0) return lineStart;
    const nextLineStart =
      position.line + 1 < this.lineStarts.length ? this.lineStarts[position.line + 1]! : this.content.length;
    return this.beforeLineBreak(Math.min(lineStart + position.character, nextLineStart), lineStart);
  }

  getLineRange(line: number): Range {
    const starts = this.lineStarts;
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    // Past the last line: what follows the last line's start, as the library answers.
    if (line >= starts.length) {
      const last = starts.length - 1;
      return {
        start: { line: last, character: 0 },
        end: { line: last, character: this.content.length - starts[last]! },
      };
    }
    const next = line + 1 < starts.length ? starts[line + 1]! : this.content.length;
    return {
      start: { line, character: 0 },
      end: { line, character: this.beforeLineBreak(next, starts[line]!) - starts[line]! },
    };
  }

  getEOLCharacters(line: number): string {
    const starts = this.lineStarts;
    if (line < 0 || line >= starts.length) return '';
    const next = line + 1 < starts.length ? starts[line + 1]! : this.content.length;
    return this.content.slice(this.beforeLineBreak(next, starts[line]!), next);
  }

  /** Applies the changes of one `didChange` in order, as the library's `TextDocument.update` does. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change) this.replace(wellFormed(change.range), change.text);
      else {
        this.content = PieceText.of(change.text);
        this.lineStarts = lineStartsOf(change.text, 0, true);
      }
    }
    this.currentVersion = version;
  }

  private replace(range: Range, inserted: string): void {
    const start = this.offsetAt(range.start);
    const end = this.offsetAt(range.end);
    const delta = inserted.length - (end - start);
    const old = this.lineStarts;
    // Line starts can change only between the start of the line before the edit's first
    // character and the first line start past the character after it: a line break is at most
    // two characters, and those around that span are untouched.
    const first = lastAtOrBefore(old, Math.max(0, start - 1));
    let after = first + 1;
    while (after < old.length && old[after]! <= end + 1) after += 1;
    this.content = this.content.replace(start, end, inserted);
    const tailKept = after < old.length;
    const windowEnd = tailKept ? old[after]! + delta : this.content.length;
    // A break that ends the window starts the first kept line, counted with the tail.
    const found = lineStartsOf(this.content.slice(old[first]!, windowEnd), old[first]!, false).filter(
      (s) => !tailKept || s < windowEnd,
    );
    // In place, as the library does: the array holds a start per line of a large file.
    const removed = after - first - 1;
    if (found.length < 10_000) old.splice(first + 1, removed, ...found);
    else this.lineStarts = old.slice(0, first + 1).concat(found, old.slice(after));
    const starts = this.lineStarts;
    if (delta !== 0) for (let i = first + 1 + found.length; i < starts.length; i += 1) starts[i] = starts[i]! + delta;
  }

  private lineOf(offset: number): number {
    return lastAtOrBefore(this.lineStarts, offset);
  }

  /** An offset inside or after a line break, moved before it (as the library's positions are). */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isLineBreak(this.content.charCodeAt(at - 1))) at -= 1;
    return at;
  }
}

function isLineBreak(code: number): boolean {
  return code === 13 || code === 10;
}

function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character)
    ? { start: end, end: start }
    : range;
}

/** A document's text as a PieceText: its own for a PieceDocument, else its string in one piece. */
export function pieceTextOf(document: TextDocument): PieceText {
  return document instanceof PieceDocument ? document.text : PieceText.of(document.getText());
}
