/**
 * What tree-sitter's runtime (`@vscode/tree-sitter-wasm`, one build for Node and browsers) asks
 * of Node in the browser bundle, where scripts/build.mjs aliases `url`, `module` and
 * `fs/promises` to this file. Only `pathToFileURL` runs: the runtime works out its own URL when
 * it loads, from `__filename`, which the browser build defines. Everything else sits in branches
 * taken only when `process` exists, which a web worker lacks; reaching one is a bug, so it throws.
 */
export function pathToFileURL(path: string): URL {
  return new URL(`file://${path}`);
}

export function fileURLToPath(url: string | URL): string {
  return new URL(url).pathname;
}

export function createRequire(): never {
  throw new Error('toolwire: a Node module was asked for in the web worker');
}

export function readFile(): Promise<never> {
  return Promise.reject(new Error('toolwire: no file system in the web worker'));
}
