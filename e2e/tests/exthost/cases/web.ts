// Cases for the web worker extension host (tests/webWorker.test.ts): the test module runs in the
// Node extension host, toolwire in the browser's web worker host, and the vscode API brings them
// together as it does any two extensions.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, openEditor, positionOf, revertAndClose, toolwireProblems } from '../documents.js';
import { expectProblems } from '../expect.js';
import type { Case } from '../runner.js';
import { applyQuickFix, toolwireHover } from './ads.js';
import { EXTENSION_ID } from './installed.js';

const MCP = 'mcp/tools.json';
const DOT = '"files.read"';
const UNDERSCORE = '"files_read"';
/** The workspace's .toolwire.json models no client: client-* findings here would mean it went unread. */
const EXPECTED = [`error wire-collision ${DOT}`, `error wire-collision ${UNDERSCORE}`];

export const webHostCases: readonly Case[] = [
  {
    name: 'toolwire runs outside this Node extension host (in the web worker one) and still answers',
    timeoutMs: 40_000,
    run: async () => {
      // An extension of another host is not in this one's registry (the stable API sees its own).
      assert.equal(vscode.extensions.getExtension(EXTENSION_ID), undefined, `${EXTENSION_ID} is not in the Node extension host`);
      const { document } = await openEditor(MCP);
      try {
        const diagnostics = await expectProblems(document, EXPECTED, 'the MCP tool list findings from the web worker server');
        assert.deepEqual(toolwireProblems(diagnostics).map((d) => d.source), ['toolwire', 'toolwire']);
      } finally {
        await revertAndClose();
      }
    },
  },
];

export const mcpCases: readonly Case[] = [
  {
    name: 'MCP tool list: wire-collision x2 under the workspace .toolwire.json (read through workspace.fs)',
    timeoutMs: 40_000,
    run: async () => {
      const { document } = await openEditor(MCP);
      try {
        const diagnostics = await expectProblems(document, EXPECTED, 'the MCP findings');
        const kept = toolwireProblems(diagnostics).find((d) => document.getText(d.range) === UNDERSCORE);
        assert.deepEqual(kept?.relatedInformation?.map((r) => document.getText(r.location.range)), [DOT], 'the collision points at the other tool');
      } finally {
        await revertAndClose();
      }
    },
  },
  {
    name: 'MCP tool list: hover shows the model-safe wire name',
    timeoutMs: 30_000,
    run: async () => {
      const { document } = await openEditor(MCP);
      try {
        const text = await toolwireHover(document, positionOf(document, DOT, 0, 3));
        assert.match(text, /Wire name: `files_read`/);
      } finally {
        await revertAndClose();
      }
    },
  },
  {
    name: 'MCP tool list: the rename quick fix clears both collisions',
    timeoutMs: 60_000,
    run: async () => {
      const { document } = await openEditor(MCP);
      try {
        const before = await expectProblems(document, EXPECTED, 'the MCP findings before the fix');
        const dropped = toolwireProblems(before).find((d) => document.getText(d.range) === DOT);
        assert.ok(dropped, `a wire-collision on ${DOT}: ${before.map(codeOf).join(', ')}`);
        await applyQuickFix(document, dropped, /files-read/);
        await expectProblems(document, [], 'both wire-collision findings to clear');
        const fixed = JSON.parse(document.getText()) as { tools: Array<{ name: string }> };
        assert.deepEqual(fixed.tools.map((t) => t.name), ['files-read', 'files_read']);
      } finally {
        await revertAndClose();
      }
    },
  },
];
