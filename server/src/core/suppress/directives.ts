import type { OffsetRange } from '../json/ranges';
import type { SourceComment } from './syntax';

export const DISABLE_NEXT_LINE = 'toolwire-disable-next-line';

/** One code a directive names, where it is written (an unused or unknown one is reported there). */
export interface DirectiveCode {
  readonly code: string;
  readonly range: OffsetRange;
}

/** A `toolwire-disable-next-line CODE[, CODE] -- reason` comment, read. */
export interface Directive {
  /** The whole comment token. */
  readonly range: OffsetRange;
  /** The line it silences: the one after the line the comment ends on. */
  readonly targetLine: number;
  readonly codes: readonly DirectiveCode[];
  readonly reason?: string;
  /** Why the comment silences nothing as written (reported on the comment). */
  readonly problem?: string;
}

/** Line of an offset: the text is searched once, lines counted as LSP counts them (\n, \r\n, \r). */
export type LineOf = (offset: number) => number;

/**
 * Reads a comment as a directive, as ESLint reads `eslint-disable-next-line`: the keyword first,
 * then codes separated by commas, then an optional ` -- reason` (kept, for the hover and reports).
 * A block comment counts only alone on its line and on one line (else which line it silences is
 * a guess). Undefined when the comment is not a directive at all.
 */
export function readDirective(text: string, comment: SourceComment, lineOf: LineOf): Directive | undefined {
  const lead = comment.body.length - comment.body.trimStart().length;
  const body = comment.body.slice(lead);
  if (!body.startsWith(DISABLE_NEXT_LINE)) return undefined;
  const after = body.slice(DISABLE_NEXT_LINE.length);
  if (after.length > 0 && !/^\s/.test(after)) return undefined;
  const range = { start: comment.start, end: comment.end };
  const line = lineOf(comment.start);
  const endLine = lineOf(comment.end);
  const base = comment.bodyStart + lead + DISABLE_NEXT_LINE.length;
  const separator = /\s--(\s|$)/.exec(after);
  const list = separator ? after.slice(0, separator.index) : after;
  const reason = separator ? after.slice(separator.index + separator[0].length).trim() : undefined;
  const codes: DirectiveCode[] = [];
  const pattern = /[^,\s]+/g;
  for (let m = pattern.exec(list); m; m = pattern.exec(list))
    codes.push({ code: m[0], range: { start: base + m.index, end: base + m.index + m[0].length } });
  const common = { range, targetLine: endLine + 1, codes, ...(reason ? { reason } : {}) };
  if (comment.block && endLine !== line)
    return { ...common, problem: `A ${DISABLE_NEXT_LINE} comment must fit on one line.` };
  if (comment.block && !aloneOnLine(text, comment))
    return {
      ...common,
      problem: `A /* ${DISABLE_NEXT_LINE} */ comment must stand alone on its line (or use a line comment).`,
    };
  if (codes.length === 0)
    return {
      ...common,
      problem: `${DISABLE_NEXT_LINE} names no code: write the codes it silences, e.g. ${DISABLE_NEXT_LINE} wire-collision -- reason.`,
    };
  return common;
}

function aloneOnLine(text: string, comment: SourceComment): boolean {
  let before = comment.start - 1;
  while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before -= 1;
  let after = comment.end;
  while (after < text.length && (text[after] === ' ' || text[after] === '\t')) after += 1;
  return (
    (before < 0 || text[before] === '\n' || text[before] === '\r') &&
    (after >= text.length || text[after] === '\n' || text[after] === '\r')
  );
}
