import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis, AnalyzedTool } from '../core';
import { toRange } from '../convert';
import { FORMAT_LABELS } from './describe';

/**
 * The tools of the file with their wire names (outline, breadcrumbs, Ctrl+Shift+O). A file of
 * several requests (JSON Lines) gets one parent per request.
 */
export function documentSymbols(document: TextDocument, analysis: Analysis): DocumentSymbol[] {
  const symbolOf = (tool: AnalyzedTool): DocumentSymbol => ({
    name: tool.name === undefined || tool.name === '' ? '(unnamed tool)' : tool.name,
    detail:
      tool.fate === 'offered'
        ? tool.wireName === tool.name
          ? ''
          : `→ ${tool.wireName}`
        : tool.fate === 'left-out'
          ? `→ ${tool.wireName} (left out)`
          : tool.fate,
    kind: SymbolKind.Function,
    range: toRange(document, tool.declaration.toolRange),
    selectionRange: toRange(document, clampInside(tool.declaration.name.range, tool.declaration.toolRange)),
  });
  if (analysis.requests.length <= 1) return analysis.tools.map(symbolOf);
  return analysis.requests.map((request, i) => {
    const tools = request.tools.map((t) => analysis.tools[t]!);
    const first = tools[0]?.declaration.toolRange ?? request.anchorRange;
    const last = tools[tools.length - 1]?.declaration.toolRange ?? request.anchorRange;
    const range = toRange(document, {
      start: Math.min(first.start, request.anchorRange.start),
      end: Math.max(last.end, request.anchorRange.end),
    });
    return {
      name: `request ${i + 1}`,
      detail: `${FORMAT_LABELS[request.format]}, ${tools.length} tool${tools.length === 1 ? '' : 's'}`,
      kind: SymbolKind.Namespace,
      range,
      selectionRange: toRange(document, request.anchorRange),
      children: tools.map(symbolOf),
    };
  });
}

/** LSP requires selectionRange inside range; an absent name's anchor may sit on the parent key. */
function clampInside(inner: { start: number; end: number }, outer: { start: number; end: number }) {
  if (inner.start >= outer.start && inner.end <= outer.end) return inner;
  return { start: outer.start, end: Math.min(outer.end, outer.start + 1) };
}
