import { CENSUS_PAGE_COMMAND } from '../protocol';
import type { CensusPage } from './censusModel';
import { escapeHtml, toHtml } from './rich';

/**
 * The census page as a self-contained HTML document for the VS Code webview: every user string
 * is HTML-escaped, no script runs (the Content-Security-Policy allows inline styles only), and
 * other pages are reached through `command:` links, which the webview allows for the paging
 * command alone.
 */
export function censusHtml(page: CensusPage): string {
  const title = `toolwire census: ${page.fileName}`;
  if (page.notice) return document(title, `<p>${escapeHtml(`The file ${page.fileName} ${page.notice}`)}</p>`);
  const body: string[] = [];
  if (page.pages > 1) body.push(navigation(page));
  for (const section of page.sections) {
    const continued = section.firstRow > 0 ? ' (continued)' : '';
    const shown =
      section.rows.length < section.rowCount
        ? ` · rows ${section.firstRow + 1} to ${section.firstRow + section.rows.length} of ${section.rowCount}`
        : '';
    body.push(
      `<h2>${escapeHtml(section.heading + continued)}</h2>`,
      `<p class="summary">${toHtml(section.summary)}${escapeHtml(shown)}</p>`,
      '<table>',
      `<thead><tr>${section.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
      '<tbody>',
      ...section.rows.map(
        (row) =>
          `<tr${row.bad ? ' class="bad"' : ''}>${row.cells.map((cell) => `<td>${toHtml(cell)}</td>`).join('')}</tr>`,
      ),
      '</tbody></table>',
    );
  }
  if (page.pages > 1) body.push(navigation(page));
  return document(title, body.join('\n'));
}

/** A link to another page; `page` is a number we computed, never user text. */
function pageLink(page: number, label: string): string {
  return `<a href="command:${CENSUS_PAGE_COMMAND}?${encodeURIComponent(JSON.stringify([page]))}">${escapeHtml(label)}</a>`;
}

function navigation(page: CensusPage): string {
  const links = [
    page.page > 0 ? pageLink(0, '« first') : '« first',
    page.page > 0 ? pageLink(page.page - 1, '‹ previous') : '‹ previous',
    `page ${page.page + 1} of ${page.pages} (${page.totalRows} rows)`,
    page.page < page.pages - 1 ? pageLink(page.page + 1, 'next ›') : 'next ›',
    page.page < page.pages - 1 ? pageLink(page.pages - 1, 'last »') : 'last »',
  ];
  const contents = page.contents.map((c) =>
    c.page === page.page ? escapeHtml(c.heading) : pageLink(c.page, c.heading),
  );
  return `<nav><p>${links.join(' · ')}</p>${contents.length > 1 ? `<p class="summary">${contents.join(' · ')}</p>` : ''}</nav>`;
}

function document(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: var(--vscode-font-family, sans-serif); color: var(--vscode-foreground, #222); padding: 0 1em; }
table { border-collapse: collapse; margin-bottom: 2em; }
th, td { border: 1px solid var(--vscode-panel-border, #ccc); padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: var(--vscode-editor-inactiveSelectionBackground, #eee); }
tr.bad td { background: var(--vscode-inputValidation-errorBackground, #fdecea); }
.summary { opacity: 0.8; }
code { font-family: var(--vscode-editor-font-family, monospace); }
</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}
