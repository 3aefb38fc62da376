import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { SOURCE, toDiagnostic, toRange, toSeverity, type OtherFiles } from '../convert';
import type { DocumentState } from '../documentState';

/** The diagnostics of one document state: findings, config problems, or one clear notice. */
export function diagnosticsOf(document: TextDocument, state: DocumentState, otherFiles?: OtherFiles): Diagnostic[] {
  switch (state.kind) {
    case 'analysis':
      return state.analysis.findings.map((f) => toDiagnostic(document, f, otherFiles));
    case 'config-file':
      return state.problems.map((p) => ({
        range: toRange(document, p.range),
        severity: toSeverity(p.severity),
        code: 'config',
        source: SOURCE,
        message: p.message,
      }));
    case 'too-large':
    case 'failed':
      return [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, severity: DiagnosticSeverity.Information, source: SOURCE, message: state.detail }];
    case 'disabled':
    case 'ignored':
      return [];
  }
}
