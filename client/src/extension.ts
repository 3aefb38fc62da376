import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { checkMcpServers } from './checkServers';
import { startClient } from './common/start';

/**
 * The desktop client: starts the bundled server (the same dist/server.js any LSP client runs)
 * over IPC; the rest is the wiring both clients share (common/start.ts).
 */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6011'] },
    },
  };
  await startClient(context, {
    createClient: (clientOptions) => new LanguageClient('toolwire', 'toolwire', serverOptions, clientOptions),
    checkMcpServers: (output) => checkMcpServers(context, output),
  });
}

export function deactivate(): void {
  // The client is stopped through context.subscriptions.
}
