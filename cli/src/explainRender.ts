/**
 * Markdown to plain terminal text, for `toolwire explain`: headings underlined, code fences kept
 * as written, links as `text (url)` (relative ones made absolute), emphasis markers and HTML
 * anchors dropped, table rows as aligned columns. Only what docs/diagnostics.md uses.
 */
export function renderMarkdown(markdown: string, docsBase: string): string {
  const out: string[] = [];
  const lines = markdown.split('\n');
  let fenced = false;
  // Plain lines are rendered a paragraph at a time: emphasis may wrap across a line break.
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(inline(paragraph.join('\n'), docsBase));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const plainLine =
      !fenced &&
      !/^\s*(```|~~~)/.test(line) &&
      !/^(#{1,6}) /.test(line) &&
      !/^\s*\|/.test(line) &&
      !/^>/.test(line) &&
      line.trim() !== '' &&
      !/^\s*<a id=/.test(line);
    if (plainLine) {
      paragraph.push(line);
      continue;
    }
    flush();
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      out.push(line);
      continue;
    }
    if (fenced) {
      out.push(line);
      continue;
    }
    if (/^\s*<a id="[^"]*"><\/a>\s*$/.test(line)) continue;
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (heading) {
      const text = inline(heading[2]!, docsBase);
      out.push(text, (heading[1]!.length <= 2 ? '=' : '-').repeat([...text].length));
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows: string[][] = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]!); i++) {
        const row = lines[i]!;
        if (/^\s*\|[\s|:-]+\|\s*$/.test(row)) continue; // the |---| separator
        rows.push(
          row
            .trim()
            .replace(/^\||\|$/g, '')
            .split(/(?<!\\)\|/)
            .map((c) => inline(c.trim(), docsBase)),
        );
      }
      i -= 1;
      out.push(...table(rows));
      continue;
    }
    const quote = /^>\s?(.*)$/.exec(line);
    out.push(quote ? `    ${inline(quote[1]!, docsBase)}`.trimEnd() : inline(line, docsBase));
  }
  flush();
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Inline Markdown outside code spans; code spans keep their backticks (they delimit names). */
function inline(text: string, docsBase: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : plain(part, docsBase)))
    .join('');
}

function plain(text: string, docsBase: string): string {
  return text
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => `${label} (${absolute(url, docsBase)})`)
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*(?=[\s).,:;]|$)/gm, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1');
}

/** `clients.md` and `#x` become addresses a terminal user can open. */
function absolute(url: string, docsBase: string): string {
  if (/^[a-z]+:/i.test(url)) return url;
  if (url.startsWith('#')) return `${docsBase}/diagnostics.md${url}`;
  return `${docsBase}/${url.replace(/^\.\//, '')}`;
}

/** Columns padded to the widest cell; a last column is left unpadded. */
function table(rows: readonly string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, c) => (widths[c] = Math.max(widths[c] ?? 0, [...cell].length)));
  return rows.map((row) =>
    `  ${row.map((cell, c) => (c === row.length - 1 ? cell : cell + ' '.repeat(widths[c]! - [...cell].length))).join('  ')}`.trimEnd(),
  );
}
