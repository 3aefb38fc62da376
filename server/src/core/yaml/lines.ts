import { CST } from 'yaml';
import { doubleQuotedValue, singleQuotedValue } from './scalars';

/**
 * What the subset reader (`subset.ts`) reads within one line: quoted and plain scalar tokens,
 * indicators, comments, indentation and line ends, by character codes over the text.
 */

export const SPACE = 0x20;
export const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * A line feed, or the carriage return of a CRLF (`subset.ts` steps aside for a carriage return
 * alone, so one here is always followed by a line feed).
 */
export function isBreak(code: number): boolean {
  return code === NEWLINE || code === CR;
}
export const HASH = 0x23;
export const COLON = 0x3a;
const DASH = 0x2d;

/** Whether no plain scalar of the subset starts with this character code (an indicator; `-` is looked at apart). */
export function isNotPlainStart(code: number): boolean {
  switch (code) {
    case 0x3f: // ?
    case 0x3a: // :
    case 0x23: // #
    case 0x26: // &
    case 0x2a: // *
    case 0x21: // !
    case 0x7c: // |
    case 0x3e: // >
    case 0x27: // '
    case 0x22: // "
    case 0x25: // %
    case 0x40: // @
    case 0x60: // `
      return true;
    default:
      return isFlowIndicator(code);
  }
}

/** `,[]{}`: the characters that end a plain scalar inside a flow collection. */
function isFlowIndicator(code: number): boolean {
  return code === 0x2c || code === 0x5b || code === 0x5d || code === 0x7b || code === 0x7d;
}

export interface Token {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/** The one-line reads over a text, for the reader that builds on them. */
export class LineScanner {
  protected readonly length: number;
  /** Set by `plainLineEnd`. */
  protected stopEnd = 0;
  /** Set by `plainLineEnd`. */
  protected stopNext = 0;

  constructor(protected readonly text: string) {
    this.length = text.length;
  }

  /** The `:` of a mapping indicator after a key's last character at `end`, past spaces, or -1. */
  protected keyColonAfter(end: number): number {
    let q = end;
    while (this.text.charCodeAt(q) === SPACE) q++;
    return this.text.charCodeAt(q) === COLON && this.isSeparated(q + 1) ? q : -1;
  }

  /**
   * A quoted scalar at `p`, or undefined. With `parentIndent` it may go on over lines indented
   * past that column (a key may not: undefined is then an implicit key over lines, `yaml`'s error).
   * One line with JSON's escapes only is decoded here; any other is decoded by `yaml`'s own
   * resolver for flow scalars (`CST.resolveAsScalar`), and anything it reports an error for is
   * left to `yaml` whole.
   */
  protected quoted(p: number, parentIndent?: number): Token | undefined {
    const text = this.text;
    const double = text.charCodeAt(p) === 0x22;
    let lines = false;
    for (let i = p + 1; i < this.length; i++) {
      const c = text.charCodeAt(i);
      if (isBreak(c)) {
        if (parentIndent === undefined) return undefined;
        lines = true;
        const next = this.lineAfter(i);
        const column = this.spacesAt(next);
        if (next + column < this.length && !isBreak(text.charCodeAt(next + column)) && column <= parentIndent)
          return undefined;
        i = next - 1;
      } else if (double && c === 0x5c) {
        // An escaped line break is still a line break: the next line is checked like any other.
        if (!isBreak(text.charCodeAt(i + 1))) i += 1;
      } else if (!double && c === 0x27 && text.charCodeAt(i + 1) === 0x27) i += 1;
      else if (c === (double ? 0x22 : 0x27)) {
        const token = text.slice(p, i + 1);
        const value = lines ? undefined : double ? doubleQuotedValue(token) : singleQuotedValue(token);
        const resolved = value ?? resolvedByYaml(token, double, p);
        return resolved === undefined ? undefined : { value: resolved, start: p, end: i + 1 };
      }
    }
    return undefined;
  }

  /**
   * Where a plain scalar starting at `p` stops on its line, into `stopEnd` (after its last
   * non-space character, returned too) and `stopNext` (at what stopped it: a `:` indicator, a
   * comment's `#`, a line break; in a flow collection also `,[]{}`). Fields, not a returned
   * object: this runs for every scalar and key of a file.
   */
  protected plainLineEnd(p: number, inFlow: boolean): number {
    const text = this.text;
    let i = p;
    for (; i < this.length; i++) {
      const c = text.charCodeAt(i);
      if (isBreak(c)) break;
      if (c === COLON && (this.isSeparated(i + 1) || (inFlow && isFlowIndicator(text.charCodeAt(i + 1))))) break;
      if (c === HASH && text.charCodeAt(i - 1) === SPACE) break;
      if (inFlow && isFlowIndicator(c)) break;
    }
    this.stopNext = i;
    this.stopEnd = this.trimEnd(p, i);
    return this.stopEnd;
  }

  /** Whether a plain scalar of the subset may start at `p` (`-` only before a non-space, as in `-1`). */
  protected mayStartPlain(p: number): boolean {
    if (p >= this.length) return false;
    const c = this.text.charCodeAt(p);
    if (c === SPACE || isBreak(c) || isNotPlainStart(c)) return false;
    return c !== DASH || !this.isSeparated(p + 1);
  }

  /** From `p`: spaces, then a comment or the line's end. The comment's end (or `p`), or -1 if anything else follows. */
  protected lineTail(p: number): number {
    let q = p;
    while (this.text.charCodeAt(q) === SPACE) q++;
    if (q >= this.length || isBreak(this.text.charCodeAt(q))) return p;
    if (this.text.charCodeAt(q) === HASH && q > p) return this.lineContentEnd(q);
    return -1;
  }

  protected spacesAt(p: number): number {
    let q = p;
    while (this.text.charCodeAt(q) === SPACE) q++;
    return q - p;
  }

  /** A `-` indicator at `p`: followed by a space, a line break or the end. */
  protected isDash(p: number): boolean {
    return this.text.charCodeAt(p) === DASH && this.isSeparated(p + 1);
  }

  /** Whether `p` is a space, a line break or the end of the text. */
  protected isSeparated(p: number): boolean {
    if (p >= this.length) return true;
    const c = this.text.charCodeAt(p);
    return c === SPACE || isBreak(c);
  }

  protected columnOf(p: number): number {
    return p - (this.text.lastIndexOf('\n', p - 1) + 1);
  }

  protected lineEndOf(p: number): number {
    const n = this.text.indexOf('\n', p);
    if (n < 0) return this.length;
    return n > p && this.text.charCodeAt(n - 1) === CR ? n - 1 : n;
  }

  /** The start of the line after `p`'s (the text's length when there is none). */
  protected lineAfter(p: number): number {
    const n = this.text.indexOf('\n', p);
    return n < 0 ? this.length : n + 1;
  }

  /** The end of the line holding `p`, before trailing spaces. */
  protected lineContentEnd(p: number): number {
    return this.trimEnd(p, this.lineEndOf(p));
  }

  protected trimEnd(start: number, end: number): number {
    let e = end;
    while (e > start && this.text.charCodeAt(e - 1) === SPACE) e--;
    return e;
  }
}

/** A quoted scalar's value as `yaml` decodes it, or undefined when `yaml` reports an error in it. */
function resolvedByYaml(token: string, double: boolean, offset: number): string | undefined {
  let failed = false;
  const scalar = CST.resolveAsScalar(
    { type: double ? 'double-quoted-scalar' : 'single-quoted-scalar', offset, indent: 0, source: token },
    true,
    () => {
      failed = true;
    },
  );
  return failed || typeof scalar?.value !== 'string' ? undefined : scalar.value;
}
