import { LineIndex, type Analysis } from '../../server/src/core';
import type { FileReport } from './model';

/** Turns the core's offsets into the CLI's 0-based line/character report for one file. */
export function buildReport(path: string, text: string, analysis: Analysis): FileReport {
  const lines = new LineIndex(text);
  return {
    path,
    format: analysis.format,
    tools: analysis.tools.flatMap((tool) =>
      tool.name === undefined ? [] : [{ name: tool.name, wireName: tool.wireName, offered: tool.fate === 'offered', range: lines.range(tool.declaration.name.range) }],
    ),
    diagnostics: analysis.findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      range: lines.range(f.range),
      related: f.related.map((r) => ({ range: lines.range(r.range), message: r.message })),
    })),
  };
}
