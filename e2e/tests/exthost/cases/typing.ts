// Typing a tool name one keystroke at a time, without waiting for diagnostics in between: the
// server sees a burst of versions, and the squiggles must end up describing the last one only.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openEditor, positionOf, revertAndClose } from '../documents.js';
import { expectProblems } from '../expect.js';
import type { Case } from '../runner.js';

const FILE = 'typing.json';

export const typingCases: readonly Case[] = [
  {
    name: 'editing a name character by character converges to the right diagnostics',
    timeoutMs: 60_000,
    run: async () => {
      const editor = await openEditor(FILE);
      const { document } = editor;
      try {
        await expectProblems(document, [], 'a clean MCP list to start with');
        const start = positionOf(document, '"x"', 0, 1);
        const at = (character: number): vscode.Position => start.translate(0, character);
        const versionBefore = document.version;
        // x → a → a. → a.b (collides with a_b) → a.bc (does not) → a.b (collides again).
        // Each edit is applied to the buffer before the next (as keystrokes are); nothing waits for
        // the server in between.
        const keystrokes: Array<(b: vscode.TextEditorEdit) => void> = [
          (b) => b.replace(new vscode.Range(at(0), at(1)), 'a'),
          (b) => b.insert(at(1), '.'),
          (b) => b.insert(at(2), 'b'),
          (b) => b.insert(at(3), 'c'),
          (b) => b.delete(new vscode.Range(at(3), at(4))),
        ];
        for (const keystroke of keystrokes) {
          assert.equal(await editor.edit(keystroke, { undoStopBefore: false, undoStopAfter: false }), true);
        }
        assert.equal(document.version, versionBefore + keystrokes.length);
        await expectProblems(
          document,
          // a_b keeps the name (no finding of its own); a.b is left out.
          ['error wire-collision "a.b"'],
          'the collision of a_b and a.b after the burst',
        );

        // Back out the dot: "ab" collides with nothing, and no squiggle of the last state stays.
        assert.equal(await editor.edit((b) => b.delete(new vscode.Range(at(1), at(2)))), true);
        await expectProblems(document, [], 'the collision to clear after deleting the dot');
        assert.match(document.getText(), /"name": "ab"/);
      } finally {
        await revertAndClose();
      }
    },
  },
];
