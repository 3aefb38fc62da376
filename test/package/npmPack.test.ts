import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { before, describe, test } from 'node:test';
import { cleanCopy, trackedFiles } from './cleanCopy';

/**
 * Issue 11 item 7, checked exactly as the issue says: `npm pack` (from a copy of the checkout, so
 * `prepack` builds it as a clean clone would, without touching this checkout's dist/ under the
 * other tests), the tarball installed into an empty folder with no registry, and `toolwire check`
 * run through the installed bin.
 */
const ROOT = resolve(__dirname, '../..');

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  main: string;
  exports?: Record<string, string>;
  bin: Record<string, string>;
  files?: string[];
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  scripts: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

interface Packed {
  readonly tarball: string;
  readonly files: readonly string[];
  /** The empty folder the tarball was installed into. */
  readonly app: string;
  /** What `npm publish --dry-run` says about the manifest. */
  readonly publish: string;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tracked = trackedFiles;

function run(command: string, args: readonly string[], cwd: string): string {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe('the npm package', { timeout: 300_000 }, () => {
  let packed: Packed;

  before(() => {
    const source = cleanCopy('toolwire-pack-src-');
    assert.equal(existsSync(join(source, 'dist')), false, 'the copy starts without bundles');
    const out = mkdtempSync(join(tmpdir(), 'toolwire-pack-out-'));
    const report = JSON.parse(run(npm, ['pack', '--json', '--pack-destination', out], source)) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    const tarball = join(out, report[0]!.filename);
    const app = mkdtempSync(join(tmpdir(), 'toolwire-pack-app-'));
    writeFileSync(join(app, 'package.json'), '{"name":"app","version":"1.0.0","private":true}\n');
    // --offline: a package with no runtime dependencies needs no registry to install.
    run(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], app);
    // The bundles are built by now: no need to run prepack twice. Offline, the registry is never asked.
    const publish = spawnSync(npm, ['publish', '--dry-run', '--offline', '--ignore-scripts'], {
      cwd: source,
      encoding: 'utf8',
    });
    packed = {
      tarball,
      files: report[0]!.files.map((f) => f.path).sort(),
      app,
      publish: `${publish.stdout}${publish.stderr}`,
    };
  });

  test('the manifest allows `npm publish`: not private, prepack builds for production, engines.node set', () => {
    assert.equal(manifest.private, undefined);
    assert.match(manifest.scripts.prepack ?? '', /build\.mjs --production/);
    assert.ok(manifest.engines?.node, 'engines.node');
    assert.deepEqual(
      manifest.dependencies ?? {},
      {},
      'every bundle is self-contained (esbuild): nothing to install at run time',
    );
    // vsce refuses a "files" field beside .vscodeignore: .npmignore is the npm package's allowlist.
    assert.equal(manifest.files, undefined);
    assert.match(packed.publish, /\+ toolwire@/, packed.publish);
    // npm rewrites a manifest it finds wrong when publishing (`./dist/cli.js` in bin, a bare git URL).
    assert.doesNotMatch(packed.publish, /auto-corrected|errors corrected/, packed.publish);
  });

  test('holds the bundles, schemas, docs, licence and README, and nothing else', () => {
    // The README's screenshots are for GitHub: a terminal shows none.
    const docs = tracked().filter(
      (f) => (f.startsWith('docs/') && !f.startsWith('docs/images/')) || f.startsWith('schemas/'),
    );
    // The CLI, and the language server other editors start (`node dist/server.js --stdio`).
    const bundles = [
      ...new Set([...Object.values(manifest.bin), './dist/server.js'].map((p) => p.replace(/^\.\//, ''))),
    ];
    // Files the build writes beside the bundles (WASM grammars) belong to them; source maps do not.
    const extra = packed.files.filter((f) => f.startsWith('dist/') && !bundles.includes(f));
    assert.deepEqual(
      extra.filter((f) => !f.endsWith('.wasm')),
      [],
      'no source maps or stray files in dist/',
    );
    assert.deepEqual(packed.files, ['LICENSE', 'README.md', ...bundles, ...extra, ...docs, 'package.json'].sort());
    for (const forbidden of [
      /^test\//,
      /^e2e\//,
      /^bench\//,
      /^server\/src\//,
      /^cli\/src\//,
      /^client\/src\//,
      /^scripts\//,
      /^examples\//,
      /node_modules/,
      /\.map$/,
      /\.vsix$/,
      /\.png$/,
      /^images\//,
      // The VS Code client (package.json "main", which VS Code requires) and the web bundles.
      /^dist\/client\.js$/,
      /^dist\/browser\//,
    ]) {
      assert.deepEqual(
        packed.files.filter((f) => forbidden.test(f)),
        [],
        `nothing matching ${forbidden}`,
      );
    }
  });

  test('the installed bin runs `toolwire check` on a file', () => {
    const bin = join(packed.app, 'node_modules', '.bin', process.platform === 'win32' ? 'toolwire.cmd' : 'toolwire');
    assert.ok(existsSync(bin), 'node_modules/.bin/toolwire');
    writeFileSync(
      join(packed.app, 'tools.json'),
      JSON.stringify(
        {
          tools: [
            { name: 'a.b', inputSchema: {} },
            { name: 'a_b', inputSchema: {} },
          ],
        },
        null,
        2,
      ),
    );
    const check = spawnSync(bin, ['check', 'tools.json'], {
      cwd: packed.app,
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    assert.equal(check.status, 1, check.stderr);
    assert.match(check.stdout, /^tools\.json:4:15: error wire-collision /m);
    assert.match(check.stderr, /^toolwire: modelled providers/m);
    const version = spawnSync(npm, ['exec', '--offline', '--no', '--', 'toolwire', '--version'], {
      cwd: packed.app,
      encoding: 'utf8',
    });
    assert.equal(version.stdout.trim(), manifest.version, `npx toolwire --version: ${version.stderr}`);
  });

  test('`main` is the VS Code client, left out of the npm package: `exports` makes it no library', () => {
    assert.equal(manifest.main, './dist/client.js', 'VS Code loads the extension from main');
    assert.deepEqual(manifest.exports, { './package.json': './package.json' });
    const required = spawnSync(process.execPath, ['-e', "require('toolwire')"], { cwd: packed.app, encoding: 'utf8' });
    assert.notEqual(required.status, 0);
    assert.match(required.stderr, /ERR_PACKAGE_PATH_NOT_EXPORTED/, 'a clear refusal, not a missing dist/client.js');
    const own = spawnSync(process.execPath, ['-p', "require('toolwire/package.json').version"], {
      cwd: packed.app,
      encoding: 'utf8',
    });
    assert.equal(own.stdout.trim(), manifest.version, own.stderr);
  });

  test('the installed package is the production build (minified, no source map comment)', () => {
    const cli = readFileSync(join(packed.app, 'node_modules', manifest.name, 'dist', 'cli.js'), 'utf8');
    assert.ok(cli.startsWith('#!/usr/bin/env node'), 'the bin keeps its shebang');
    assert.doesNotMatch(cli, /sourceMappingURL/);
    assert.ok(
      readdirSync(join(packed.app, 'node_modules')).every((name) => name === manifest.name || name.startsWith('.')),
      'nothing else was installed',
    );
  });
});
