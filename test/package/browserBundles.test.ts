import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { build, type Metafile } from 'esbuild';

/**
 * The two bundles of VS Code for the Web (scripts/build.mjs: `dist/browser/client.js` and
 * `dist/browser/server.js`) run in web workers, where no Node built-in exists: `require("fs")`
 * there is a crash at activation, not a build error. So the entries are bundled here as the build
 * does, and every module that went in is checked, as is every `require` left in the output.
 */
const ROOT = resolve(__dirname, '../..');
const SHIMS = './server/src/browser/nodeShims.ts';
const ENTRIES = [
  { entry: 'client/src/browser/extension.ts', external: ['vscode'], extra: {} },
  // As scripts/build.mjs's `browserServer`: tree-sitter's runtime names Node modules in branches a
  // web worker never takes; they become the shims, and `__filename` is defined.
  { entry: 'server/src/browserMain.ts', external: [] as string[], extra: { alias: { url: SHIMS, module: SHIMS, 'fs/promises': SHIMS }, define: { __filename: '"/toolwire/dist/browser/server.js"' } } },
];
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

interface Bundled {
  readonly inputs: string[];
  /** What the bundle leaves to be loaded at run time (esbuild's external imports). */
  readonly leftOpen: string[];
  readonly code: string;
}

async function bundle(entry: string, external: string[], extra: { alias?: Record<string, string>; define?: Record<string, string> } = {}): Promise<Bundled> {
  const result = await build({
    entryPoints: [resolve(ROOT, entry)],
    bundle: true,
    write: false,
    metafile: true,
    // As scripts/build.mjs builds the browser bundles.
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
    external,
    logLevel: 'silent',
    absWorkingDir: ROOT,
    ...extra,
  });
  const metafile: Metafile = result.metafile;
  const output = Object.values(metafile.outputs)[0]!;
  return { inputs: Object.keys(metafile.inputs), leftOpen: output.imports.map((i) => i.path), code: result.outputFiles[0]!.text };
}

describe('the browser bundles hold no Node built-ins', () => {
  for (const { entry, external, extra } of ENTRIES) {
    test(entry, async () => {
      const { inputs, leftOpen, code } = await bundle(entry, external, extra);
      assert.ok(inputs.some((i) => i.includes('server/src/server.ts') || i.includes('client/src/common/start.ts')), `the bundle holds the shared code: ${inputs.length} inputs`);
      assert.deepEqual(inputs.filter((i) => NODE_BUILTINS.has(i) || i.startsWith('node:') || i.includes('/server/src/node/') || i.includes('/cli/src/')), [], 'no Node-only module went in');
      assert.deepEqual([...new Set(leftOpen)].filter((name) => !external.includes(name)), [], 'nothing is left to load but what the host provides');
      // A require() the bundler did not see is left as text. tree-sitter's runtime has its own,
      // from `createRequire`, only where `process` exists (a web worker has none): allowed there.
      const required = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
      const runtimeOwn = /var require = createRequire\d*\(/.test(code) ? ['fs', 'path', 'url'] : [];
      assert.deepEqual([...new Set(required)].filter((name) => !external.includes(name) && !runtimeOwn.includes(name)), [], 'no require() is left but of what the host provides');
    });
  }

  test('the check can fail: a Node built-in is caught', async () => {
    await assert.rejects(bundle('server/src/main.ts', []), /node:|Could not resolve/);
  });
});
