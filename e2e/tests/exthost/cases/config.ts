// .toolwire.json written on disk (not through the editor) applies to open documents at once: the
// client's file watcher tells the server, which re-analyses and asks VS Code to pull again.
import { rm, writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { openEditor, revertAndClose, workspaceUri } from '../documents.js';
import { expectProblems } from '../expect.js';
import type { Case } from '../runner.js';
import { poll } from '../waits.js';

const REQUEST = 'configured/request.json';
const CONFIG = 'configured/.toolwire.json';
const PROBE = 'configured/watcher-probe.txt';

export const configCases: readonly Case[] = [
  {
    name: '.toolwire.json changed on disk is picked up without a reload',
    timeoutMs: 90_000,
    run: async () => {
      const { document } = await openEditor(REQUEST);
      const configPath = workspaceUri(CONFIG).fsPath;
      try {
        await expectProblems(document, ['error invalid-name "a.b"'], 'invalid-name with the empty config');
        await fileWatcherRunning();
        await writeFile(configPath, '{ "severity": { "invalid-name": "off" } }\n');
        await expectProblems(document, [], 'invalid-name to go away once the config turns it off');
        await writeFile(configPath, '{ "severity": { "invalid-name": "warning" } }\n');
        await expectProblems(document, ['warning invalid-name "a.b"'], 'invalid-name to come back as a warning');
        // Deleting the config is a change too: the default severity returns.
        await rm(configPath);
        await expectProblems(document, ['error invalid-name "a.b"'], 'the default severity once the config is deleted');
        await writeFile(configPath, '{ "severity": { "invalid-name": "off" } }\n');
        await expectProblems(document, [], 'a newly created config to apply');
      } finally {
        await writeFile(configPath, '{}\n');
        await revertAndClose();
      }
    },
  },
];

/**
 * VS Code's recursive file watcher starts asynchronously after the folder opens; a change made
 * before it runs is never reported, to toolwire or anyone. Prove it runs (writing a probe file
 * until a watcher of our own sees it), so a failure below is toolwire's and says so.
 */
async function fileWatcherRunning(): Promise<void> {
  const probe = workspaceUri(PROBE);
  const watcher = vscode.workspace.createFileSystemWatcher(
    new vscode.RelativePattern(vscode.Uri.joinPath(probe, '..'), 'watcher-probe.txt'),
  );
  let reported = false;
  const seen = (): void => {
    reported = true;
  };
  const subscriptions = [watcher.onDidCreate(seen), watcher.onDidChange(seen), watcher];
  try {
    await poll(
      "VS Code's file watcher to report a change in the workspace",
      async () => {
        if (!reported) await writeFile(probe.fsPath, `${Date.now()}\n`);
        return reported ? true : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 500, seen: () => `no create/change event for ${probe.fsPath}` },
    );
  } finally {
    for (const s of subscriptions) s.dispose();
    await rm(probe.fsPath, { force: true });
  }
}
