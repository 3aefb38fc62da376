/**
 * The WebAssembly files an adapter ships: tree-sitter's runtime and the grammars the source-code
 * front-end loads (scripts/build.mjs copies them into dist/; keep the two lists in step, which
 * test/package/vsix.test.ts checks). Apart from treeSitter.ts so the client can name them without
 * bundling the runtime.
 */
export const WASM_FILES: readonly string[] = [
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
];

/**
 * Where a grammar comes from when it is not in @vscode/tree-sitter-wasm (which ships no Kotlin or
 * Swift): the folder under node_modules that holds it, read when running from source (tests through
 * tsx). scripts/build.mjs copies from the same folders. Both load with that package's runtime (ABI 14).
 */
export const WASM_PACKAGE_FOLDERS: Readonly<Record<string, string>> = {
  'tree-sitter-kotlin.wasm': 'tree-sitter-wasms/out',
  'tree-sitter-swift.wasm': '@repomix/tree-sitter-wasms/out',
};
