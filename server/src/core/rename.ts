import { NAME_COLLISION_CODES } from './findings';
import { analyze } from './analyze';
import type { OffsetEdit } from './findings';
import { applyOffsetEdits, collisionKeys } from './fixes/fixAll';
import { stringEdit } from './fixes/renameFix';
import type { OffsetRange } from './json/ranges';
import { locateAt } from './locate';
import type { Analysis } from './model';
import type { AnalysisOptions } from './settings';

export type RenamePlan =
  | { readonly kind: 'edits'; readonly edits: readonly OffsetEdit[] }
  | { readonly kind: 'refused'; readonly reason: string };

export interface RenameTarget {
  readonly tool: number;
  /** The string token under the cursor (quotes included). */
  readonly range: OffsetRange;
  /** The current name, as the placeholder the editor offers. */
  readonly placeholder: string;
}

/** prepareRename: a tool name, or a reference that dispatches to a tool. */
export function renameTargetAt(analysis: Analysis, offset: number): RenameTarget | undefined {
  const found = locateAt(analysis, offset);
  if (!found || found.tool === undefined) return undefined;
  const tool = analysis.tools[found.tool]!;
  if (tool.name === undefined) return undefined;
  const range = found.kind === 'tool' ? tool.declaration.name.range : analysis.references[found.reference]!.reference.range;
  return { tool: found.tool, range, placeholder: tool.name };
}

/**
 * Renames a tool and every reference that dispatches to it, then proves the result: the new
 * name must be sent validly to every target, and must not create a collision (also by case)
 * or a reserved-name clash. A refusal says why, so the editor can show it.
 */
export function planRename(text: string, options: AnalysisOptions, offset: number, newName: string): RenamePlan {
  const analysis = analyze(text, options);
  const target = renameTargetAt(analysis, offset);
  if (!target) return { kind: 'refused', reason: 'Put the cursor on a tool name, or on a reference to a tool (tool_choice, allowed names, a replayed call).' };
  if (newName.length === 0) return { kind: 'refused', reason: 'A tool name cannot be empty.' };
  const tool = analysis.tools[target.tool]!;
  if (newName === tool.name) return { kind: 'edits', edits: [] };
  const edits = [stringEdit(text, tool.declaration.name.range, newName)];
  for (const ref of analysis.references) {
    if (ref.target === target.tool) edits.push(stringEdit(text, ref.reference.range, newName));
  }
  const after = applyOffsetEdits(text, edits);
  if (after === undefined) return { kind: 'refused', reason: 'The document changed; try again.' };
  const checked = analyze(after, options);
  const renamed = checked.tools[target.tool];
  if (!renamed || renamed.name !== newName) return { kind: 'refused', reason: 'The renamed tool could not be found again; the file shape would change.' };
  const own = checked.findings.filter((f) => f.tool === target.tool && f.severity === 'error');
  if (own.length > 0) return { kind: 'refused', reason: `${JSON.stringify(newName)} would not work: ${own[0]!.message}` };
  const known = collisionKeys(analysis);
  const fresh = [...collisionKeys(checked)].filter((key) => !known.has(key));
  if (fresh.length > 0) {
    const clash = checked.findings.find((f) => f.tool === target.tool && NAME_COLLISION_CODES.has(f.code));
    return { kind: 'refused', reason: `${JSON.stringify(newName)} would collide: ${clash?.message ?? fresh[0]}` };
  }
  return { kind: 'edits', edits };
}
