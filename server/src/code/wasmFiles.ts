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
  'tree-sitter-ruby.wasm',
  'tree-sitter-php.wasm',
];
