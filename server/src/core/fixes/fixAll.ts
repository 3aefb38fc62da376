import { analyze } from '../analyze';
import { isSchemaFix, type Finding, type FixData, type OffsetEdit } from '../findings';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import { withFixes } from './buildFixes';
import { composeEdits } from './composeEdits';
import { applyOffsetEdits, judge, siteKey, type Culprit, type FindingSite } from './proof';

export { applyOffsetEdits } from './proof';

/**
 * `unsafeLeft`: the tools and keys whose only fix is unsafe, left alone because unsafe fixes were
 * not asked for (always 0 when they were).
 */
export type FixAllResult =
  | {
      readonly kind: 'edits';
      readonly edits: readonly OffsetEdit[];
      readonly fixed: number;
      readonly text: string;
      /** The unsafe fixes among those applied (none unless asked for), so a caller can mark them. */
      readonly unsafe: readonly AppliedFix[];
      /** How many of the `fixed` are schema fixes (the rest fix names). */
      readonly schemaFixed: number;
      readonly unsafeLeft: number;
    }
  | { readonly kind: 'nothing'; readonly unsafeLeft: number }
  | { readonly kind: 'refused'; readonly reason: string; readonly unsafeLeft: number };

/** One applied fix: what it is and its edits (offsets in the text of the pass that made it: the original, unless a later pass did). */
export interface AppliedFix {
  readonly kind: FixData['kind'];
  readonly edits: readonly OffsetEdit[];
}

export interface FixAllOptions {
  /**
   * Apply unsafe fixes too (renames callers see); default false, so fix-on-save and a plain
   * `toolwire fix` never rename a tool or a parameter under its callers.
   */
  readonly unsafe?: boolean;
}

/**
 * Rounds of repair after a failed proof. Each round costs one analysis of the whole document;
 * the usual fix set is proven by the first.
 */
const MAX_ROUNDS = 4;

/** One tool's fix in a fix-all: its edits (offsets in the original text) and what it must clear. */
interface PlannedFix {
  readonly kind: FixData['kind'];
  readonly safety: FixData['safety'];
  readonly edits: readonly OffsetEdit[];
  readonly fixes: readonly FindingSite[];
}

/**
 * Every safe fix at once (`source.fixAll.toolwire`; unsafe ones too only with `unsafe`, as
 * `toolwire fix --unsafe`): one fix per tool (the preferred one), applied
 * together and proven by one re-analysis against all findings (`proof.ts`): each fixed finding
 * gone, no new error, no repeated key, the same format. When the proof fails, the fix set is
 * repaired rather than given up: a fix that does not clear its finding, or that brings an error
 * on its own tool, is dropped; an error a fix revealed on another tool (a collision was masking
 * that the tool is rejected on its own) is fixed too when the re-analysis offers a fix for it.
 * A set that still fails after a few rounds is refused whole, never applied in part. Fixes left
 * out because their edits met another's get another pass (`MAX_PASSES`).
 */
export function computeFixAll(
  text: string,
  options: AnalysisOptions = {},
  analysed?: Analysis,
  fixOptions: FixAllOptions = {},
): FixAllResult {
  const first = fixAllPass(text, options, analysed, fixOptions);
  if (first.kind !== 'proven') return first.result;
  // Fixes left out because their edits met another's (two adjacent keys of one object removed:
  // both take the comma between them) are made on the text the pass left, composed with the
  // edits before into edits of the original, and the whole proven again against it.
  let done = first;
  for (let pass = 1; pass < MAX_PASSES && done.overlapped > 0; pass++) {
    const next = fixAllPass(done.result.text, options, done.after, fixOptions);
    if (next.kind !== 'proven') break;
    const edits = composeEdits(text, done.result.edits, next.result.edits, next.result.text);
    const sites = [...done.sites, ...next.sites];
    const proof = judge(text, first.before, edits, next.result.text, next.after, sites);
    if (proof.kind !== 'proven') break;
    const previous = done.result;
    done = {
      kind: 'proven',
      result: {
        ...next.result,
        edits,
        fixed: previous.fixed + next.result.fixed,
        schemaFixed: previous.schemaFixed + next.result.schemaFixed,
        unsafe: [...previous.unsafe, ...next.result.unsafe],
        unsafeLeft: first.result.unsafeLeft,
      },
      before: first.before,
      after: next.after,
      sites,
      overlapped: next.overlapped,
    };
  }
  return done.result;
}

/** Passes of fix-all over the text the last one left: each costs a few analyses, and one is usual. */
const MAX_PASSES = 3;

type EditsResult = Extract<FixAllResult, { kind: 'edits' }>;

/** One pass's outcome: a proven set (with what a next pass needs), or the caller's answer. */
type Pass =
  | {
      readonly kind: 'proven';
      readonly result: EditsResult;
      readonly before: Analysis;
      readonly after: Analysis;
      readonly sites: readonly FindingSite[];
      /** Fixes left out because their edits met another fix's. */
      readonly overlapped: number;
    }
  | { readonly kind: 'other'; readonly result: FixAllResult };

function fixAllPass(
  text: string,
  options: AnalysisOptions,
  analysed: Analysis | undefined,
  fixOptions: FixAllOptions,
): Pass {
  // The caller's analysis of this very text and options, when it has one (the LSP caches it).
  const before = withFixes(text, options, analysed ?? analyze(text, options));
  const unsafe = fixOptions.unsafe === true;
  const { plan, unsafeLeft } = chooseFixes(before, unsafe);
  const other = (result: FixAllResult): Pass => ({ kind: 'other', result });
  if (plan.size === 0) return other({ kind: 'nothing', unsafeLeft });
  let reason = 'no fix could be proven';
  for (let round = 0; round < MAX_ROUNDS && plan.size > 0; round++) {
    const { edits, overlapped } = planEdits(plan);
    const afterText = applyOffsetEdits(text, edits);
    if (afterText === undefined)
      return other({ kind: 'refused', reason: 'the document changed under the fixes', unsafeLeft });
    if (afterText === text) return other({ kind: 'nothing', unsafeLeft });
    const after = analyze(afterText, options);
    const sites = [...plan.values()].flatMap((p) => p.fixes);
    const proof = judge(text, before, edits, afterText, after, sites);
    if (proof.kind === 'proven') {
      const applied = [...plan.values()]
        .filter((p) => p.safety === 'unsafe')
        .map((p) => ({ kind: p.kind, edits: p.edits }));
      const schemaFixed = [...plan.values()].filter(isSchemaFix).length;
      const result: EditsResult = {
        kind: 'edits',
        edits,
        fixed: plan.size,
        text: afterText,
        unsafe: applied,
        schemaFixed,
        unsafeLeft,
      };
      return { kind: 'proven', result, before, after, sites, overlapped };
    }
    reason = proof.reason;
    // The fixes the re-analysis offers, built only for a repair (a proven set needs none).
    if (!repair(plan, proof.culprits, withFixes(afterText, options, after), edits, unsafe)) break;
  }
  return other({ kind: 'refused', reason: `the fixes were not applied: ${reason}`, unsafeLeft });
}

/**
 * One fix per tool, keyed by the pointer of the tool's name: the preferred fix, and every
 * finding on that tool carrying the same fix is one it must clear. Without `unsafe`, unsafe fixes
 * are not candidates; `unsafeLeft` counts the places that had no other.
 */
function chooseFixes(before: Analysis, unsafe: boolean): { plan: Map<string, PlannedFix>; unsafeLeft: number } {
  // One fix per tool name (the preferred one: a rename and an invocationName fix the same
  // problem), one per rejected property key and one per schema object and kind: those edit other
  // tokens, so a tool with a bad name, two bad keys and a refused keyword is fixed in one pass.
  const chosen = new Map<string, { fix: FixData; findings: Finding[]; pointer: string }>();
  const leftOut = new Set<string>();
  for (const finding of before.findings) {
    if (!finding.fix || finding.tool === undefined || !changes(finding.fix)) continue;
    const pointer = planKey(finding, finding.fix, before);
    if (pointer === undefined) continue;
    if (!unsafe && finding.fix.safety === 'unsafe') {
      leftOut.add(pointer);
      continue;
    }
    const current = chosen.get(pointer);
    if (!current) chosen.set(pointer, { fix: finding.fix, findings: [finding], pointer });
    else if (!current.fix.preferred && finding.fix.preferred)
      chosen.set(pointer, {
        fix: finding.fix,
        findings: [finding, ...current.findings.filter((f) => sameFix(f.fix, finding.fix))],
        pointer,
      });
    else if (sameFix(current.fix, finding.fix)) current.findings.push(finding);
  }
  const plan = new Map<string, PlannedFix>();
  for (const { fix, findings, pointer } of chosen.values())
    plan.set(pointer, {
      kind: fix.kind,
      safety: fix.safety,
      edits: fix.edits,
      fixes: findings.map((f) => ({ code: f.code, pointer: f.pointer })),
    });
  const unsafeLeft = [...leftOut].filter((pointer) => !plan.has(pointer)).length;
  return { plan, unsafeLeft };
}

/**
 * Where a fix is planned: per tool name (a rename and an invocationName fix the same problem),
 * per property key, and per schema place and kind (a schema fix names its place in `proposed`).
 */
function planKey(finding: Finding, fix: FixData, before: Analysis): string | undefined {
  if (fix.kind === 'rename-parameter') return finding.pointer;
  if (isSchemaFix(fix)) return `${fix.kind}\u0000${fix.proposed}`;
  return finding.tool === undefined ? undefined : before.tools[finding.tool]?.declaration.name.pointer;
}

function changes(fix: FixData): boolean {
  return fix.edits.some((e) => e.newText !== e.oldText);
}

function sameFix(a: FixData | undefined, b: FixData | undefined): boolean {
  return a !== undefined && b !== undefined && a.kind === b.kind && a.proposed === b.proposed;
}

/**
 * The plan's edits in document order. A fix whose edits overlap another fix's is dropped whole
 * (a replayed call can name two tools' references at one place), never applied in part. One
 * sort, so ten thousand fixes cost no more than their edits.
 */
function planEdits(plan: Map<string, PlannedFix>): { edits: OffsetEdit[]; overlapped: number } {
  const all = [...plan].flatMap(([pointer, fix]) => fix.edits.map((edit) => ({ pointer, edit })));
  all.sort((a, b) => a.edit.range.start - b.edit.range.start || a.edit.range.end - b.edit.range.end);
  const size = plan.size;
  let previous: OffsetEdit | undefined;
  for (const { pointer, edit } of all) {
    if (
      previous &&
      (edit.range.start < previous.range.end ||
        (edit.range.start === previous.range.start && edit.range.end === previous.range.end))
    )
      plan.delete(pointer);
    else previous = edit;
  }
  const edits = all.filter(({ pointer }) => plan.has(pointer)).map(({ edit }) => edit);
  return { edits, overlapped: size - plan.size };
}

/**
 * Changes the plan after a failed proof; false when nothing can be changed (the failure is not
 * any one fix's, e.g. the format changed). A culprit on a planned tool drops that tool's fix; a
 * culprit on another tool adds the fix the re-analysis offers for it, if there is one.
 */
function repair(
  plan: Map<string, PlannedFix>,
  culprits: readonly Culprit[],
  after: Analysis,
  applied: readonly OffsetEdit[],
  unsafe: boolean,
): boolean {
  if (culprits.length === 0) return false;
  const toolOf = (site: Culprit) =>
    site.tool === undefined ? undefined : after.tools[site.tool]?.declaration.name.pointer;
  const fixedBy = new Map<string, string>();
  for (const [pointer, fix] of plan) for (const site of fix.fixes) fixedBy.set(siteKey(site), pointer);
  let changed = false;
  for (const culprit of culprits) {
    const owner = fixedBy.get(siteKey(culprit)) ?? toolOf(culprit);
    if (owner !== undefined && plan.has(owner)) {
      plan.delete(owner);
      changed = true;
      continue;
    }
    // Only a fix this fix-all may apply: an unsafe one is no repair when unsafe fixes are not asked for.
    const revealed = after.findings.find(
      (f) =>
        f.code === culprit.code &&
        f.pointer === culprit.pointer &&
        f.fix !== undefined &&
        changes(f.fix) &&
        (unsafe || f.fix.safety === 'safe'),
    );
    const edits = revealed?.fix ? toOriginal(revealed.fix.edits, applied) : undefined;
    if (owner === undefined || !revealed?.fix || !edits) return false;
    plan.set(owner, {
      kind: revealed.fix.kind,
      safety: revealed.fix.safety,
      edits,
      fixes: [{ code: revealed.code, pointer: revealed.pointer }],
    });
    changed = true;
  }
  return changed;
}

/**
 * Maps edits computed on the fixed text back to the original text, or undefined when one falls
 * inside a region another fix already rewrote.
 */
function toOriginal(edits: readonly OffsetEdit[], applied: readonly OffsetEdit[]): OffsetEdit[] | undefined {
  const out: OffsetEdit[] = [];
  for (const edit of edits) {
    let shift = 0;
    for (const done of applied) {
      const start = done.range.start + shift;
      const end = start + done.newText.length;
      if (edit.range.start < end && start < edit.range.end) return undefined;
      if (start >= edit.range.end) break;
      shift += done.newText.length - (done.range.end - done.range.start);
    }
    out.push({ ...edit, range: { start: edit.range.start - shift, end: edit.range.end - shift } });
  }
  return out;
}
