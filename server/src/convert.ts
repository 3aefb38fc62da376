import { DiagnosticSeverity, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  docsUrl,
  type Finding,
  type FixData,
  type NameFixIntent,
  type SchemaFixIntent,
  type OffsetRange,
  type Severity,
} from './core';
import { visible } from './features/markdown';

export const SOURCE = 'toolwire';

export function toRange(document: TextDocument, range: OffsetRange): Range {
  return { start: document.positionAt(range.start), end: document.positionAt(range.end) };
}

/** A text edit that still knows what it replaces, so a stale fix can be refused. */
export interface CheckedEdit extends TextEdit {
  readonly oldText: string;
}

export interface LspFix {
  readonly kind: FixData['kind'];
  readonly title: string;
  readonly proposed: string;
  /** Preferred in the editor: the finding's canonical fix, and a safe one (an unsafe one is never auto-applied). */
  readonly preferred: boolean;
  readonly safety: FixData['safety'];
  readonly edits: readonly CheckedEdit[];
}

/**
 * `Diagnostic.data`: all a code action needs, so it can be built from the request alone (no
 * state kept between requests): the document version the diagnostic was computed for, and the fix
 * as LSP edits, or the name or schema fix it asks for, which the handler builds from the analysis
 * of the current version (a proposed name depends on every other tool's, and a schema fix on the
 * schema's current text, so a diagnostic carried over from an older version must not carry one).
 * A suppression is not carried: the handler builds it from the current analysis's finding at the
 * diagnostic's range (features/suppress.ts).
 */
export interface DiagnosticData {
  readonly version: number;
  readonly fix?: LspFix;
  readonly nameFix?: NameFixIntent;
  /** The schema fix it asks for, built likewise from the current version's text. */
  readonly schemaFix?: SchemaFixIntent;
  /** The finding's why and fix (the message is one sentence), for clients that show more. */
  readonly detail?: string;
}

export function toLspFix(document: TextDocument, fix: FixData): LspFix {
  return {
    kind: fix.kind,
    title: fix.title,
    proposed: fix.proposed,
    preferred: fix.preferred && fix.safety === 'safe',
    safety: fix.safety,
    edits: fix.edits.map((e) => ({ range: toRange(document, e.range), newText: e.newText, oldText: e.oldText })),
  };
}

/** Locates a related location that sits in another file (a cross-file client collision). */
export type OtherFiles = (file: string) => { readonly uri: string; range(range: OffsetRange): Range } | undefined;

export function toDiagnostic(
  document: TextDocument,
  finding: Finding,
  otherFiles: OtherFiles = () => undefined,
): Diagnostic {
  // A folded finding's detail has one line per code (core/checks/onePerProblem.ts): those breaks
  // are the core's own (names are quoted there), so each line is made visible, not the breaks.
  const lines = finding.detail === '' ? [] : finding.detail.split('\n').map(visible);
  const detail = lines.join('\n');
  const data: DiagnosticData = {
    version: document.version,
    ...(finding.fix ? { fix: toLspFix(document, finding.fix) } : {}),
    ...(finding.nameFix ? { nameFix: finding.nameFix } : {}),
    ...(finding.schemaFix ? { schemaFix: finding.schemaFix } : {}),
    ...(detail !== '' ? { detail } : {}),
  };
  return {
    range: toRange(document, finding.range),
    severity: toSeverity(finding.severity),
    code: finding.code,
    codeDescription: { href: docsUrl(finding.code) },
    source: SOURCE,
    // Plain text, but a name's bidirectional override or line separator would still reorder or
    // break what the Problems panel shows: shown as ⟨U+202E⟩ (the core quotes other controls).
    message: visible(finding.message),
    // Related information points only at other places (the other tools involved); the why and
    // the fix are in the hover and `data.detail`, never a row repeating the diagnostic's own range.
    ...(finding.related.length > 0
      ? {
          relatedInformation: finding.related.flatMap((r) => {
            if (r.file === undefined)
              return [
                { location: { uri: document.uri, range: toRange(document, r.range) }, message: visible(r.message) },
              ];
            const other = otherFiles(r.file);
            return other
              ? [{ location: { uri: other.uri, range: other.range(r.range) }, message: visible(r.message) }]
              : [];
          }),
        }
      : {}),
    data,
  };
}

export function toSeverity(severity: Severity | 'error' | 'warning'): DiagnosticSeverity {
  switch (severity) {
    case 'error':
      return DiagnosticSeverity.Error;
    case 'warning':
      return DiagnosticSeverity.Warning;
    case 'information':
      return DiagnosticSeverity.Information;
    case 'hint':
      return DiagnosticSeverity.Hint;
  }
}

export function isDiagnosticData(value: unknown): value is DiagnosticData {
  return typeof value === 'object' && value !== null && typeof (value as { version?: unknown }).version === 'number';
}

/**
 * The finding a toolwire diagnostic was made from, in the current analysis: same code and range.
 * A diagnostic of an older version (a pull answered `unchanged`, or one carried over, leaves the
 * client holding one) must also say the same: after a tool's line is deleted, another tool of the
 * same layout may sit at its offsets, and its fix or suppression is not the one the user chose.
 */
export function findingOf(
  document: TextDocument,
  findings: readonly Finding[],
  diagnostic: Diagnostic,
): Finding | undefined {
  const start = document.offsetAt(diagnostic.range.start);
  const end = document.offsetAt(diagnostic.range.end);
  const current = !isDiagnosticData(diagnostic.data) || diagnostic.data.version === document.version;
  return findings.find(
    (f) =>
      f.code === diagnostic.code &&
      f.range.start === start &&
      f.range.end === end &&
      (current || visible(f.message) === diagnostic.message),
  );
}
