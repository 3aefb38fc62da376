// Bundles the three entry points with esbuild (types are checked separately by `tsc --noEmit`).
// dist/ is generated: never committed.
import { build } from 'esbuild';
import { existsSync, rmSync } from 'node:fs';

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
];

await Promise.all(
  entries
    .filter((entry) => existsSync(entry.in))
    .map((entry) =>
      build({ ...common, entryPoints: [entry.in], outfile: entry.out, external: entry.external ?? [], banner: entry.banner }),
    ),
);
