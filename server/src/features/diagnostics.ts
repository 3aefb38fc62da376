import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { SOURCE, toDiagnostic, toRange, toSeverity, type DiagnosticData, type OtherFiles } from '../convert';
import { NESTING_LIMIT, type Finding } from '../core';
import type { DocumentState } from '../documentState';

/**
 * Diagnostics already made for the findings of one document, by the analysis's list of
 * findings, in the same order. A reused analysis (`core/incremental`) keeps the very finding
 * objects whose offsets did not move, and none of its edits adds or removes a line, so such a
 * finding's diagnostic is still right, positions and all (its `data.version` stays the older one,
 * which code actions honour while the current analysis gives the same fix); a finding it moved
 * may take its predecessor's diagnostic (see `stillPlaced`). The state pairs the lists
 * (`carriedOver`, after changes that each stay within one line); after anything else every
 * diagnostic is made anew, and a full analysis makes new findings, so nothing stale is found.
 * Keyed by the list, not by each finding: one entry per version instead of ten thousand in a
 * weak map, which the garbage collector pays for on every edit.
 */
export type DiagnosticCache = WeakMap<readonly Finding[], Diagnostic[]>;

/** The diagnostics of one document state: findings, config problems, or one clear notice. */
export function diagnosticsOf(
  document: TextDocument,
  state: DocumentState,
  otherFiles?: OtherFiles,
  cache?: DiagnosticCache,
): Diagnostic[] {
  switch (state.kind) {
    case 'analysis': {
      const findings = state.analysis.findings;
      const known = cache?.get(findings);
      if (known) return known;
      const carried = state.carriedOver;
      const previous = carried && cache?.get(carried.previousFindings);
      const editedLines =
        carried && previous ? carried.editedOffsets.map((offset) => document.positionAt(offset).line) : [];
      const made = findings.map((finding, i) => {
        // After a shift the finding at `i` is the one at `i`, moved; after a re-census, the one paired with it, if any.
        const from = carried?.predecessorOf ? carried.predecessorOf(i) : i;
        const before = from === undefined ? undefined : previous?.[from];
        if (before && (finding === carried!.previousFindings[from!] || stillPlaced(before, document.uri, editedLines)))
          return before;
        return toDiagnostic(document, finding, otherFiles);
      });
      // A limit of toolwire's own (YAML nested past its bound) is no syntax error the editor shows:
      // said here, so the file does not go quiet. After the findings, so their pairing holds.
      for (const problem of state.analysis.syntaxProblems)
        if (problem.code === NESTING_LIMIT)
          made.push({
            range: toRange(document, { start: problem.start, end: problem.end }),
            severity: DiagnosticSeverity.Warning,
            source: SOURCE,
            code: NESTING_LIMIT,
            message: `${problem.message}: toolwire checks nothing in this file`,
          });
      cache?.set(findings, made);
      return made;
    }
    case 'config-file':
      return [
        ...state.problems.map(
          (p): Diagnostic => ({
            range: toRange(document, p.range),
            severity: toSeverity(p.severity),
            code: 'config',
            source: SOURCE,
            message: p.message,
          }),
        ),
        ...state.findings.map((f) => toDiagnostic(document, f)),
      ];
    case 'too-large':
    case 'failed':
      return [
        {
          range: noticeRange(document),
          severity: DiagnosticSeverity.Information,
          source: SOURCE,
          message: state.detail,
        },
      ];
    case 'disabled':
    case 'ignored':
      return [];
  }
}

/**
 * Whether a previous version's diagnostic is its successor's too: each change between them
 * changed its own line alone and added no line, so every position in this document off those
 * lines (range, related locations, fix edits) names the same place. False when
 * one lies on an edited line (its character may have moved).
 */
function stillPlaced(diagnostic: Diagnostic, uri: string, editedLines: readonly number[]): boolean {
  const off = (range: Range) => editedLines.every((line) => range.end.line < line || line < range.start.line);
  if (!off(diagnostic.range)) return false;
  for (const related of diagnostic.relatedInformation ?? [])
    if (related.location.uri === uri && !off(related.location.range)) return false;
  const data = diagnostic.data as DiagnosticData | undefined;
  for (const edit of data?.fix?.edits ?? []) if (!off(edit.range)) return false;
  return true;
}

/**
 * The file-wide notice sits on the first character, or is empty when the first line is (a range
 * past the end of line 0 lies outside the document). A surrogate pair is not cut in two.
 */
function noticeRange(document: TextDocument): Range {
  const firstLine = document
    .getText({ start: { line: 0, character: 0 }, end: { line: 1, character: 0 } })
    .replace(/\r?\n$|\r$/, '');
  const first = firstLine.codePointAt(0);
  const width = first === undefined ? 0 : first > 0xffff ? 2 : 1;
  return { start: { line: 0, character: 0 }, end: { line: 0, character: width } };
}
