import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient } from 'vscode-languageclient/browser';
import { serveFiles } from '../common/fileRequests';
import { startClient } from '../common/start';
import { startServerWorker, type WebWorker } from './worker';

/**
 * The client in VS Code for the Web (the web worker extension host: vscode.dev, github.dev, a
 * browser's code-server): the same wiring as the desktop client, with the server
 * (dist/browser/server.js) in a web worker that reads files through this client.
 */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverUri = vscode.Uri.joinPath(context.extensionUri, 'dist/browser/server.js');
  // One worker per start: *Restart Server* ends the old one (the library never terminates it).
  let worker: WebWorker | undefined;
  const end = () => {
    worker?.terminate();
    worker = undefined;
  };
  context.subscriptions.push({ dispose: end });
  await startClient(context, {
    // The transports rather than the Worker: the library's `instanceof Worker` test fails for
    // the worker VS Code's patched constructor returns in its extension host.
    createClient: (clientOptions) =>
      new LanguageClient(
        'toolwire',
        'toolwire',
        async () => {
          end();
          worker = await startServerWorker(serverUri, (message) => console.info(message));
          // The Node types lack the DOM's Worker, which these constructors name.
          const port = worker as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
          return { reader: new BrowserMessageReader(port), writer: new BrowserMessageWriter(port) };
        },
        clientOptions,
      ),
    attach: (client) => serveFiles(client, context.extensionUri),
    checkMcpServers: async () => {
      void vscode.window.showInformationMessage(
        'toolwire: Check MCP Servers starts the servers of the MCP configuration as processes, which VS Code for the Web cannot do. Use the desktop app, or run `toolwire check --mcp-config` in a terminal.',
      );
    },
  });
}

export function deactivate(): void {
  // The client and its worker are stopped through context.subscriptions.
}
