import { analyze } from '../analyze';
import { NAME_COLLISION_CODES, type Finding, type FixData, type OffsetEdit } from '../findings';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';

export type FixAllResult =
  | { readonly kind: 'edits'; readonly edits: readonly OffsetEdit[]; readonly fixed: number; readonly text: string }
  | { readonly kind: 'nothing' }
  | { readonly kind: 'refused'; readonly reason: string };

/**
 * Every safe fix at once (`source.fixAll.toolwire`): one fix per tool (the preferred one), edits
 * that do not overlap, applied to the text and then proven: the result must parse as the same
 * format, have no collision it did not have, and no more errors than before. A fix set that
 * fails the proof is refused whole rather than applied in part.
 */
export function computeFixAll(text: string, options: AnalysisOptions = {}, analysed?: Analysis): FixAllResult {
  // The caller's analysis of this very text and options, when it has one (the LSP caches it).
  const before = analysed ?? analyze(text, options);
  const chosen = chooseFixes(before.findings);
  if (chosen.length === 0) return { kind: 'nothing' };
  const edits = nonOverlapping(chosen.flatMap((f) => f.edits));
  const after = applyOffsetEdits(text, edits);
  if (after === undefined) return { kind: 'refused', reason: 'the document changed under the fixes' };
  const checked = analyze(after, options);
  if (checked.format !== before.format) return { kind: 'refused', reason: 'the fixed text would no longer be recognised as the same format' };
  const known = collisionKeys(before);
  const newCollisions = [...collisionKeys(checked)].filter((key) => !known.has(key));
  if (newCollisions.length > 0) return { kind: 'refused', reason: `the fixes would create a new collision (${newCollisions[0]})` };
  if (errorCount(checked.findings) > errorCount(before.findings)) return { kind: 'refused', reason: 'the fixes would add errors' };
  return { kind: 'edits', edits, fixed: chosen.length, text: after };
}

function chooseFixes(findings: readonly Finding[]): FixData[] {
  const byTool = new Map<number, FixData>();
  for (const finding of findings) {
    if (!finding.fix || finding.tool === undefined) continue;
    const current = byTool.get(finding.tool);
    if (!current || (!current.preferred && finding.fix.preferred)) byTool.set(finding.tool, finding.fix);
  }
  return [...byTool.values()];
}

/** Edits sorted by position; one that overlaps an earlier one is dropped (minimal, never conflicting). */
function nonOverlapping(edits: readonly OffsetEdit[]): OffsetEdit[] {
  const sorted = [...edits].sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  const out: OffsetEdit[] = [];
  for (const edit of sorted) {
    const last = out[out.length - 1];
    if (last && (edit.range.start < last.range.end || (edit.range.start === last.range.start && edit.range.end === last.range.end))) continue;
    out.push(edit);
  }
  return out;
}

/** Applies non-overlapping edits, or returns undefined when one no longer finds its old text. */
export function applyOffsetEdits(text: string, edits: readonly OffsetEdit[]): string | undefined {
  const sorted = [...edits].sort((a, b) => b.range.start - a.range.start);
  let out = text;
  for (const edit of sorted) {
    if (out.slice(edit.range.start, edit.range.end) !== edit.oldText) return undefined;
    out = out.slice(0, edit.range.start) + edit.newText + out.slice(edit.range.end);
  }
  return out;
}

/** `code:wire name` for every collision-like finding: what "no new collision" is checked against. */
export function collisionKeys(analysis: Analysis): Set<string> {
  const keys = new Set<string>();
  for (const finding of analysis.findings) {
    if (!NAME_COLLISION_CODES.has(finding.code) || finding.tool === undefined) continue;
    const wire = analysis.tools[finding.tool]?.wireName ?? '';
    keys.add(`${finding.code}:${finding.code === 'case-collision' ? wire.toLowerCase() : wire}`);
  }
  return keys;
}

function errorCount(findings: readonly Finding[]): number {
  return findings.filter((f) => f.severity === 'error').length;
}
