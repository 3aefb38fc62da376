// The fixture workspace as the tests see it: files by relative path, positions by the text they
// point at (no hand-counted columns), and toolwire's own diagnostics described readably.
import * as vscode from 'vscode';

export function workspaceUri(relativePath: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, relativePath);
}

/** Opens a workspace file in an editor, as a user would (the client syncs visible documents). */
export async function openEditor(relativePath: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceUri(relativePath));
  return vscode.window.showTextDocument(document, { preview: false });
}

/** Discards unsaved changes and closes the active editor, so the next case starts clean. */
export async function revertAndClose(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

/**
 * The position `offset` characters into the `occurrence`-th (0-based) match of `needle`.
 * Throws if there is no such match, so a fixture change cannot make a test probe nothing.
 */
export function positionOf(document: vscode.TextDocument, needle: string, occurrence = 0, offset = 0): vscode.Position {
  const text = document.getText();
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" occurs fewer than ${occurrence + 1} times in ${document.uri.path}`);
  }
  return document.positionAt(at + offset);
}

export function rangeOf(document: vscode.TextDocument, needle: string, occurrence = 0): vscode.Range {
  const start = positionOf(document, needle, occurrence);
  return new vscode.Range(start, start.translate(0, needle.length));
}

export const SOURCE = 'toolwire';

/** The diagnostic's code as a string (VS Code wraps it in {value, target} when it has a docs link). */
export function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  if (code === undefined) return '';
  return typeof code === 'object' ? String(code.value) : String(code);
}

/** toolwire's diagnostics at error, warning or information level (hints are the wire-name notes). */
export function toolwireProblems(diagnostics: readonly vscode.Diagnostic[]): vscode.Diagnostic[] {
  return diagnostics.filter((d) => d.source === SOURCE && d.severity !== vscode.DiagnosticSeverity.Hint);
}

const SEVERITY = ['error', 'warning', 'information', 'hint'];

/**
 * `severity code "text under the range"`, in document order: what the assertions compare (the
 * shape of test/core's findingLines, so a range is checked by the text it covers).
 */
export function problemLines(document: vscode.TextDocument, diagnostics: readonly vscode.Diagnostic[]): string[] {
  return toolwireProblems(diagnostics)
    .slice()
    .sort((a, b) => a.range.start.compareTo(b.range.start))
    .map((d) => `${SEVERITY[d.severity] ?? d.severity} ${codeOf(d)} ${document.getText(d.range)}`);
}

/** Every diagnostic of every source, one per line, with the current text under its range. */
export function describeDiagnostics(document: vscode.TextDocument, diagnostics: readonly vscode.Diagnostic[]): string {
  if (diagnostics.length === 0) return '  (no diagnostics)';
  return diagnostics
    .map((d) => {
      const where = `${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`;
      return `  [${d.source ?? '?'}] ${SEVERITY[d.severity] ?? d.severity} ${codeOf(d)} at ${where} ${JSON.stringify(document.getText(d.range))}: ${d.message.slice(0, 120)}`;
    })
    .join('\n');
}
