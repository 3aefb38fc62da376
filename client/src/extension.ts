import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { CensusView } from './census';
import { checkMcpServers } from './checkServers';
import { DOCUMENT_SELECTOR } from './selector';
import { StatusItem } from './status';

/**
 * VS Code wiring only: start the bundled server (the same dist/server.js any LSP client runs),
 * watch .toolwire.json, and add the status item and the commands. No analysis happens here.
 */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('toolwire', { log: true });
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    outputChannel: output,
    // .toolwire.json, MCP client configurations, and the tool files a client census reads.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{json,jsonc,jsonl,ndjson}') },
    diagnosticPullOptions: { onChange: true, onSave: true, onTabs: false },
  };
  const client = new LanguageClient('toolwire', 'toolwire', serverOptions, clientOptions);
  const status = new StatusItem(client);
  const census = new CensusView(client, context.extensionUri);
  context.subscriptions.push(
    output,
    status,
    census,
    vscode.commands.registerCommand('toolwire.restartServer', async () => {
      await client.restart();
      output.info('toolwire server restarted');
    }),
    vscode.commands.registerCommand('toolwire.showCensus', (uri?: vscode.Uri) => census.show(uri ?? vscode.window.activeTextEditor?.document.uri)),
    vscode.commands.registerCommand('toolwire.checkMcpServers', () => checkMcpServers(context, output)),
    { dispose: () => void client.stop() },
  );
  await client.start();
  status.refresh();
}

export function deactivate(): void {
  // The client is stopped through context.subscriptions.
}
