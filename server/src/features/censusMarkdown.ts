import type { CensusPage } from './censusModel';
import { mdText } from './markdown';
import { toMarkdown } from './rich';

/**
 * The census page as Markdown, for editors without a webview. Names are code spans that cannot
 * be broken out of, other user text is escaped, so no name can inject Markdown.
 */
export function censusMarkdown(page: CensusPage): string {
  const lines = [`# toolwire census: ${mdText(page.fileName)}`, ''];
  // Never start a line with the user's text ("- x.json" would be a list, "1. x" a numbered one).
  if (page.notice) return [...lines, `The file ${mdText(page.fileName)} ${page.notice}`, ''].join('\n');
  if (page.pages > 1) {
    lines.push(
      `Page ${page.page + 1} of ${page.pages} (${page.pageSize} of ${page.totalRows} rows a page; ask \`toolwire/census\` with \`page\`, counted from 0, for another).`,
      '',
    );
  }
  for (const section of page.sections) {
    const continued = section.firstRow > 0 ? ' (continued)' : '';
    const shown =
      section.rows.length < section.rowCount
        ? ` · rows ${section.firstRow + 1} to ${section.firstRow + section.rows.length} of ${section.rowCount}`
        : '';
    lines.push(
      `## ${mdText(section.heading)}${continued}`,
      '',
      `${toMarkdown(section.summary)}${shown}`,
      '',
      `| ${section.headers.map((h) => h.replace(/\|/g, '\\|')).join(' | ')} |`,
      `|${section.headers.map(() => '---').join('|')}|`,
      ...section.rows.map((row) => `| ${row.cells.map((cell) => toMarkdown(cell, true)).join(' | ')} |`),
      '',
    );
  }
  return lines.join('\n');
}
