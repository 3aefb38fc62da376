// The extension host loads test modules with plain require(): it cannot run TypeScript. This
// bundles a TypeScript test entry (and whatever it imports, e.g. assertion helpers) into a single
// CommonJS file, leaving `vscode` to the extension host's module interceptor.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles `entry` to `outFile` and returns its absolute path. `outFile` must end in .cjs: a .js
 * file under a `"type": "module"` package (like e2e/) would be refused by require().
 */
export async function bundleTestModule(entry: string, outFile: string): Promise<string> {
  if (!outFile.endsWith('.cjs')) throw new Error(`bundleTestModule: ${outFile} must end in .cjs`);
  const target = path.resolve(outFile);
  await mkdir(path.dirname(target), { recursive: true });
  await build({
    entryPoints: [path.resolve(entry)],
    outfile: target,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    // No source map: the extension host runs without --enable-source-maps, so stack traces point
    // at the (unminified, readable) bundle lines whatever we emit.
    minify: false,
    logLevel: 'error',
  });
  return target;
}
