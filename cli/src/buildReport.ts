import { LineIndex, type Analysis, type ClientFate, type RelatedLocation } from '../../server/src/core';
import type { InvalidUtf8 } from '../../server/src/node/files';
import { inputDiagnostics } from './inputFindings';
import type { FileReport } from './model';

/**
 * Turns the core's offsets into the CLI's 0-based line/character report for one file. A related
 * location in another file (a cross-file client collision) is positioned in that file's text.
 * A file that is not valid JSON (or UTF-8) gets its `invalid-json` error first.
 */
export function buildReport(
  path: string,
  text: string,
  analysis: Analysis,
  otherFile: (file: string) => { path: string; text: string } | undefined = () => undefined,
  invalidUtf8?: InvalidUtf8,
): FileReport {
  const lines = new LineIndex(text);
  // Each tool's outcomes by client, gathered in one pass over every client result: a stream of
  // many documents has a result per client and document, so a pass per tool was quadratic.
  const outcomes = new Map<number, Map<string, { wireName: string | null; fate: ClientFate }>>();
  for (const result of analysis.clients) {
    for (const outcome of result.tools) {
      let byClient = outcomes.get(outcome.tool);
      if (!byClient) outcomes.set(outcome.tool, (byClient = new Map()));
      // A file two servers list is sent under each name: this map is its first server's (census lists all).
      if (!byClient.has(result.client)) byClient.set(result.client, { wireName: outcome.wireName, fate: outcome.fate });
    }
  }
  const clientsOf = (tool: number) => {
    const byClient = outcomes.get(tool);
    return byClient ? { clients: Object.fromEntries(byClient) } : {};
  };
  const related = (r: RelatedLocation) => {
    if (r.file === undefined) return { range: lines.range(r.range), message: r.message };
    const other = otherFile(r.file);
    return other
      ? { range: new LineIndex(other.text).range(r.range), message: r.message, path: other.path }
      : { range: lines.range({ start: 0, end: 0 }), message: r.message, path: r.file };
  };
  return {
    path,
    format: analysis.format,
    tools: analysis.tools.flatMap((tool, i) =>
      tool.name === undefined
        ? []
        : [
            {
              name: tool.name,
              wireName: tool.wireName,
              offered: tool.fate === 'offered',
              range: lines.range(tool.declaration.name.range),
              ...clientsOf(i),
            },
          ],
    ),
    diagnostics: [
      ...inputDiagnostics(path, analysis, lines, invalidUtf8),
      ...analysis.findings.map((f) => ({
        code: f.code,
        severity: f.severity,
        message: f.message,
        ...(f.detail !== '' ? { detail: f.detail } : {}),
        ...(f.also !== undefined && f.also.length > 0 ? { also: f.also } : {}),
        range: lines.range(f.range),
        related: f.related.map(related),
      })),
    ],
  };
}
