import { createRequire } from 'node:module';

/**
 * Markdown as an editor renders it, for tests that feed hostile names through hovers and the
 * census: markdown-it (CommonMark plus GFM tables) with raw HTML allowed and GFM-style autolinks
 * (a scheme or `www.`; no bare domains, which GFM does not link either), so a name that breaks
 * out of its code span shows up as a link, an image, a heading or a tag.
 */
interface MarkdownIt {
  render(markdown: string): string;
  linkify: { set(options: { fuzzyLink: boolean }): void };
}
const MarkdownItClass = createRequire(__filename)('markdown-it') as new (
  options: Record<string, unknown>,
) => MarkdownIt;

export function renderMarkdown(markdown: string): string {
  const md = new MarkdownItClass({ html: true, linkify: true });
  md.linkify.set({ fuzzyLink: false });
  return md.render(markdown);
}

export function decodeHtml(html: string): string {
  return html.replace(
    /&(lt|gt|quot|amp|#39);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&', '#39': "'" })[e]!,
  );
}

/** The text of every `<code>` element, decoded. */
export function codeTexts(html: string): string[] {
  return [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) => decodeHtml(m[1]!));
}

/** Tags a user string must never produce. */
export const DANGEROUS = /<(a|img|script|iframe|h[1-6]|em|del|s|blockquote|ul|ol|li|pre|hr)\b/;

/** Names that try every way out of a code span or a table cell, or into HTML. */
export const HOSTILE_NAMES = [
  // Spaces alone: markdown-it strips one from each side of three or more (found by the property test).
  '   ',
  'a`b',
  'x``y```z',
  '`lead',
  'trail`',
  ' spaced ',
  'line\nbreak',
  'cr\r\n# heading',
  '[x](http://evil)',
  '![img](http://evil/x.png)',
  '# heading',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'a&amp;b&lt;',
  'pipe|name',
  'back\\|slash',
  'http://evil.example/',
  'www.evil.example',
  'mail@evil.example',
  '*em* _em_ ~~del~~',
  '\u202Eevil',
];
