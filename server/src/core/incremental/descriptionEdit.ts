import { createScanner, type JSONScanner } from 'jsonc-parser';
import type { Analysis } from '../model';
import type { OffsetRange } from '../json/ranges';
import type { TextReader } from '../text/pieceText';
import type { ChangedRegion } from './region';

// jsonc-parser's const enums cannot be read under isolatedModules; these are their values.
const enum Token {
  OpenBraceToken = 1,
  CloseBraceToken = 2,
  OpenBracketToken = 3,
  CloseBracketToken = 4,
  CommaToken = 5,
  StringLiteral = 10,
  EOF = 17,
}
const NO_SCAN_ERROR = 0;

interface Frame {
  readonly isObject: boolean;
  /** The key whose value is being read (objects only). */
  key: string | undefined;
  expectKey: boolean;
}

/**
 * Proves that an edit lies wholly inside the text of one `description` string of one tool and
 * leaves it one valid string token: then no recogniser, census or check can see it (formats only
 * ask whether a description is a string), and the new analysis is the old one with the offsets
 * after the edit moved. Returns the string token (old text), or undefined when that cannot be
 * shown; the caller then runs a full analysis.
 *
 * Only the edited tool is scanned, with jsonc-parser's scanner, so the cost is the tool's size.
 */
export function editedDescription(
  oldText: TextReader,
  newText: TextReader,
  analysis: Analysis,
  region: ChangedRegion,
): OffsetRange | undefined {
  // With syntax errors the parser's recovery, not the tokens, decides what a string belongs to.
  if (analysis.syntaxProblems.length > 0) return undefined;
  if (analysis.documentKind !== 'json' && analysis.documentKind !== 'json-lines') return undefined;
  const tool = toolAround(analysis, region);
  if (!tool) return undefined;
  const token = stringValueAt(oldText, tool, region.start);
  if (token?.key !== 'description' || token.parentKey === 'properties') return undefined;
  // Strictly inside the quotes: the token keeps its delimiters.
  if (!(token.range.start < region.start && region.oldEnd < token.range.end)) return undefined;
  // The new string, read up to where it must end: a shorter or unterminated token is refused.
  const newEnd = token.range.end + region.newEnd - region.oldEnd;
  const rescanned = createScanner(newText.slice(token.range.start, newEnd), false);
  if ((rescanned.scan() as number) !== Token.StringLiteral || rescanned.getTokenError() !== NO_SCAN_ERROR)
    return undefined;
  if (rescanned.getTokenOffset() !== 0 || rescanned.getTokenLength() !== newEnd - token.range.start) return undefined;
  if (!untouchedByFindings(analysis, token.range)) return undefined;
  return token.range;
}

/** The tool whose object holds the whole edit (tools are in document order). */
export function toolAround(analysis: Analysis, region: ChangedRegion): OffsetRange | undefined {
  const found = lastToolFrom(analysis, region.start);
  const range = found === undefined ? undefined : analysis.tools[found]!.declaration.toolRange;
  return range && range.start <= region.start && region.oldEnd <= range.end ? range : undefined;
}

/** The last tool whose object starts at or before `offset` (a binary search: tools are in document order). */
export function lastToolFrom(analysis: Analysis, offset: number): number | undefined {
  const tools = analysis.tools;
  let low = 0;
  let high = tools.length - 1;
  let found: number | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (tools[middle]!.declaration.toolRange.start <= offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

interface StringValue {
  readonly range: OffsetRange;
  readonly key: string | undefined;
  readonly parentKey: string | undefined;
}

/**
 * The string value token that reaches `offset`, with its key and its object's key; scanned from
 * the tool's `{`, over the tool's text alone.
 */
function stringValueAt(text: TextReader, tool: OffsetRange, offset: number): StringValue | undefined {
  const scanner: JSONScanner = createScanner(text.slice(tool.start, tool.end), true);
  const stack: Frame[] = [];
  for (let kind: number = scanner.scan(); kind !== Token.EOF; kind = scanner.scan()) {
    const start = tool.start + scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    if (start >= tool.end) return undefined;
    const top = stack[stack.length - 1];
    if (end > offset) {
      // The token that reaches the edit: a string value in an object, or nothing we can prove.
      if (kind !== Token.StringLiteral || scanner.getTokenError() !== NO_SCAN_ERROR || !top?.isObject || top.expectKey)
        return undefined;
      return { range: { start, end }, key: top.key, parentKey: stack[stack.length - 2]?.key };
    }
    switch (kind) {
      case Token.OpenBraceToken:
        stack.push({ isObject: true, key: undefined, expectKey: true });
        break;
      case Token.OpenBracketToken:
        stack.push({ isObject: false, key: undefined, expectKey: false });
        break;
      case Token.CloseBraceToken:
      case Token.CloseBracketToken:
        stack.pop();
        if (stack.length === 0) return undefined;
        break;
      case Token.CommaToken:
        if (top?.isObject) top.expectKey = true;
        break;
      case Token.StringLiteral:
        if (top?.isObject && top.expectKey) {
          top.key = scanner.getTokenValue();
          top.expectKey = false;
        }
        break;
      default:
        break;
    }
    if (stack.length === 0) return undefined; // the first token was not the tool's `{`
  }
  return undefined;
}

/**
 * No finding may cover the string (a `missing-name` message quotes the text under its range) and
 * no fix may edit it (its edits carry the text they replace).
 */
export function untouchedByFindings(analysis: Analysis, token: OffsetRange): boolean {
  for (const finding of analysis.findings) {
    if (overlaps(finding.range, token)) return false;
    for (const related of finding.related)
      if (related.file === undefined && overlaps(related.range, token)) return false;
    for (const edit of finding.fix?.edits ?? []) if (overlaps(edit.range, token)) return false;
  }
  return true;
}

function overlaps(a: OffsetRange, b: OffsetRange): boolean {
  return a.start < b.end && b.start < a.end;
}
