import { analyze } from './analyze';
import { NAME_COLLISION_CODES, type OffsetEdit } from './findings';
import { proveEdits } from './fixes/proof';
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
  const range =
    found.kind === 'tool' ? tool.declaration.name.range : analysis.references[found.reference]!.reference.range;
  return { tool: found.tool, range, placeholder: tool.name };
}

/**
 * Renames a tool and every reference that dispatches to it, then proves the result with the
 * proof every fix goes through (`fixes/proof.ts`): no new error of any kind (a name a target
 * rejects, a collision, also by case, a reserved name, a client that drops it, or anything the
 * user raised to error), no repeated key, the same format. A refusal says why, so the editor
 * can show it.
 */
export function planRename(text: string, options: AnalysisOptions, offset: number, newName: string): RenamePlan {
  const analysis = analyze(text, options);
  const target = renameTargetAt(analysis, offset);
  if (!target)
    return {
      kind: 'refused',
      reason:
        'Put the cursor on a tool name, or on a reference to a tool (tool_choice, allowed names, a replayed call).',
    };
  if (newName.length === 0) return { kind: 'refused', reason: 'A tool name cannot be empty.' };
  const tool = analysis.tools[target.tool]!;
  if (newName === tool.name) return { kind: 'edits', edits: [] };
  const edits: OffsetEdit[] = [];
  for (const range of [
    tool.declaration.name.range,
    ...analysis.references.filter((r) => r.target === target.tool).map((r) => r.reference.range),
  ]) {
    const edit = analysis.strings(range, newName);
    if (!edit)
      return {
        kind: 'refused',
        reason:
          'This name is written where toolwire cannot rewrite it (an f-string, a byte string, a constant of another file); rename it by hand.',
      };
    edits.push(edit);
  }
  const proof = proveEdits(text, options, analysis, edits, []);
  if (proof.kind === 'refused') {
    if (proof.after === undefined) return { kind: 'refused', reason: 'The document changed; try again.' };
    const fresh =
      proof.culprits.find((c) => c.message !== undefined && c.tool === target.tool) ??
      proof.culprits.find((c) => c.message !== undefined);
    if (!fresh) return { kind: 'refused', reason: `${JSON.stringify(newName)} would not work: ${proof.reason}.` };
    const verb = NAME_COLLISION_CODES.has(fresh.code) || fresh.code === 'client-collision' ? 'collide' : 'not work';
    return { kind: 'refused', reason: `${JSON.stringify(newName)} would ${verb}: ${fresh.message}` };
  }
  const renamed = proof.after.tools[target.tool];
  if (!renamed || renamed.name !== newName)
    return { kind: 'refused', reason: 'The renamed tool could not be found again; the file shape would change.' };
  return { kind: 'edits', edits };
}
