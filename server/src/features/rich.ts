import { mdCode, mdText, visible } from './markdown';

/**
 * Text that mixes our own words with user-controlled strings, kept apart until it is rendered, so
 * each renderer escapes the user's part for its context (Markdown for hovers and other editors,
 * HTML for the VS Code webview). A bare string is ours (already valid Markdown); `{ code }` is a
 * name shown as code; `{ text }` is a user string shown as plain text.
 */
export type Inline = string | { readonly code: string } | { readonly text: string };
export type Rich = readonly Inline[];

export function toMarkdown(rich: Rich, inTable = false): string {
  return rich
    .map((part) => {
      if (typeof part === 'string') return inTable ? part.replace(/\|/g, '\\|') : part;
      return 'code' in part ? mdCode(part.code, inTable) : mdText(part.text);
    })
    .join('');
}

/** Our own Markdown is kept to backtick code spans and plain words, so HTML shows the words. */
export function toHtml(rich: Rich): string {
  return rich
    .map((part) => {
      if (typeof part === 'string') return ourMarkdownToHtml(part);
      return 'code' in part ? `<code>${escapeHtml(visible(part.code))}</code>` : escapeHtml(visible(part.text));
    })
    .join('');
}

function ourMarkdownToHtml(markdown: string): string {
  return markdown
    .split(/(`[^`]*`)/)
    .map((piece) =>
      piece.startsWith('`') && piece.endsWith('`') && piece.length >= 2
        ? `<code>${escapeHtml(piece.slice(1, -1))}</code>`
        : escapeHtml(piece.replace(/\*\*/g, '')),
    )
    .join('');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
