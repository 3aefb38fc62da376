/** A node's range and its compact text, bounded so that reading callees and receivers stays linear in a chain. */
import type { OffsetRange } from '../json/ranges';
import type { SyntaxNode } from './syntax';

export const rangeOf = (node: SyntaxNode): OffsetRange => ({ start: node.startIndex, end: node.endIndex });

/**
 * The longest callee or receiver whose text is read in full. In a chain (`s.tool(…).tool(…)`) or
 * a curried call (`f()()()`) each callee holds every call before it, so reading every callee's
 * whole text is quadratic in the chain's length; no pattern is anywhere near this long.
 */
export const SPAN_LIMIT = 1024;

/** A node's text without whitespace, or undefined when it is longer than any name a pattern compares. */
export function compactText(node: SyntaxNode, text: string): string | undefined {
  if (node.endIndex - node.startIndex > SPAN_LIMIT) return undefined;
  return memberDots(text.slice(node.startIndex, node.endIndex).replace(/\s+/g, ''));
}

/** PHP's `->` (and `?->`) as `.`: the patterns name a method after a `.` in every language. */
function memberDots(compact: string): string {
  return compact.includes('->') ? compact.replace(/\??->/g, '.') : compact;
}

/**
 * A callee's compact text for the patterns' comparisons. A long one keeps only its tail, after a
 * NUL no callee spells: `.method` suffixes still match, whole-callee equality never does.
 */
export function calleeText(callee: SyntaxNode, text: string): string {
  return (
    compactText(callee, text) ??
    `\u0000${memberDots(text.slice(callee.endIndex - SPAN_LIMIT, callee.endIndex).replace(/\s+/g, ''))}`
  );
}
