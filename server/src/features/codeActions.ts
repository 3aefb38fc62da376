import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  computeFixAll,
  proveEdits,
  withFixes,
  type AnalysisOptions,
  type Finding,
  type OffsetEdit,
  type Proof,
} from '../core';
import type { AnalysisIndex } from '../analysisIndex';
import { findingOf, isDiagnosticData, SOURCE, toLspFix, toRange, type CheckedEdit, type LspFix } from '../convert';
import { sameJson } from '../sameJson';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.toolwire`;

/**
 * Proofs one code-action request may run. Each costs one analysis of the whole document (the
 * census of a request depends on every tool in it), and VS Code asks for code actions on every
 * cursor move, so the count is capped: the diagnostics under one cursor rarely carry more than
 * two distinct fixes (one tool's wire-collision and client-collision share theirs). A fix beyond
 * the cap is not offered, since an unproven fix is never offered.
 */
const MAX_PROOFS_PER_REQUEST = 3;

/**
 * Quick fixes built from the request: each toolwire diagnostic in the context carries its fix in
 * `Diagnostic.data`, so no state is kept between requests. A diagnostic computed for an older
 * version of the document gets an action only when the current analysis has the same finding at
 * the same range with the very same fix: a pull report answered `unchanged` (validation/pull.ts)
 * leaves the client holding such diagnostics, which the server declared current. Otherwise it is
 * stale and gets none (the client will ask again), and every edit is sent as a versioned
 * TextDocumentEdit, so the client refuses it if the text moved on meanwhile. Each fix is proven
 * on the current text before it is offered (`proveEdits`: its finding gone, no new error, no
 * repeated key); proven eagerly rather than in codeAction/resolve, because a resolve that finds
 * the fix unproven could only apply nothing.
 */
export function quickFixes(
  document: TextDocument,
  params: CodeActionParams,
  options: AnalysisOptions,
  index: AnalysisIndex,
  versionedEdits: boolean,
): CodeAction[] {
  const analysis = index.analysis;
  if (!wants(params.context.only, CodeActionKind.QuickFix)) return [];
  const actions: CodeAction[] = [];
  const text = document.getText();
  const proofs = new Map<string, Proof>();
  const sameEdits = new Map<CodeAction, string>();
  for (const diagnostic of params.context.diagnostics) {
    if (diagnostic.source !== SOURCE || !isDiagnosticData(diagnostic.data)) continue;
    const { version, fix: carried, nameFix, schemaFix } = diagnostic.data;
    if (!carried && !nameFix && !schemaFix) continue;
    const finding = findingOf(document, analysis.findings, diagnostic);
    if (!finding) continue;
    // A name or schema fix is built from this version's analysis, so it is current whatever version
    // the diagnostic came from; a carried fix is current only if this version gives the same one.
    const fix = carried ?? builtFix(document, options, index, finding);
    if (!fix) continue;
    if (!fix.edits.every((e) => stillMatches(document, text, e))) continue;
    if (carried && version !== document.version && !(finding.fix && sameJson(carried, toLspFix(document, finding.fix))))
      continue;
    const edits: OffsetEdit[] = fix.edits.map((e) => ({
      range: { start: document.offsetAt(e.range.start), end: document.offsetAt(e.range.end) },
      oldText: e.oldText,
      newText: e.newText,
    }));
    const key = JSON.stringify(edits);
    let proof = proofs.get(key);
    if (!proof) {
      if (proofs.size >= MAX_PROOFS_PER_REQUEST) continue;
      proof = index.memo(`proof:${key}`, () => proveEdits(text, options, analysis, edits, []));
      proofs.set(key, proof);
    }
    // The proof is shared by the diagnostics carrying one fix; each must itself be gone.
    if (
      proof.kind !== 'proven' ||
      proof.after.findings.some((f) => f.code === finding.code && f.pointer === finding.pointer)
    )
      continue;
    // No two actions with the same title and edit: one action lists every diagnostic it fixes.
    const same = actions.find((a) => a.title === fix.title && sameEdits.get(a) === key);
    if (same) {
      same.diagnostics = [...(same.diagnostics ?? []), diagnostic];
      same.isPreferred = same.isPreferred === true || fix.preferred;
      continue;
    }
    const action: CodeAction = {
      title: fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: fix.preferred,
      edit: workspaceEdit(
        document,
        fix.edits.map(({ range, newText }) => ({ range, newText })),
        versionedEdits,
      ),
    };
    sameEdits.set(action, key);
    actions.push(action);
  }
  return actions;
}

/**
 * The built fix of a finding of the current analysis: every name and schema fix of the document
 * is built at once (a proposal depends on the tools before it), once per version.
 */
function builtFix(
  document: TextDocument,
  options: AnalysisOptions,
  index: AnalysisIndex,
  finding: Finding,
): LspFix | undefined {
  const analysis = index.analysis;
  const at = analysis.findings.indexOf(finding);
  const built = index.memo('built-fixes', () => withFixes(document.getText(), options, analysis));
  const fix = built.findings[at]?.fix;
  return fix ? toLspFix(document, fix) : undefined;
}

/**
 * `source.fixAll.toolwire` (on save, or from the command palette), and the same offered as a
 * quick fix when more than one toolwire problem is fixable. Recomputed from the current text;
 * the core proves the result against all findings (repairing the set), or refuses it whole.
 */
export function fixAllActions(
  document: TextDocument,
  params: CodeActionParams,
  options: AnalysisOptions,
  index: AnalysisIndex,
  versionedEdits: boolean,
): CodeAction[] {
  const asSource = wants(params.context.only, FIX_ALL_KIND) && params.context.only !== undefined;
  const fixable = params.context.diagnostics.filter(
    (d: Diagnostic) =>
      d.source === SOURCE &&
      isDiagnosticData(d.data) &&
      (d.data.fix !== undefined || d.data.nameFix !== undefined || d.data.schemaFix !== undefined),
  );
  const asQuickFix = wants(params.context.only, CodeActionKind.QuickFix) && fixable.length > 1;
  if (!asSource && !asQuickFix) return [];
  const result = index.memo('fix-all', () => computeFixAll(document.getText(), options, index.analysis));
  if (result.kind !== 'edits') return [];
  const edits: TextEdit[] = result.edits.map((e) => ({ range: toRange(document, e.range), newText: e.newText }));
  const edit = workspaceEdit(document, edits, versionedEdits);
  const actions: CodeAction[] = [];
  if (asSource) actions.push({ title: `Fix all toolwire problems (${result.fixed})`, kind: FIX_ALL_KIND, edit });
  if (asQuickFix)
    actions.push({
      title: `Fix all toolwire problems in this file (${result.fixed})`,
      kind: CodeActionKind.QuickFix,
      edit,
    });
  return actions;
}

function wants(only: readonly string[] | undefined, kind: string): boolean {
  if (!only || only.length === 0) return true;
  return only.some((o) => kind === o || kind.startsWith(`${o}.`));
}

function stillMatches(document: TextDocument, text: string, edit: CheckedEdit): boolean {
  return text.slice(document.offsetAt(edit.range.start), document.offsetAt(edit.range.end)) === edit.oldText;
}

export function workspaceEdit(document: TextDocument, edits: TextEdit[], versioned: boolean): WorkspaceEdit {
  return versioned
    ? { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits }] }
    : { changes: { [document.uri]: edits } };
}
