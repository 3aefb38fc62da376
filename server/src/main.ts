import { fileURLToPath, pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { readConfigFile } from './node/configFile';
import { listFiles, readTextFile } from './node/files';
import { ProjectLibraries } from './node/projectLibraries';
import { nodeWasmLoader } from './node/wasm';
import type { RuntimeEnvironment } from './runtime';
import { startServer } from './server';

/**
 * `node dist/server.js --stdio` (or --node-ipc, --socket=N): the toolwire language server for
 * any LSP client. The transport comes from the command line (vscode-languageserver reads it).
 */
const runtime: RuntimeEnvironment = {
  readFile: readTextFile,
  readConfigFile,
  uriToPath(uri) {
    if (!uri.startsWith('file:')) return undefined;
    try {
      return fileURLToPath(uri).split('\\').join('/');
    } catch {
      return undefined;
    }
  },
  pathToUri: (path) => pathToFileURL(path).href,
  listFiles,
  wasm: nodeWasmLoader(),
  projectLibraries: new ProjectLibraries(),
  timer: {
    setTimeout(callback, ms) {
      const handle = setTimeout(callback, ms);
      return { dispose: () => clearTimeout(handle) };
    },
    yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
  },
};

// The server must outlive any single failure: log what escaped and keep serving.
process.on('uncaughtException', (error) => console.error(`toolwire: uncaught: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (reason) => console.error(`toolwire: unhandled rejection: ${String(reason)}`));

startServer(createConnection(ProposedFeatures.all), runtime);
