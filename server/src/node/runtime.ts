import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RuntimeEnvironment } from '../runtime';
import { readConfigFile } from './configFile';
import { listFiles, readTextFile } from './files';
import { ProjectLibraries } from './projectLibraries';
import { ProjectConstants } from './projectConstants';
import { ProjectWrappers } from './projectWrappers';
import { nodeWasmLoader } from './wasm';

/**
 * The server's runtime on Node: files from the disk, tree-sitter's WASM beside the bundle (or in
 * node_modules from source). `main.ts` serves with it; the LSP tests run servers in-process with it.
 */
export function nodeRuntime(): RuntimeEnvironment {
  const projectLibraries = new ProjectLibraries();
  return {
    label: `Node ${process.version}`,
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
    projectLibraries,
    projectWrappers: new ProjectWrappers(projectLibraries),
    projectConstants: new ProjectConstants(),
    timer: {
      setTimeout(callback, ms) {
        const handle = setTimeout(callback, ms);
        return { dispose: () => clearTimeout(handle) };
      },
      yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
    },
  };
}
