import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { CensusView } from '../census';
import { serverErrors } from '../serverErrors';
import { WATCHED_FILES } from '../../../server/src/protocol';
import { DOCUMENT_SELECTOR } from '../selector';
import { StatusItem } from '../status';

/** What differs between the desktop client and the browser one; everything else is `startClient`. */
interface ClientHost {
  /** Makes the language client: over IPC to dist/server.js, or to a web worker. */
  createClient(options: LanguageClientOptions): BaseLanguageClient;
  /** Wiring of one platform, once the client exists (the browser's file reads for the server). */
  attach?(client: BaseLanguageClient): vscode.Disposable;
  /** "toolwire: Check MCP Servers": starts processes, so only a Node extension host does it. */
  checkMcpServers(output: vscode.LogOutputChannel): Promise<void>;
}

/**
 * VS Code wiring shared by both clients: the output channel, the document selector, the
 * `.toolwire.json` watcher, the status item, the census view and the commands. No analysis
 * happens here.
 */
export async function startClient(context: vscode.ExtensionContext, host: ClientHost): Promise<void> {
  const output = vscode.window.createOutputChannel('toolwire', { log: true });
  const errors = serverErrors(output);
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    outputChannel: output,
    errorHandler: errors,
    // .toolwire.json, MCP client configurations, and the tool files a client census reads.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher(WATCHED_FILES) },
    diagnosticPullOptions: { onChange: true, onSave: true, onTabs: false },
  };
  const client = host.createClient(clientOptions);
  const status = new StatusItem(client);
  const census = new CensusView(client, context.extensionUri);
  context.subscriptions.push(
    output,
    status,
    census,
    ...(host.attach ? [host.attach(client)] : []),
    vscode.commands.registerCommand('toolwire.restartServer', async () => {
      errors.reset();
      // BaseLanguageClient has no restart (the Node client's adds a debug delay only). A server
      // the error handler gave up on is stopped already: stop() returns at once.
      await client.stop();
      await client.start();
      output.info('toolwire server restarted');
    }),
    vscode.commands.registerCommand('toolwire.showOutput', () => output.show()),
    vscode.commands.registerCommand('toolwire.showCensus', (uri?: vscode.Uri) =>
      census.show(uri ?? vscode.window.activeTextEditor?.document.uri),
    ),
    vscode.commands.registerCommand('toolwire.checkMcpServers', () => host.checkMcpServers(output)),
    { dispose: () => void client.stop() },
  );
  await client.start();
  status.refresh();
}
