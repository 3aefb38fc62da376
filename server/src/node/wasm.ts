import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { CodeGrammar } from '../core';
import type { WasmLoader } from '../code/treeSitter';
import { WASM_PACKAGE_FOLDERS } from '../code/wasmFiles';

/**
 * Node's WASM loader: the files beside the bundle (scripts/build.mjs copies them into dist/), or,
 * when running from source (tests through tsx), the installed @vscode/tree-sitter-wasm package (and
 * the packages `WASM_PACKAGE_FOLDERS` names for the grammars it lacks).
 */
export function nodeWasmLoader(): WasmLoader {
  const folder = wasmFolder();
  return {
    runtime: async () => new Uint8Array(await readFile(join(folder, 'tree-sitter.wasm'))),
    grammar: async (grammar) => new Uint8Array(await readFile(grammarPath(folder, `tree-sitter-${grammar}.wasm`))),
    firstCompile: async (grammar, compile) => {
      if (!BASELINE_ONLY.has(grammar)) return compile();
      setFlagsFromString('--liftoff-only');
      try {
        return await compile();
      } finally {
        setFlagsFromString('--no-liftoff-only');
      }
    },
  };
}

/**
 * Grammars whose first compilation V8 must keep on Liftoff, its baseline compiler. Swift's lexer
 * is one 435 KB function (tree-sitter-swift 0.7.1; Kotlin's largest is 133 KB, the others under
 * 14 KB): Liftoff gives it up and TurboFan compiles it on the parsing thread, which stalled the
 * first Swift parse 6 to 10 s of CPU (Node 20, measured); on Liftoff alone it takes 0.2 s, and
 * parsing stays as fast. Only that first compilation: the flag is set back at once.
 */
const BASELINE_ONLY: ReadonlySet<CodeGrammar> = new Set(['swift']);

function grammarPath(folder: string, file: string): string {
  if (existsSync(join(folder, file))) return join(folder, file);
  const own = WASM_PACKAGE_FOLDERS[file];
  return own === undefined ? join(folder, file) : join(modulesFolder(), ...own.split('/'), file);
}

/** From source: server/src/node/ → the checkout's node_modules. */
function modulesFolder(): string {
  return join(__dirname, '..', '..', '..', 'node_modules');
}

function wasmFolder(): string {
  if (existsSync(join(__dirname, 'tree-sitter.wasm'))) return __dirname;
  return join(modulesFolder(), '@vscode', 'tree-sitter-wasm', 'wasm');
}
