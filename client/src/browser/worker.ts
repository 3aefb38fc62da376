import * as vscode from 'vscode';

/** The part of the browser's `Worker` the language client uses (the Node types have none). */
export interface WebWorker {
  postMessage(message: unknown): void;
  terminate(): void;
}

interface WebGlobals {
  Worker: new (url: string) => WebWorker;
  fetch: typeof fetch;
  Blob: typeof Blob;
  URL: typeof URL;
}

/**
 * Starts the server bundle in a web worker. A worker on the extension's own URI is what vscode.dev
 * and github.dev allow; code-server refuses it for an extension installed on the server
 * ("Creating workers from remote extensions is currently not supported"), so the script is then
 * read (fetch, else `workspace.fs`, which reads the extension's `vscode-remote:` files) and the
 * worker started from a Blob URL of the same code.
 */
export async function startServerWorker(serverUri: vscode.Uri, log: (message: string) => void): Promise<WebWorker> {
  const web = globalThis as unknown as WebGlobals;
  try {
    return new web.Worker(serverUri.toString(true));
  } catch (error) {
    log(
      `toolwire: starting the server from a copy of its script (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const code = await readScript(serverUri, web);
  const url = web.URL.createObjectURL(new web.Blob([code], { type: 'text/javascript' }));
  return new web.Worker(url);
}

async function readScript(uri: vscode.Uri, web: WebGlobals): Promise<string> {
  try {
    const response = await web.fetch(uri.toString(true));
    if (response.ok) return await response.text();
  } catch {
    // A scheme fetch does not know (vscode-remote:): the workspace file system reads it.
  }
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}
