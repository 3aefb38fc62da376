import { describeReason, othersInGroup, PROVIDERS, type Analysis, type AnalyzedTool, type RequestCensus } from '../core';
import type { CensusReport } from '../protocol';
import { clientResults, rowsForTool } from './clientTable';
import { describeFate, FORMAT_LABELS } from './describe';

/**
 * The file's census as a table a person would rather read than a list of squiggles: per request,
 * every tool, its wire name, its fate, each targeted provider's verdict, and what it collides with.
 * Rendered twice from one row model: Markdown (any editor) and a self-contained HTML page (VS Code
 * webview; no scripts, styled with the theme's colours).
 */
export function censusReport(fileName: string, analysis: Analysis, fallbackServer = 'server'): CensusReport {
  const title = `toolwire census: ${fileName}`;
  if (analysis.format === null) {
    const text = `${fileName} is not a tool file toolwire recognises (MCP tool lists, provider requests, ADS manifests, tool arrays).`;
    return { title, markdown: `# ${title}\n\n${text}\n`, html: page(title, `<p>${escape(text)}</p>`) };
  }
  const sections = [...analysis.requests.map((request, i) => section(analysis, request, i)), ...clientSections(analysis, fallbackServer)];
  const markdown = [`# ${title}`, '', ...sections.map((s) => s.markdown)].join('\n');
  const html = page(title, sections.map((s) => s.html).join('\n'));
  return { title, markdown, html };
}

interface Row {
  readonly name: string;
  readonly wire: string;
  readonly fate: string;
  readonly verdicts: readonly string[];
  readonly collisions: string;
  readonly bad: boolean;
}

function rowsOf(analysis: Analysis, request: RequestCensus): Row[] {
  return request.tools.map((index) => {
    const tool = analysis.tools[index]!;
    return {
      name: tool.name ?? '(no name)',
      wire: tool.wireName ?? '—',
      fate: describeFate(analysis, tool).replace(/`/g, ''),
      verdicts: request.targets.map((provider) => verdictText(tool, provider)),
      collisions: namesWithMore(othersInGroup(tool, index, 5).map((i) => analysis.tools[i]!.name ?? ''), tool.wireGroup.length - 1),
      bad: tool.fate !== 'offered' || tool.wireGroup.length > 0 || tool.verdicts.some((v) => !v.verdict.accepted),
    };
  });
}

function namesWithMore(names: readonly string[], total: number): string {
  return total > names.length ? `${names.join(', ')} and ${total - names.length} more` : names.join(', ');
}

function verdictText(tool: AnalyzedTool, provider: string): string {
  const entry = tool.verdicts.find((v) => v.provider === provider);
  if (!entry) return '—';
  if (!entry.verdict.accepted) return `✗ ${entry.verdict.reasons.map(describeReason).join('; ')}`;
  return entry.verdict.reasons.length > 0 ? `⚠ ${entry.verdict.reasons.map(describeReason).join('; ')}` : '✓';
}

function section(analysis: Analysis, request: RequestCensus, index: number): { markdown: string; html: string } {
  const rows = rowsOf(analysis, request);
  const heading = `${analysis.requests.length > 1 ? `Request ${index + 1}: ` : ''}${FORMAT_LABELS[request.format]}`;
  const summary = `${rows.length} tool${rows.length === 1 ? '' : 's'}, ${request.offeredCount} offered · derivation ${request.derivation} · targets ${request.targets.join(', ')}`;
  const headers = ['tool', 'wire name', 'fate', ...request.targets.map((t) => PROVIDERS[t].label), 'collides with'];
  const cells = (r: Row) => [r.name, r.wire, r.fate, ...r.verdicts, r.collisions || '—'];
  const md = [
    `## ${heading}`,
    '',
    summary,
    '',
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${cells(r).map((c, i) => (i < 2 && c !== '—' ? `\`${c}\`` : c).replace(/\|/g, '\\|')).join(' | ')} |`),
    '',
  ].join('\n');
  const html = [
    `<h2>${escape(heading)}</h2>`,
    `<p class="summary">${escape(summary)}</p>`,
    '<table>',
    `<thead><tr>${headers.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map((r) => `<tr${r.bad ? ' class="bad"' : ''}>${cells(r).map((c, i) => `<td>${i < 2 ? `<code>${escape(c)}</code>` : escape(c)}</td>`).join('')}</tr>`),
    '</tbody></table>',
  ].join('\n');
  return { markdown: md, html };
}

/** One table per MCP client: each tool's wire name and fate in that client (issue #5). */
function clientSections(analysis: Analysis, fallbackServer: string): Array<{ markdown: string; html: string }> {
  const { results, enabled } = clientResults(analysis, fallbackServer);
  return results.map((result) => {
    const { profile } = result;
    const heading = `${profile.label} ${profile.version}`;
    const summary = `server ${result.server} · ${profile.shape}${enabled ? '' : ' · not enabled (set toolwire.clients or "clients" in .toolwire.json to check it)'}`;
    const rows = result.tools.map((t) => {
      const row = rowsForTool([result], t.tool)[0]!;
      return { cells: [analysis.tools[t.tool]!.name ?? '', row.wireName, row.fate, row.note || '—'], bad: t.fate === 'dropped' || t.fate === 'request-fails' || t.group.length > 1 };
    });
    const headers = ['tool', 'sent as', 'fate', 'why'];
    const markdown = [
      `## ${heading}`, '', summary, '',
      `| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`,
      ...rows.map((r) => `| ${r.cells.map((c, i) => (i < 2 && c !== '—' ? `\`${c}\`` : c).replace(/\|/g, '\\|')).join(' | ')} |`), '',
    ].join('\n');
    const html = [
      `<h2>${escape(heading)}</h2>`, `<p class="summary">${escape(summary)}</p>`, '<table>',
      `<thead><tr>${headers.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead>`, '<tbody>',
      ...rows.map((r) => `<tr${r.bad ? ' class="bad"' : ''}>${r.cells.map((c, i) => `<td>${i < 2 ? `<code>${escape(c)}</code>` : escape(c)}</td>`).join('')}</tr>`),
      '</tbody></table>',
    ].join('\n');
    return { markdown, html };
  });
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<title>${escape(title)}</title>
<style>
body { font-family: var(--vscode-font-family, sans-serif); color: var(--vscode-foreground, #222); padding: 0 1em; }
table { border-collapse: collapse; margin-bottom: 2em; }
th, td { border: 1px solid var(--vscode-panel-border, #ccc); padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: var(--vscode-editor-inactiveSelectionBackground, #eee); }
tr.bad td { background: var(--vscode-inputValidation-errorBackground, #fdecea); }
.summary { opacity: 0.8; }
code { font-family: var(--vscode-editor-font-family, monospace); }
</style></head>
<body><h1>${escape(title)}</h1>
${body}
</body></html>`;
}

export function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
