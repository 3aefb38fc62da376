/**
 * Every user-controlled string (tool names, wire names, server and file names, reasons that quote
 * a name) enters Markdown through these two functions, so a name like "a`](http://evil)" or one
 * with a newline cannot end its code span, start a heading, or render a link or a remote image
 * from user text. The static text around them is ours and is written as Markdown directly.
 */

export { visible } from '../core';
import { visible } from '../core';

/**
 * An inline code span that nothing in `text` can close: its fence is one backtick longer than the
 * longest run of backticks inside, and it is padded with a space when the text starts or ends
 * with a backtick or a space (CommonMark strips one space from each side, so the padding is not
 * shown). Text of spaces alone is padded too: CommonMark would keep it whole, but markdown-it (VS
 * Code's renderer) strips a space from each side of three or more, so `   ` showed as one. In a table cell (`inTable`), `|` would still end the cell inside a code span (GFM), so
 * it is written `\|` and a backslash right before a pipe, which would escape the escape in some
 * renderers, is shown as `⟨U+005C⟩`.
 */
export function mdCode(text: string, inTable = false): string {
  if (text === '') return '*(empty)*';
  let content = visible(text);
  if (inTable) content = content.replace(/\\(?=\|)/g, '⟨U+005C⟩').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(content) ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/**
 * Plain text, shown as written: every character that could start Markdown or HTML is escaped
 * with a backslash (CommonMark lets any ASCII punctuation be escaped), and the GFM autolink
 * triggers (`http:`, `www.`, `a@b`) are broken so no link is made from a name. Safe in a table
 * cell too: `|` is escaped, and so is a backslash before it. Inline only: a caller never starts a
 * line with it (`- `, `1. ` or four spaces there would still make a block).
 */
export function mdText(text: string): string {
  return visible(text)
    .replace(/[\\`*_~[\]<>&|!#:@]/g, (c) => `\\${c}`)
    .replace(/(www)\./gi, '$1\\.');
}
