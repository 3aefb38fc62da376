import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { nodeRuntime } from './node/runtime';
import { startServer } from './server';

/**
 * `node dist/server.js --stdio` (or --node-ipc, --socket=N): the toolwire language server for
 * any LSP client. The transport comes from the command line (vscode-languageserver reads it).
 */

// The server must outlive any single failure: log what escaped and keep serving.
process.on('uncaughtException', (error) => console.error(`toolwire: uncaught: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (reason) => console.error(`toolwire: unhandled rejection: ${String(reason)}`));

startServer(createConnection(ProposedFeatures.all), nodeRuntime());
