// Assertions phrased in terms of what a user sees: "these toolwire problems, on these tokens".
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { describeDiagnostics, problemLines } from './documents.js';
import { waitForDiagnostics } from './waits.js';

/**
 * Waits until the document's toolwire problems (code + text under the range, in document order)
 * are exactly `expected`, then makes one more round trip through the language server and checks
 * they still are: a late answer for an older version of the document (a stale squiggle) would
 * show up there.
 */
export async function expectProblems(
  document: vscode.TextDocument,
  expected: readonly string[],
  what: string,
  timeoutMs = 20_000,
): Promise<vscode.Diagnostic[]> {
  const same = (ds: readonly vscode.Diagnostic[]): boolean => sameLines(problemLines(document, ds), expected);
  const describe = (ds: readonly vscode.Diagnostic[]): string =>
    `expected: ${JSON.stringify(expected)}\ngot:      ${JSON.stringify(problemLines(document, ds))}\nall diagnostics (document version ${document.version}):\n${describeDiagnostics(document, ds)}`;
  await waitForDiagnostics(document.uri, what, same, describe, timeoutMs);
  // The symbol request is answered from the analysis of the current version, after everything the
  // server had queued for this document.
  await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', document.uri);
  const after = vscode.languages.getDiagnostics(document.uri);
  assert.deepEqual(
    problemLines(document, after),
    [...expected],
    `${what}: still true after a round trip\n${describe(after)}`,
  );
  return after;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}
