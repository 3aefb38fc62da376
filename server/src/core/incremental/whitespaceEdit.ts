import { createScanner } from 'jsonc-parser';
import type { Analysis } from '../model';
import { toolAround, untouchedByFindings } from './descriptionEdit';
import type { TextReader } from '../text/pieceText';
import type { ChangedRegion } from './region';

// jsonc-parser's const enums cannot be read under isolatedModules; these are its values.
const LINE_BREAK_TOKEN = 14;
const TRIVIA_TOKEN = 15;
const EOF_TOKEN = 17;

/**
 * Proves that an edit only adds or removes spaces and tabs between two tokens of one tool of a
 * JSON document: the tokens stay the same, so only offsets move. Line breaks are never accepted
 * (they decide JSON Lines and the line a fix inserts on), nor an edit on the line of a fix (an
 * added `invocationName` copies the name line's indentation), nor one inside a finding's range
 * (a `missing-name` message quotes the value's text). Scans only the edited tool.
 */
export function editedWhitespace(
  oldText: TextReader,
  newText: TextReader,
  analysis: Analysis,
  region: ChangedRegion,
): boolean {
  if (analysis.syntaxProblems.length > 0 || analysis.documentKind !== 'json') return false;
  if (!blank(oldText, region.start, region.oldEnd) || !blank(newText, region.start, region.newEnd)) return false;
  const tool = toolAround(analysis, region);
  if (!tool || region.start <= tool.start) return false;
  // The last token that ends at or before the edit and the next one must be neighbours. Comments
  // count as tokens: spaces typed inside a `toolwire-disable-next-line` directive change what it
  // silences, so an edit there is never reused.
  const scanner = createScanner(oldText.slice(tool.start, tool.end), false);
  let previousEnd = -1;
  let nextFound = false;
  for (let kind: number = scanner.scan(); kind !== EOF_TOKEN; kind = scanner.scan()) {
    if (kind === TRIVIA_TOKEN || kind === LINE_BREAK_TOKEN) continue;
    const start = tool.start + scanner.getTokenOffset();
    if (start >= region.oldEnd) {
      if (previousEnd > region.start) return false;
      nextFound = true;
      break;
    }
    previousEnd = start + scanner.getTokenLength();
    if (previousEnd > region.start) return false; // the edit is inside a token or a comment
  }
  // Both neighbours lie in the tool (the scan reads the tool's text alone).
  if (previousEnd < 0 || !nextFound) return false;
  const lineStart = oldText.lastIndexOf('\n', region.start - 1) + 1;
  const newline = oldText.indexOf('\n', region.oldEnd);
  const line = { start: lineStart, end: newline < 0 ? oldText.length : newline };
  for (const finding of analysis.findings) {
    for (const edit of finding.fix?.edits ?? [])
      if (edit.range.start <= line.end && line.start <= edit.range.end) return false;
  }
  return untouchedByFindings(analysis, { start: region.start - 1, end: region.oldEnd + 1 });
}

function blank(text: TextReader, start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) return false;
  }
  return true;
}
