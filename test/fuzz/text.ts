// Positions and edits computed from scratch, independently of vscode-languageserver-textdocument
// (which clamps out-of-range positions, and would hide exactly the bugs the fuzzer looks for).
import type { Position, Range, TextEdit } from 'vscode-languageserver-protocol';

/** Line starts as LSP counts lines: \n, \r\n and \r all end one. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (c === 10 || c === 13) starts.push(i + 1);
  }
  return starts;
}

/** The offset of `position`, or a sentence saying why it is not inside `text`. */
export function offsetOf(text: string, starts: readonly number[], position: Position): number | string {
  const { line, character } = position;
  if (!Number.isInteger(line) || !Number.isInteger(character) || line < 0 || character < 0)
    return `malformed position ${JSON.stringify(position)}`;
  if (line >= starts.length) return `line ${line} is past the last line (${starts.length - 1})`;
  const start = starts[line]!;
  let end = line + 1 < starts.length ? starts[line + 1]! : text.length;
  while (end > start && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  if (character > end - start) return `character ${character} is past the end of line ${line} (${end - start})`;
  const offset = start + character;
  if (isLowSurrogate(text.charCodeAt(offset)) && isHighSurrogate(text.charCodeAt(offset - 1)))
    return `position ${line}:${character} splits a surrogate pair`;
  return offset;
}

export function positionAt(starts: readonly number[], offset: number): Position {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low, character: offset - starts[low]! };
}

/** A range as offsets, or why it is not a range inside `text`. */
export function rangeOffsets(
  text: string,
  starts: readonly number[],
  range: Range,
): { start: number; end: number } | string {
  const start = offsetOf(text, starts, range.start);
  if (typeof start === 'string') return `start: ${start}`;
  const end = offsetOf(text, starts, range.end);
  if (typeof end === 'string') return `end: ${end}`;
  return end < start ? `end before start ${JSON.stringify(range)}` : { start, end };
}

/** Applies LSP edits as a client must: all ranges refer to the text before, none overlap. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = lineStarts(text);
  const resolved = edits.map((edit) => {
    const range = rangeOffsets(text, starts, edit.range);
    if (typeof range === 'string')
      throw new Error(`edit range ${JSON.stringify(edit.range)} is not in the document: ${range}`);
    return { ...range, newText: edit.newText };
  });
  resolved.sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < resolved.length; i++) {
    if (resolved[i]!.start < resolved[i - 1]!.end)
      throw new Error(`edits overlap: ${JSON.stringify(resolved.slice(i - 1, i + 1))}`);
  }
  let out = '';
  let at = 0;
  for (const edit of resolved) {
    out += text.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  return out + text.slice(at);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
