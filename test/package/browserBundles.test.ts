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
const ENTRIES = [
  { entry: 'client/src/browser/extension.ts', external: ['vscode'] },
  { entry: 'server/src/browserMain.ts', external: [] },
];
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

async function bundle(entry: string, external: string[]): Promise<{ inputs: string[]; code: string }> {
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
  });
  const metafile: Metafile = result.metafile;
  return { inputs: Object.keys(metafile.inputs), code: result.outputFiles[0]!.text };
}

describe('the browser bundles hold no Node built-ins', () => {
  for (const { entry, external } of ENTRIES) {
    test(entry, async () => {
      const { inputs, code } = await bundle(entry, external);
      assert.ok(inputs.some((i) => i.includes('server/src/server.ts') || i.includes('client/src/common/start.ts')), `the bundle holds the shared code: ${inputs.length} inputs`);
      assert.deepEqual(inputs.filter((i) => NODE_BUILTINS.has(i) || i.startsWith('node:') || i.includes('/server/src/node/') || i.includes('/cli/src/')), [], 'no Node-only module went in');
      const required = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
      assert.deepEqual([...new Set(required)].filter((name) => !external.includes(name)), [], 'no require() is left but of what the host provides');
    });
  }

  test('the check can fail: a Node built-in is caught', async () => {
    await assert.rejects(bundle('server/src/main.ts', []), /node:|Could not resolve/);
  });
});
