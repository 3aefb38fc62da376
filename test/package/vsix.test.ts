import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { listEntries, readEntry, type ZipEntry } from './zip';
import { WASM_FILES } from '../../server/src/code/treeSitter';

/**
 * The .vsix `npm run package` writes (npm test runs it first): exactly the files the extension
 * needs at run time, production bundles, under MAX_BYTES. The expected list is derived from the
 * manifest (main, icon, schemas, grammars) so a new contribution cannot be forgotten silently.
 */
const ROOT = resolve(__dirname, '../..');

interface Manifest {
  name: string;
  publisher: string;
  version: string;
  main: string;
  /** The web worker extension host's entry (VS Code for the Web). */
  browser: string;
  icon: string;
  contributes: { jsonValidation: Array<{ url: string }>; grammars: Array<{ path: string }> };
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const vsixPath = join(ROOT, `toolwire-${manifest.version}.vsix`);
// With tree-sitter's runtime and eleven grammars (C#'s the largest; aim: under 4 MB) the package
// measured 2.8 MB (2,819,723 bytes) with C#, Kotlin, Swift, Ruby and PHP; the bound is the aim itself.
const MAX_BYTES = 4 * 1000 * 1000;

/** `./dist/client.js` → `extension/dist/client.js` */
const inExtension = (path: string): string => `extension/${path.replace(/^\.\//, '')}`;

function expectedEntries(): string[] {
  return [
    // VSIX metadata, written by vsce.
    '[Content_Types].xml',
    'extension.vsixmanifest',
    // vsce's names for the manifest, readme, changelog and licence.
    'extension/package.json',
    'extension/readme.md',
    'extension/changelog.md',
    'extension/LICENSE.txt',
    inExtension(manifest.icon),
    inExtension(manifest.main),
    inExtension(manifest.browser),
    // The clients start the server from these paths (context.asAbsolutePath('dist/server.js'),
    // the browser client's web worker from dist/browser/server.js).
    'extension/dist/server.js',
    // *Check MCP Servers* runs the CLI's live check (context.asAbsolutePath('dist/cli.js')).
    'extension/dist/cli.js',
    // tree-sitter's runtime and grammars, loaded when a source file imports a known library.
    ...WASM_FILES.map((file) => `extension/dist/${file}`),
    'extension/dist/browser/server.js',
    ...manifest.contributes.jsonValidation.map((v) => inExtension(v.url)),
    ...manifest.contributes.grammars.map((g) => inExtension(g.path)),
  ].sort();
}

function readVsix(): { zip: Buffer; entries: ZipEntry[] } {
  assert.ok(
    existsSync(vsixPath),
    `${vsixPath} does not exist: run \`npm run package\` (npm test does it before the tests)`,
  );
  const zip = readFileSync(vsixPath);
  return { zip, entries: listEntries(zip) };
}

function entry(entries: readonly ZipEntry[], name: string): ZipEntry {
  const found = entries.find((e) => e.name === name);
  assert.ok(found, `${name} is in the package`);
  return found;
}

describe(`the packaged extension (toolwire-${manifest.version}.vsix)`, () => {
  test('holds exactly the run-time files: manifest, readme, changelog, licence, icon, bundles, schemas, grammar', () => {
    const { entries } = readVsix();
    const names = entries.map((e) => e.name).sort();
    const expected = expectedEntries();
    const extra = names.filter((n) => !expected.includes(n));
    const missing = expected.filter((n) => !names.includes(n));
    assert.deepEqual({ extra, missing }, { extra: [], missing: [] }, `package contents:\n${names.join('\n')}`);
  });

  test('ships no source maps, sources, tests or node_modules', () => {
    const { entries } = readVsix();
    const unwanted = entries.map((e) => e.name).filter((n) => /\.map$|\.ts$|\/(src|test|node_modules|e2e)\//.test(n));
    assert.deepEqual(unwanted, []);
  });

  test('is under 2 MB', () => {
    readVsix();
    const size = statSync(vsixPath).size;
    assert.ok(size < MAX_BYTES, `${vsixPath} is ${size} bytes, over ${MAX_BYTES}`);
  });

  test('its bundles are production builds (minified, no source-map reference)', () => {
    const { zip, entries } = readVsix();
    for (const name of [
      'extension/dist/client.js',
      'extension/dist/server.js',
      'extension/dist/cli.js',
      'extension/dist/browser/client.js',
      'extension/dist/browser/server.js',
    ]) {
      const code = readEntry(zip, entry(entries, name)).toString('utf8');
      assert.doesNotMatch(code, /sourceMappingURL/, `${name} refers to a source map`);
      // Minified code has few, very long lines (template literals keep their line breaks: a couple of
      // hundred with the YAML and tree-sitter runtimes); a development bundle has tens of thousands.
      assert.ok(code.split('\n').length < 1000, `${name} looks unminified (${code.split('\n').length} lines)`);
    }
  });

  test('its manifest is the repository package.json, and the readme is not empty', () => {
    const { zip, entries } = readVsix();
    const packaged = JSON.parse(readEntry(zip, entry(entries, 'extension/package.json')).toString('utf8')) as Manifest;
    assert.deepEqual(
      [packaged.publisher, packaged.name, packaged.version, packaged.main, packaged.browser, packaged.contributes],
      [manifest.publisher, manifest.name, manifest.version, manifest.main, manifest.browser, manifest.contributes],
      'the packaged manifest differs from package.json: is the .vsix stale? (`npm run package`)',
    );
    const vsixManifest = readEntry(zip, entry(entries, 'extension.vsixmanifest')).toString('utf8');
    assert.match(
      vsixManifest,
      new RegExp(
        `<Identity [^>]*Id="${manifest.name}"[^>]*Version="${manifest.version.replace(/\./g, '\\.')}"[^>]*Publisher="${manifest.publisher}"`,
      ),
    );
    assert.ok(readEntry(zip, entry(entries, 'extension/readme.md')).length > 0, 'the readme has content');
  });
});
