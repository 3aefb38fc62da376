import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalysisIndex } from '../analysisIndex';
import type { AnalyzedTool } from '../core';
import { visible } from './markdown';

/**
 * A name the library makes from the declaration's own (a C# `GetTimeAsync()` is `get_time`, a Ruby
 * tool class `GetTime` is `get_time`): its token is an identifier other than the name, so the
 * editor shows the name even when the wire keeps it.
 */
function derivedName(document: TextDocument, tool: AnalyzedTool): boolean {
  const { start, end } = tool.declaration.name.range;
  if (end - start > 256) return false;
  const token = document.getText({ start: document.positionAt(start), end: document.positionAt(end) });
  return token !== tool.name && /^@?[\p{L}_][\p{L}\p{N}_]*$/u.test(token);
}

/**
 * `→ com-example-orders-get` after each name whose wire form differs (or that never reaches the
 * wire, or that the library derives from a declaration's name). A hint sits at the end of its name, so
 * only names that end inside the requested range get one (a name that starts inside but ends
 * after it would put its hint outside); they are
 * found by binary search in the per-version index, so an editor scrolling a 10k-tool file pays
 * for the visible hints only. A line break or control character in a verbatim wire name is shown
 * as `⟨U+000A⟩`, as in hovers.
 */
export function inlayHintsIn(document: TextDocument, index: AnalysisIndex, range: Range): InlayHint[] {
  const hints: InlayHint[] = [];
  for (const i of index.namesEndingIn(document.offsetAt(range.start), document.offsetAt(range.end))) {
    const tool = index.analysis.tools[i]!;
    let label: string | undefined;
    if (tool.fate === 'not-invocable') label = '→ not invocable';
    else if (tool.wireName !== null && (tool.wireName !== tool.name || derivedName(document, tool)))
      label = `→ ${visible(tool.wireName)}${tool.fate === 'left-out' ? ' (left out)' : ''}`;
    else if (tool.fate === 'left-out') label = '→ left out';
    if (!label) continue;
    hints.push({
      position: document.positionAt(tool.declaration.name.range.end),
      label,
      kind: InlayHintKind.Type,
      paddingLeft: true,
      tooltip: 'The name this tool is sent under (toolwire)',
    });
  }
  return hints;
}
