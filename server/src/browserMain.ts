import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createConnection,
  ProposedFeatures,
} from 'vscode-languageserver/browser';
import { ClientFiles } from './browser/clientFiles';
import { UriPaths } from './browser/uriPaths';
import {
  FIND_FILES_REQUEST,
  READ_EXTENSION_WASM_REQUEST,
  READ_FILE_REQUEST,
  type FindFilesParams,
  type ReadExtensionWasmParams,
  type ReadFileParams,
  type ReadFileResult,
} from './protocol';
import type { RuntimeEnvironment } from './runtime';
import { startServer } from './server';

/**
 * The toolwire language server in a web worker (VS Code for the Web: vscode.dev, github.dev, a
 * browser's code-server): the same server as `main.ts`, with files read by the client through
 * `vscode.workspace.fs` (`toolwire/readFile`, `toolwire/findFiles`) instead of from a disk.
 *
 * tree-sitter's WebAssembly (to read tool declarations in source code) comes from the client too
 * (`toolwire/readExtensionWasm`): under code-server the worker runs from a Blob URL, so it has no
 * base URL of its own, and a remote extension's `vscode-remote:` URI is not fetchable from it.
 */
interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message' | 'error', listener: (event: { data?: unknown }) => void): void;
}
const scope = globalThis as unknown as WorkerScope;

const connection = createConnection(
  ProposedFeatures.all,
  new BrowserMessageReader(scope as never),
  new BrowserMessageWriter(scope as never),
);
const paths = new UriPaths();
const files = new ClientFiles(
  {
    readFile: (params: ReadFileParams) => connection.sendRequest<ReadFileResult>(READ_FILE_REQUEST, params),
    findFiles: (params: FindFilesParams) => connection.sendRequest<readonly string[]>(FIND_FILES_REQUEST, params),
  },
  (path) => paths.pathToUri(path),
  (message) => connection.console.warn(message),
);

/** One WebAssembly file of the extension, read by the client. */
async function extensionWasm(name: string): Promise<Uint8Array> {
  const base64 = await connection.sendRequest<string>(READ_EXTENSION_WASM_REQUEST, {
    name,
  } satisfies ReadExtensionWasmParams);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const runtime: RuntimeEnvironment = {
  label: 'a web worker',
  readFile: (path) => files.readFile(path),
  readConfigFile: (path) => files.readConfigFile(path),
  uriToPath: (uri) => paths.uriToPath(uri),
  pathToUri: (path) => paths.pathToUri(path),
  listFiles: (folder) => files.listFiles(folder),
  settle: () => files.settle(),
  trackReads: (read) => files.track(read),
  wasm: {
    runtime: () => extensionWasm('tree-sitter.wasm'),
    grammar: (grammar) => extensionWasm(`tree-sitter-${grammar}.wasm`),
  },
  forget: (changed) => files.forget(changed),
  onLateAnswer: (listener) => files.onLateAnswer(listener),
  timer: {
    setTimeout(callback, ms) {
      const handle = setTimeout(callback, ms);
      return { dispose: () => clearTimeout(handle) };
    },
    // No setImmediate in a worker; a macrotask lets queued messages (a newer edit) in first.
    yieldToEventLoop: () => new Promise((resolve) => setTimeout(resolve, 0)),
  },
};

startServer(connection, runtime);
