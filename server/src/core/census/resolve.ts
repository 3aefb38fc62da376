import type { ToolReference } from '../formats/model';
import type { AnalyzedReference, AnalyzedTool } from '../model';
import type { RequestSettings } from '../settings';

/**
 * Resolves references the way the runtime dispatches a call (naming-rules.md section 1): an exact
 * real name first, always; then a runtime tool; then the model-safe form, but only a form that
 * exactly one offered tool has. Tool indexes in the result are global (Analysis.tools).
 */
export function resolveReferences(
  references: readonly ToolReference[],
  tools: readonly AnalyzedTool[],
  settings: RequestSettings,
  requestIndex: number,
  firstTool: number,
): AnalyzedReference[] {
  if (references.length === 0) return [];
  const byName = new Map<string, number>();
  const byWire = new Map<string, number | null>();
  tools.forEach((tool, i) => {
    if (tool.name !== undefined && !byName.has(tool.name)) byName.set(tool.name, i + firstTool);
    if (tool.wireName !== null && tool.fate === 'offered') {
      // null marks an ambiguous form: it is not in the runtime's map at all.
      byWire.set(tool.wireName, byWire.has(tool.wireName) ? null : i + firstTool);
    }
  });
  const runtimeTools = new Set(settings.reservedNames);
  return references.map((reference) => {
    const exact = byName.get(reference.name);
    if (exact !== undefined) return { request: requestIndex, reference, target: exact, resolution: 'exact' };
    if (runtimeTools.has(reference.name))
      return { request: requestIndex, reference, target: undefined, resolution: 'runtime-tool' };
    const viaWire = byWire.get(reference.name);
    if (viaWire !== undefined && viaWire !== null)
      return { request: requestIndex, reference, target: viaWire, resolution: 'wire-form' };
    return { request: requestIndex, reference, target: undefined, resolution: undefined };
  });
}
