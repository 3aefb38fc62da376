import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import type { RuntimeEnvironment } from './runtime';
import { startServer } from './server';

/**
 * `node dist/server.js --stdio` (or --node-ipc, --socket=N): the toolwire language server for
 * any LSP client. The transport comes from the command line (vscode-languageserver reads it).
 */
const runtime: RuntimeEnvironment = {
  readFile(path) {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  uriToPath(uri) {
    if (!uri.startsWith('file:')) return undefined;
    try {
      return fileURLToPath(uri).split('\\').join('/');
    } catch {
      return undefined;
    }
  },
  pathToUri: (path) => pathToFileURL(path).href,
  listFiles(folder) {
    const out: string[] = [];
    walk(folder, '', out);
    return out;
  },
  timer: {
    setTimeout(callback, ms) {
      const handle = setTimeout(callback, ms);
      return { dispose: () => clearTimeout(handle) };
    },
    yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
  },
};

/** A bounded walk: the census looks for tool files, and must not crawl a home folder forever. */
const MAX_FILES = 20_000;
const SKIPPED = new Set(['node_modules', '.git']);
function walk(root: string, relative: string, out: string[]): void {
  if (out.length >= MAX_FILES) return;
  let entries;
  try {
    entries = readdirSync(join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) walk(root, path, out);
    } else if (entry.isFile()) out.push(path);
  }
}

// The server must outlive any single failure: log what escaped and keep serving.
process.on('uncaughtException', (error) => console.error(`toolwire: uncaught: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (reason) => console.error(`toolwire: unhandled rejection: ${String(reason)}`));

startServer(createConnection(ProposedFeatures.all), runtime);
