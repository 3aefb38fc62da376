// An OpenAI request whose tools collide on the wire (tools `a.b` and `a_b`, tool_choice naming `a.b`): F2's provider
// renames the tool and the tool_choice reference together, and refuses a name that would collide.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openEditor, positionOf, revertAndClose } from '../documents.js';
import { expectProblems } from '../expect.js';
import type { Case } from '../runner.js';

const FILE = 'openai-request.json';

interface OpenAIRequest {
  tools: Array<{ function: { name: string } }>;
  tool_choice: { function: { name: string } };
}

export const renameCases: readonly Case[] = [
  {
    name: 'OpenAI request: rename from tool_choice (F2 provider) updates the tool and tool_choice',
    timeoutMs: 60_000,
    run: async () => {
      const { document } = await openEditor(FILE);
      try {
        await expectProblems(document, ['error invalid-name "a.b"'], 'invalid-name on a.b');
        // tool_choice's "a.b" is the second occurrence; rename from there, as F2 on it would.
        const onChoice = positionOf(document, '"a.b"', 1, 2);
        const prepared = await vscode.commands.executeCommand<{ range: vscode.Range; placeholder: string } | undefined>(
          'vscode.prepareRename',
          document.uri,
          onChoice,
        );
        assert.ok(prepared, 'prepareRename answers on the tool_choice reference');
        assert.deepEqual([document.getText(prepared.range), prepared.placeholder], ['"a.b"', 'a.b']);

        await assert.rejects(
          async () =>
            vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', document.uri, onChoice, 'a_b'),
          /"a_b" would (not work|collide)/,
          'a rename onto the other tool is refused with a reason',
        );

        const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
          'vscode.executeDocumentRenameProvider',
          document.uri,
          onChoice,
          'lookup_order',
        );
        assert.ok(edit && edit.size > 0, 'the rename provider returns an edit');
        assert.equal(await vscode.workspace.applyEdit(edit), true);
        const json = JSON.parse(document.getText()) as OpenAIRequest;
        assert.deepEqual(
          [json.tools.map((t) => t.function.name), json.tool_choice.function.name],
          [['lookup_order', 'a_b'], 'lookup_order'],
        );
        await expectProblems(document, [], 'invalid-name to clear after the rename');
      } finally {
        await revertAndClose();
      }
    },
  },
];
