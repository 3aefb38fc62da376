import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { computeFixAll, type Analysis, type AnalysisOptions } from '../core';
import { isDiagnosticData, SOURCE, toRange, type CheckedEdit } from '../convert';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.toolwire`;

/**
 * Quick fixes built only from the request: each toolwire diagnostic in the context carries its
 * fix in `Diagnostic.data`. A diagnostic computed for another version of the document is stale:
 * it gets no action (the client will ask again with fresh diagnostics), and every edit is sent
 * as a versioned TextDocumentEdit, so the client refuses it if the text moved on meanwhile.
 */
export function quickFixes(document: TextDocument, params: CodeActionParams, versionedEdits: boolean): CodeAction[] {
  if (!wants(params.context.only, CodeActionKind.QuickFix)) return [];
  const actions: CodeAction[] = [];
  const text = document.getText();
  for (const diagnostic of params.context.diagnostics) {
    if (diagnostic.source !== SOURCE || !isDiagnosticData(diagnostic.data)) continue;
    const { version, fix } = diagnostic.data;
    if (!fix || version !== document.version) continue;
    if (!fix.edits.every((e) => stillMatches(document, text, e))) continue;
    actions.push({
      title: fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: fix.preferred,
      edit: workspaceEdit(document, fix.edits.map(({ range, newText }) => ({ range, newText })), versionedEdits),
    });
  }
  return actions;
}

/**
 * `source.fixAll.toolwire` (on save, or from the command palette), and the same offered as a
 * quick fix when more than one toolwire problem is fixable. Recomputed from the current text;
 * the core proves the result has no new collision, or refuses it whole.
 */
export function fixAllActions(document: TextDocument, params: CodeActionParams, options: AnalysisOptions, analysis: Analysis, versionedEdits: boolean): CodeAction[] {
  const asSource = wants(params.context.only, FIX_ALL_KIND) && params.context.only !== undefined;
  const fixable = params.context.diagnostics.filter((d: Diagnostic) => d.source === SOURCE && isDiagnosticData(d.data) && d.data.fix !== undefined);
  const asQuickFix = wants(params.context.only, CodeActionKind.QuickFix) && fixable.length > 1;
  if (!asSource && !asQuickFix) return [];
  const result = computeFixAll(document.getText(), options, analysis);
  if (result.kind !== 'edits') return [];
  const edits: TextEdit[] = result.edits.map((e) => ({ range: toRange(document, e.range), newText: e.newText }));
  const edit = workspaceEdit(document, edits, versionedEdits);
  const actions: CodeAction[] = [];
  if (asSource) actions.push({ title: `Fix all toolwire problems (${result.fixed})`, kind: FIX_ALL_KIND, edit });
  if (asQuickFix) actions.push({ title: `Fix all toolwire problems in this file (${result.fixed})`, kind: CodeActionKind.QuickFix, edit });
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
