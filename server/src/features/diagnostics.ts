import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { SOURCE, toDiagnostic, toRange, toSeverity, type OtherFiles } from '../convert';
import type { Finding } from '../core';
import type { DocumentState } from '../documentState';
import { suppressionOf } from './suppress';

/**
 * Diagnostics already made for findings of one document, by finding. A reused analysis
 * (`core/incremental`) keeps the very finding objects whose offsets did not move, and none of
 * its edits adds or removes a line, so such a finding's diagnostic is still right, positions and
 * all (its `data.version` stays the older one, which code actions honour while the current
 * analysis gives the same fix). A full analysis makes new findings, so nothing stale is found.
 */
export type DiagnosticCache = WeakMap<Finding, Diagnostic>;

/** The diagnostics of one document state: findings, config problems, or one clear notice. */
export function diagnosticsOf(document: TextDocument, state: DocumentState, otherFiles?: OtherFiles, cache?: DiagnosticCache): Diagnostic[] {
  switch (state.kind) {
    case 'analysis': {
      const suppress = suppressionOf(document, state.text, state.analysis, state.options, state.index);
      return state.analysis.findings.map((f) => {
        const known = cache?.get(f);
        if (known) return known;
        const made = toDiagnostic(document, f, otherFiles, suppress);
        cache?.set(f, made);
        return made;
      });
    }
    case 'config-file':
      return [...state.problems.map((p): Diagnostic => ({
        range: toRange(document, p.range),
        severity: toSeverity(p.severity),
        code: 'config',
        source: SOURCE,
        message: p.message,
      })), ...state.findings.map((f) => toDiagnostic(document, f))];
    case 'too-large':
    case 'failed':
      return [{ range: noticeRange(document), severity: DiagnosticSeverity.Information, source: SOURCE, message: state.detail }];
    case 'disabled':
    case 'ignored':
      return [];
  }
}

/**
 * The file-wide notice sits on the first character, or is empty when the first line is (a range
 * past the end of line 0 lies outside the document). A surrogate pair is not cut in two.
 */
function noticeRange(document: TextDocument): Range {
  const firstLine = document.getText({ start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }).replace(/\r?\n$|\r$/, '');
  const first = firstLine.codePointAt(0);
  const width = first === undefined ? 0 : first > 0xffff ? 2 : 1;
  return { start: { line: 0, character: 0 }, end: { line: 0, character: width } };
}
