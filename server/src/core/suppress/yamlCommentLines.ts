import { CST, Lexer } from 'yaml';

/**
 * Where a YAML text takes a new comment line, as `yaml`'s lexer reads it. A comment line written
 * at a line's start keeps every value only when that start is a line break the lexer reads as
 * one (`\n`, `\r\n`; a lone `\r` is text to it) and no token goes on across it: a multi-line
 * plain or quoted scalar would be split (a parse error, or a new key), and a block scalar's body
 * would take the comment in as text (or end early, when the comment is less indented).
 * Inside a flow collection a comment line is legal YAML, so a flow map written over lines still
 * takes one between its entries.
 */
export interface YamlCommentLines {
  /** Whether a comment line can be inserted at `lineStart` without changing any value. */
  takesCommentAt(lineStart: number): boolean;
  /** Whether `offset` is inside a comment token or at its end (text written there is comment text). */
  insideComment(offset: number): boolean;
}

/** The lexer's control tokens: markers that stand for no source text. */
const CONTROL = new Set(['\x02', '\x18', '\x1f']);

export function yamlCommentLines(text: string): YamlCommentLines {
  // Offsets the comment must not go at: inside a token that spans a line break, or at the start
  // of a block scalar's body. Sorted, as the lexer goes through the text once.
  const closed: number[] = [];
  const open: number[] = [];
  const commentStarts: number[] = [];
  const commentEnds: number[] = [];
  let offset = 0;
  let afterHeader = false;
  for (const token of new Lexer().lex(text)) {
    if (token.length === 1 && CONTROL.has(token)) continue;
    const type = CST.tokenType(token);
    if (type === 'comment') {
      commentStarts.push(offset);
      commentEnds.push(offset + token.length);
    }
    if (type === 'block-scalar-header') afterHeader = true;
    else if (afterHeader && type !== 'space' && type !== 'comment' && type !== 'newline') {
      // The first token after a block scalar's header line is its body (written from the body's
      // first line start), even when it holds no line break.
      afterHeader = false;
      open.push(offset);
      closed.push(offset + token.length);
    } else if (type !== 'newline' && spansLineBreak(token)) {
      open.push(offset + 1);
      closed.push(offset + token.length);
    }
    offset += token.length;
  }
  return {
    takesCommentAt(lineStart) {
      if (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 0x0a /* \n */) return false;
      // A forbidden span is [open, closed): the last one opening at or before lineStart decides.
      const found = lastAtOrBefore(open, lineStart);
      return found < 0 || lineStart >= closed[found]!;
    },
    insideComment(at) {
      const found = lastAtOrBefore(commentStarts, at - 1);
      return found >= 0 && at <= commentEnds[found]!;
    },
  };
}

/** The index of the last of sorted `starts` at or before `at`; -1 when there is none. */
function lastAtOrBefore(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! <= at) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** A token whose text goes on past a line break (its last character may be the break itself). */
function spansLineBreak(token: string): boolean {
  const last = token.length - 1;
  for (let i = 0; i < last; i++) {
    const c = token.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && token.charCodeAt(i + 1) !== 0x0a)) return true;
  }
  return false;
}
