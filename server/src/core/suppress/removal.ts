import type { CodeParser } from '../code/syntax';
import type { OffsetEdit } from '../findings';
import type { OffsetRange } from '../json/ranges';
import type { SourceLanguage } from '../source';
import { DISABLE_NEXT_LINE, readDirective } from './directives';
import { LineIndex } from '../text/lineIndex';
import { COMMENT_SYNTAX, type SourceComment } from './syntax';

/**
 * The edit that removes what an `unused-suppression` finding in the file points at: the code from
 * its directive's list (with its comma), or the whole directive when nothing else is left in it
 * (the line with it, when it stands alone there). Comments are scanned once per text, on first use.
 * Undefined when the range is not in a directive (a `.toolwire.json` entry, or a text that moved).
 */
export function suppressionRemover(
  text: string,
  language: SourceLanguage,
  code?: CodeParser,
): (range: OffsetRange) => OffsetEdit | undefined {
  let comments: readonly SourceComment[] | undefined;
  let index: LineIndex | undefined;
  return (range) => {
    comments ??= COMMENT_SYNTAX[language].scan(text, DISABLE_NEXT_LINE, code);
    const lines = (index ??= new LineIndex(text));
    const comment = comments.find((c) => c.start <= range.start && range.end <= c.end);
    if (!comment) return undefined;
    const directive = readDirective(text, comment, (offset) => lines.lineOf(offset));
    if (!directive) return undefined;
    const at = directive.codes.findIndex((c) => c.range.start === range.start && c.range.end === range.end);
    if (at < 0 || directive.codes.length === 1) return removeComment(text, comment, lines);
    const from = at > 0 ? directive.codes[at - 1]!.range.end : range.start;
    const to = at > 0 ? range.end : directive.codes[at + 1]!.range.start;
    return { range: { start: from, end: to }, oldText: text.slice(from, to), newText: '' };
  };
}

function removeComment(text: string, comment: SourceComment, lines: LineIndex): OffsetEdit {
  const line = lines.lineOf(comment.start);
  const lineStart = lines.lineStart(line);
  const nextLine = lines.lineStart(line + 1);
  const before = text.slice(lineStart, comment.start);
  const after = text.slice(comment.end, nextLine);
  if (before.trim() === '' && after.trim() === '') {
    return { range: { start: lineStart, end: nextLine }, oldText: text.slice(lineStart, nextLine), newText: '' };
  }
  // A trailing comment: it goes with the spaces before it; the code before it stays.
  let start = comment.start;
  while (start > lineStart && (text[start - 1] === ' ' || text[start - 1] === '\t')) start -= 1;
  return { range: { start, end: comment.end }, oldText: text.slice(start, comment.end), newText: '' };
}
