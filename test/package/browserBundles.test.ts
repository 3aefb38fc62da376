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
interface BrowserOptions {
  readonly browser: Record<string, unknown>;
  readonly browserServer: {
    readonly format: string;
    readonly alias: Record<string, string>;
    readonly define: Record<string, string>;
  } & Record<string, unknown>;
}

/** The build's own options (scripts/browserBuild.mjs), so this test bundles exactly as it does. */
async function buildOptions(): Promise<BrowserOptions> {
  return (await import(resolve(ROOT, 'scripts/browserBuild.mjs'))) as BrowserOptions;
}

const ENTRIES = [
  { entry: 'client/src/browser/extension.ts', external: ['vscode'], server: false },
  { entry: 'server/src/browserMain.ts', external: [] as string[], server: true },
];
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

interface Bundled {
  readonly inputs: string[];
  /** What the bundle leaves to be loaded at run time (esbuild's external imports). */
  readonly leftOpen: string[];
  readonly code: string;
}

/** Bundles an entry as scripts/build.mjs does (`cjs` unless the options say otherwise, as there). */
async function bundle(entry: string, external: string[], options: Record<string, unknown>): Promise<Bundled> {
  const result = await build({
    format: 'cjs',
    ...options,
    entryPoints: [resolve(ROOT, entry)],
    bundle: true,
    write: false,
    metafile: true,
    external,
    logLevel: 'silent',
    absWorkingDir: ROOT,
  });
  const metafile: Metafile = result.metafile;
  const output = Object.values(metafile.outputs)[0]!;
  return {
    inputs: Object.keys(metafile.inputs),
    leftOpen: output.imports.map((i) => i.path),
    code: result.outputFiles[0]!.text,
  };
}

describe('the browser bundles hold no Node built-ins', () => {
  for (const { entry, external, server } of ENTRIES) {
    test(entry, async () => {
      const options = await buildOptions();
      const { inputs, leftOpen, code } = await bundle(
        entry,
        external,
        server ? options.browserServer : options.browser,
      );
      assert.ok(
        inputs.some((i) => i.includes('server/src/server.ts') || i.includes('client/src/common/start.ts')),
        `the bundle holds the shared code: ${inputs.length} inputs`,
      );
      assert.deepEqual(
        inputs.filter(
          (i) =>
            NODE_BUILTINS.has(i) || i.startsWith('node:') || i.includes('/server/src/node/') || i.includes('/cli/src/'),
        ),
        [],
        'no Node-only module went in',
      );
      assert.deepEqual(
        [...new Set(leftOpen)].filter((name) => !external.includes(name)),
        [],
        'nothing is left to load but what the host provides',
      );
      // A require() the bundler did not see is left as text. tree-sitter's runtime has its own,
      // from `createRequire`, only where `process` exists (a web worker has none): allowed there.
      const required = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
      const runtimeOwn = /var require = createRequire\d*\(/.test(code) ? ['fs', 'path', 'url'] : [];
      assert.deepEqual(
        [...new Set(required)].filter((name) => !external.includes(name) && !runtimeOwn.includes(name)),
        [],
        'no require() is left but of what the host provides',
      );
    });
  }

  test('the check can fail: a Node built-in is caught', async () => {
    await assert.rejects(
      bundle('server/src/main.ts', [], (await buildOptions()).browserServer),
      /node:|Could not resolve/,
    );
  });
});
