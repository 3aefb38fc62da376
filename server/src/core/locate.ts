import type { Analysis } from './model';

/** What sits under an offset: a tool's name, or a reference to a tool. */
export type Located =
  | { readonly kind: 'tool'; readonly tool: number }
  | { readonly kind: 'reference'; readonly reference: number; readonly tool: number | undefined };

/** The tool name or reference whose string token contains `offset` (ends inclusive, as editors place cursors). */
export function locateAt(analysis: Analysis, offset: number): Located | undefined {
  for (let i = 0; i < analysis.tools.length; i++) {
    const range = analysis.tools[i]!.declaration.name.range;
    if (analysis.tools[i]!.name !== undefined && range.start <= offset && offset <= range.end)
      return { kind: 'tool', tool: i };
  }
  for (let i = 0; i < analysis.references.length; i++) {
    const ref = analysis.references[i]!;
    if (ref.reference.range.start <= offset && offset <= ref.reference.range.end)
      return { kind: 'reference', reference: i, tool: ref.target };
  }
  return undefined;
}
