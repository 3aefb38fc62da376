import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from '../core';

/** `→ com-example-orders-get` after each name whose wire form differs (or that never reaches the wire). */
export function inlayHintsIn(document: TextDocument, analysis: Analysis, range: Range): InlayHint[] {
  const from = document.offsetAt(range.start);
  const to = document.offsetAt(range.end);
  const hints: InlayHint[] = [];
  for (const tool of analysis.tools) {
    const at = tool.declaration.name.range;
    if (tool.name === undefined || at.end < from || at.start > to) continue;
    let label: string | undefined;
    if (tool.fate === 'not-invocable') label = '→ not invocable';
    else if (tool.wireName !== null && tool.wireName !== tool.name) label = `→ ${tool.wireName}${tool.fate === 'left-out' ? ' (left out)' : ''}`;
    else if (tool.fate === 'left-out') label = '→ left out';
    if (!label) continue;
    hints.push({ position: document.positionAt(at.end), label, kind: InlayHintKind.Type, paddingLeft: true, tooltip: 'The name this tool is sent under (toolwire)' });
  }
  return hints;
}
