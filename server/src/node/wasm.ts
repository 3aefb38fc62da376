import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WasmLoader } from '../code/treeSitter';

/**
 * Node's WASM loader: the files beside the bundle (scripts/build.mjs copies them into dist/), or,
 * when running from source (tests through tsx), the installed @vscode/tree-sitter-wasm package.
 */
export function nodeWasmLoader(): WasmLoader {
  const folder = wasmFolder();
  return {
    runtime: async () => new Uint8Array(await readFile(join(folder, 'tree-sitter.wasm'))),
    grammar: async (grammar) => new Uint8Array(await readFile(join(folder, `tree-sitter-${grammar}.wasm`))),
  };
}

function wasmFolder(): string {
  if (existsSync(join(__dirname, 'tree-sitter.wasm'))) return __dirname;
  // From source: server/src/node/ → the checkout's node_modules.
  return join(__dirname, '..', '..', '..', 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm');
}
