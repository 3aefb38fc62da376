import { existsSync, readFileSync, rmSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import * as vscode from 'vscode';
import { inputsReferenced, MCP_CLIENT_CONFIGS, readMcpServerEntries } from '../../server/src/core';
import { runCli } from './cliProcess';

/**
 * "toolwire: Check MCP Servers": only when asked, in a trusted workspace, runs
 * `toolwire check --mcp-config` on the workspace's MCP configuration with a cancellable progress
 * notification, then opens the snapshots it saved (the language server shows the findings on them)
 * and the census view of the first. Servers run only here: never on open, never on their own.
 *
 * This file runs only in a Node extension host, which can start processes wherever it is: on the
 * desktop, and behind a browser too (code-server, Codespaces, tunnels, remotes), where `uiKind` is
 * Web but the host is not. The web worker host has its own answer (`browser/extension.ts`).
 */
export async function checkMcpServers(
  context: vscode.ExtensionContext,
  output: vscode.LogOutputChannel,
): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(
      "toolwire: Check MCP Servers runs the commands in this workspace's MCP configuration, so it is available in trusted workspaces only.",
    );
    return;
  }
  const config = await pickConfig();
  if (!config) return;
  const save = await pickSaveFolder(context);
  if (!save) return;
  const inputs = await askInputs(config.path);
  const args = ['check', '--mcp-config', config.path, '--format', 'json', '--save', save];
  const run = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `toolwire: checking the MCP servers of ${vscode.workspace.asRelativePath(config.path)}`,
      cancellable: true,
    },
    (_progress, token) =>
      runCli(
        context.asAbsolutePath('dist/cli.js'),
        args,
        config.folder,
        token, // The CLI's EDITOR_INPUTS_VARIABLE: kept out of argv, where a process list would show it.
        { TOOLWIRE_MCP_INPUTS: JSON.stringify(inputs) },
      ),
  );
  if (run.stderr) output.info(run.stderr.trimEnd());
  if (run.cancelled) return;
  const files = snapshotPaths(run.stdout, config.folder);
  if (run.code === 2 || run.code === null) {
    const first = run.stderr.split('\n').find((line) => line.trim() !== '') ?? 'the check did not finish';
    void vscode.window
      .showWarningMessage(`toolwire: ${first.replace(/^toolwire: /, '')}`, 'Show Output')
      .then((choice) => choice && output.show());
  }
  if (files.length === 0) {
    if (run.code !== 2) void vscode.window.showInformationMessage('toolwire: no server served any tools.');
    return;
  }
  for (const file of files) {
    await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: false, preserveFocus: true });
    // Snapshots record what a server served: editing one would only mislead.
    await vscode.commands
      .executeCommand('workbench.action.files.setActiveEditorReadonlyInSession')
      .then(undefined, () => undefined);
  }
  await vscode.commands.executeCommand('toolwire.showCensus', vscode.Uri.file(files[0]!));
}

/** The workspace's MCP configurations (every client's); one is taken as is, several are offered. */
async function pickConfig(): Promise<{ path: string; folder: string } | undefined> {
  const found = (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === 'file')
    .flatMap((f) => MCP_CLIENT_CONFIGS.map((c) => ({ path: join(f.uri.fsPath, c.path), folder: f.uri.fsPath })))
    .filter((c) => existsSync(c.path));
  if (found.length === 0) {
    void vscode.window.showInformationMessage(
      `toolwire: no MCP configuration in this workspace (${MCP_CLIENT_CONFIGS.map((c) => c.path).join(', ')}).`,
    );
    return undefined;
  }
  if (found.length === 1) return found[0];
  const picked = await vscode.window.showQuickPick(
    found.map((c) => ({ label: vscode.workspace.asRelativePath(c.path), config: c })),
    { placeHolder: 'Which MCP configuration?' },
  );
  return picked?.config;
}

/**
 * VS Code's `${input:ID}` values, asked as VS Code asks when it starts a server (as passwords: they
 * are often tokens). One left unanswered leaves its servers unstarted, with the reason.
 */
async function askInputs(configPath: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = readFileSync(configPath, 'utf8');
  } catch {
    return {};
  }
  const values: Record<string, string> = {};
  for (const id of inputsReferenced(readMcpServerEntries(configPath.split('\\').join('/'), text))) {
    const value = await vscode.window.showInputBox({
      title: 'toolwire: Check MCP Servers',
      prompt: `Value of \${input:${id}} for the MCP servers`,
      password: true,
      ignoreFocusOut: true,
    });
    if (value !== undefined) values[id] = value;
  }
  return values;
}

/** The extension's storage (snapshots replaced on each run), or a folder the user chooses to keep them in. */
async function pickSaveFolder(context: vscode.ExtensionContext): Promise<string | undefined> {
  const storage = join((context.storageUri ?? context.globalStorageUri).fsPath, 'mcp-snapshots');
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'Check', description: "snapshots in the extension's storage", folder: storage },
      { label: 'Check and save the snapshots…', description: 'choose a folder', folder: undefined },
    ],
    { placeHolder: 'Start the servers of the MCP configuration and check the tools they serve' },
  );
  if (!picked) return undefined;
  if (picked.folder) {
    // Ours alone: a server removed from the configuration must not leave its old snapshot behind.
    rmSync(picked.folder, { recursive: true, force: true });
    return picked.folder;
  }
  const chosen = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    openLabel: 'Save snapshots here',
  });
  return chosen?.[0]?.fsPath;
}

/** The snapshot files of the CLI's JSON report (paths relative to its working folder). */
function snapshotPaths(stdout: string, cwd: string): string[] {
  try {
    const report = JSON.parse(stdout) as { files?: Array<{ path?: unknown }> };
    return (report.files ?? []).flatMap((f) =>
      typeof f.path === 'string' ? [isAbsolute(f.path) ? f.path : resolve(cwd, f.path)] : [],
    );
  } catch {
    return [];
  }
}
