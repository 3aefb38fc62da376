import { ResponseError, ErrorCodes, type Range, type WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { planRename, renameTargetAt, type Analysis, type AnalysisOptions } from '../core';
import { toRange } from '../convert';
import { workspaceEdit } from './codeActions';

export function prepareRename(
  document: TextDocument,
  analysis: Analysis,
  offset: number,
): { range: Range; placeholder: string } | null {
  const target = renameTargetAt(analysis, offset);
  return target ? { range: toRange(document, target.range), placeholder: target.placeholder } : null;
}

/**
 * F2 on a tool or a reference: renames the tool and every reference that dispatches to it, or
 * refuses with a message that says why (a target would reject the name, or it would collide).
 */
export function rename(
  document: TextDocument,
  options: AnalysisOptions,
  offset: number,
  newName: string,
  versioned: boolean,
): WorkspaceEdit {
  const plan = planRename(document.getText(), options, offset, newName);
  if (plan.kind === 'refused') throw new ResponseError(ErrorCodes.InvalidParams, plan.reason);
  return workspaceEdit(
    document,
    plan.edits.map((e) => ({ range: toRange(document, e.range), newText: e.newText })),
    versioned,
  );
}
