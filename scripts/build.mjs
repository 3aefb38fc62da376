// Bundles the three entry points with esbuild (types are checked separately by `tsc --noEmit`).
// dist/ is generated: never committed.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { browser, browserServer } from './browserBuild.mjs';

const production = process.argv.includes('--production');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  // jsonc-parser ships a UMD build by default; the ESM one bundles cleanly.
  mainFields: ['module', 'main'],
  // `toolwire explain` embeds docs/diagnostics.md (cli/src/explainText.ts).
  loader: { '.md': 'text' },
};

// Stale bundles or source maps from another mode must not end up in a package.
rmSync('dist', { recursive: true, force: true });

const entries = [
  { in: 'cli/src/main.ts', out: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { in: 'server/src/main.ts', out: 'dist/server.js' },
  // The client runs in VS Code's extension host, which provides `vscode`.
  { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] },
  // VS Code for the Web: the client in the web worker extension host, the server in a worker it
  // starts. No Node built-ins may end up in these two (test/package/browserBundles.test.ts).
  { in: 'client/src/browser/extension.ts', out: 'dist/browser/client.js', external: ['vscode'], ...browser },
  { in: 'server/src/browserMain.ts', out: 'dist/browser/server.js', ...browserServer },
];

await Promise.all(
  entries
    .filter((entry) => existsSync(entry.in))
    .map(({ in: entryPoint, out, external, ...options }) =>
      build({ ...common, ...options, entryPoints: [entryPoint], outfile: out, external: external ?? [] }),
    ),
);

// tree-sitter's runtime and the grammars the source-code front-end loads on demand:
// TypeScript, TSX (also read for JavaScript), Python, Go, Java, Rust, C#, Kotlin, Swift, Ruby and PHP. Keep in step
// with WASM_FILES in server/src/code/wasmFiles.ts (test/package/vsix.test.ts checks); .vscodeignore ships them.
// @vscode/tree-sitter-wasm ships no Kotlin or Swift grammar: those come from the packages WASM_PACKAGES names.
mkdirSync('dist', { recursive: true });
const WASM_PACKAGES = {
  'tree-sitter-kotlin.wasm': 'tree-sitter-wasms/out',
  'tree-sitter-swift.wasm': '@repomix/tree-sitter-wasms/out',
};
for (const file of [
  'tree-sitter.wasm',
  'tree-sitter-typescript.wasm',
  'tree-sitter-tsx.wasm',
  'tree-sitter-python.wasm',
  'tree-sitter-go.wasm',
  'tree-sitter-java.wasm',
  'tree-sitter-rust.wasm',
  'tree-sitter-c-sharp.wasm',
  'tree-sitter-kotlin.wasm',
  'tree-sitter-swift.wasm',
  'tree-sitter-ruby.wasm',
  'tree-sitter-php.wasm',
]) {
  copyFileSync(`node_modules/${WASM_PACKAGES[file] ?? '@vscode/tree-sitter-wasm/wasm'}/${file}`, `dist/${file}`);
}
