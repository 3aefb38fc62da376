// Cases for the web worker extension host (tests/webWorker.test.ts): the test module runs in the
// Node extension host, toolwire in the browser's web worker host, and the vscode API brings them
// together as it does any two extensions.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, openEditor, positionOf, revertAndClose, toolwireProblems } from '../documents.js';
import { expectProblems } from '../expect.js';
import type { Case } from '../runner.js';
import { poll } from '../waits.js';
import { applyQuickFix, toolwireHover } from './ads.js';
import { EXTENSION_ID } from './installed.js';

const MCP = 'mcp/tools.json';
const DOT = '"files.read"';
const UNDERSCORE = '"files_read"';
/** The workspace's .toolwire.json models no client: client-* findings here would mean it went unread. */
// One problem, one diagnostic: files_read keeps the name (no finding); files.read is left out.
const EXPECTED = [`error wire-collision ${DOT}`];

export const webHostCases: readonly Case[] = [
  {
    name: 'toolwire runs outside this Node extension host (in the web worker one) and still answers',
    timeoutMs: 40_000,
    run: async () => {
      // An extension of another host is not in this one's registry (the stable API sees its own).
      assert.equal(
        vscode.extensions.getExtension(EXTENSION_ID),
        undefined,
        `${EXTENSION_ID} is not in the Node extension host`,
      );
      const { document } = await openEditor(MCP);
      try {
        const diagnostics = await expectProblems(
          document,
          EXPECTED,
          'the MCP tool list findings from the web worker server',
        );
        assert.deepEqual(
          toolwireProblems(diagnostics).map((d) => d.source),
          ['toolwire'],
        );
      } finally {
        await revertAndClose();
      }
    },
  },
];

export const mcpCases: readonly Case[] = [
  {
    name: 'MCP tool list: wire-collision on the tool left out under the workspace .toolwire.json (read through workspace.fs)',
    timeoutMs: 40_000,
    run: async () => {
      const { document } = await openEditor(MCP);
      try {
        const diagnostics = await expectProblems(document, EXPECTED, 'the MCP findings');
        const leftOut = toolwireProblems(diagnostics).find((d) => document.getText(d.range) === DOT);
        assert.deepEqual(
          leftOut?.relatedInformation?.map((r) => document.getText(r.location.range))[0],
          UNDERSCORE,
          'the collision points at the tool that keeps the name',
        );
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
    name: 'MCP tool list: the rename quick fix clears the collision',
    timeoutMs: 60_000,
    run: async () => {
      const { document } = await openEditor(MCP);
      try {
        const before = await expectProblems(document, EXPECTED, 'the MCP findings before the fix');
        const dropped = toolwireProblems(before).find((d) => document.getText(d.range) === DOT);
        assert.ok(dropped, `a wire-collision on ${DOT}: ${before.map(codeOf).join(', ')}`);
        await applyQuickFix(document, dropped, /files-read/);
        await expectProblems(document, [], 'the wire-collision to clear');
        const fixed = JSON.parse(document.getText()) as { tools: Array<{ name: string }> };
        assert.deepEqual(
          fixed.tools.map((t) => t.name),
          ['files-read', 'files_read'],
        );
      } finally {
        await revertAndClose();
      }
    },
  },
];

/** Features without a case of their own in the Node suite, through the same API. */
export const browserFeatureCases: readonly Case[] = [
  {
    name: 'YAML MCP tool list: the same collisions on the plain scalars; fix-all (source.fixAll.toolwire) leaves the rename to the quick fix',
    timeoutMs: 60_000,
    run: async () => {
      const { document } = await openEditor('mcp/tools.yaml');
      try {
        assert.equal(document.languageId, 'yaml');
        await expectProblems(document, ['error wire-collision files.read'], 'the YAML findings');
        const whole = new vscode.Range(new vscode.Position(0, 0), document.lineAt(document.lineCount - 1).range.end);
        const fixAll = async () =>
          (
            (await vscode.commands.executeCommand<vscode.CodeAction[]>(
              'vscode.executeCodeActionProvider',
              document.uri,
              whole,
              'source.fixAll.toolwire',
            )) ?? []
          ).filter((a) => a.title.startsWith('Fix all toolwire problems'));
        // A rename changes what callers send: unsafe, so never part of fix-all (or fix on save).
        assert.deepEqual(
          (await fixAll()).map((a) => a.title),
          [],
        );
        const [collision] = toolwireProblems(vscode.languages.getDiagnostics(document.uri));
        assert.ok(collision, 'the collision diagnostic');
        await applyQuickFix(document, collision, /Rename tool to "files-read"/);
        await expectProblems(document, [], 'the quick fix to clear the collision');
        assert.match(document.getText(), /- name: files-read\n/);
      } finally {
        await revertAndClose();
      }
    },
  },
  {
    name: 'TypeScript MCP server: tree-sitter runs in the web worker (its WebAssembly read through the client) and finds the collisions',
    timeoutMs: 60_000,
    run: async () => {
      const { document } = await openEditor('mcp/server.ts');
      try {
        assert.equal(document.languageId, 'typescript');
        await expectProblems(document, EXPECTED, 'the TypeScript findings');
      } finally {
        await revertAndClose();
      }
    },
  },
  {
    name: 'document symbols list the tools',
    timeoutMs: 30_000,
    run: async () => {
      const { document } = await openEditor(MCP);
      try {
        const names = async () => {
          const symbols =
            (await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>(
              'vscode.executeDocumentSymbolProvider',
              document.uri,
            )) ?? [];
          const all: string[] = [];
          const work = [...symbols];
          for (let s = work.pop(); s; s = work.pop()) {
            all.push(s.name);
            work.push(...(s.children ?? []));
          }
          return all;
        };
        await poll(
          'toolwire symbols for both tools',
          async () => {
            const all = await names();
            return all.includes('files.read') && all.includes('files_read') ? all : undefined;
          },
          { timeoutMs: 20_000, intervalMs: 200, seen: async () => JSON.stringify(await names()) },
        );
      } finally {
        await revertAndClose();
      }
    },
  },
  {
    name: 'Show Census opens the census webview',
    timeoutMs: 30_000,
    run: async () => {
      const { document } = await openEditor(MCP);
      const censusTabs = () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('toolwire.census'));
      try {
        await vscode.commands.executeCommand('toolwire.showCensus', document.uri);
        const tabs = await poll('a census tab', async () => (censusTabs().length > 0 ? censusTabs() : undefined), {
          timeoutMs: 20_000,
          intervalMs: 200,
          seen: async () => JSON.stringify(vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label)),
        });
        assert.match(tabs[0]!.label, /tools\.json/);
      } finally {
        await vscode.window.tabGroups.close(censusTabs());
        await revertAndClose();
      }
    },
  },
];
