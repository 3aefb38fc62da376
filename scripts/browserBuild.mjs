// esbuild options of the two VS Code for the Web bundles, shared by scripts/build.mjs and
// test/package/browserBundles.test.ts (which bundles them again to look for Node built-ins).

/** A browser bundle: `browser` fields of dependencies, and a build error for any Node built-in. */
export const browser = { platform: 'browser', target: 'es2022', mainFields: ['browser', 'module', 'main'] };

const shims = './server/src/browser/nodeShims.ts';

/**
 * The browser server bundles tree-sitter's runtime, one build for Node and browsers: its Node
 * branches name `url`, `module` and `fs/promises`, which become server/src/browser/nodeShims.ts,
 * and it finds its own URL from `__filename` when it loads.
 */
export const browserServer = {
  ...browser,
  format: 'iife',
  alias: { url: shims, module: shims, 'fs/promises': shims },
  define: { __filename: '"/toolwire/dist/browser/server.js"' },
};
