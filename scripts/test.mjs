// The whole test suite, in the order that fails fastest: build, types, then every test file
// (unit tests of the core, CLI and LSP tests against the built bundles, editor end-to-end tests)
// in one node:test run, so the closing summary covers all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const run = (command, args, env = process.env) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

function testFiles(folder) {
  let entries;
  try {
    entries = readdirSync(folder).sort();
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const args = process.argv.slice(2);
// --unit: the core, pipeline and CLI tests against a development build, without the .vsix, the
// LSP bundles' packaging or the editors: the inner loop.
const unit = args.includes('--unit');
const only = args.filter((arg) => arg !== '--unit');
// Format and lint first: they take a second and name the file and line.
run(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'ci', '.']);
// Production bundles and the .vsix, once: the package test and the editor end-to-end tests use
// the packaged extension; the CLI and LSP tests run dist/*.js, the same code minified.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
if (unit) run(process.execPath, ['scripts/build.mjs']);
else run(npm[0], [...npm.slice(1), 'run', 'package']);
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.', '--noEmit']);
// The e2e harness type-checks against playwright-core, which only scripts/setup-e2e.sh installs.
if (existsSync('e2e/node_modules/playwright-core')) {
  run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'e2e', '--noEmit']);
}
const unitFolders = ['test/core', 'test/pipeline', 'test/cli'];
const files =
  only.length > 0 ? only : unit ? unitFolders.flatMap(testFiles) : [...testFiles('test'), ...testFiles('e2e/tests')];
run(process.execPath, [
  '--import',
  'tsx',
  '--test',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/summary-reporter.mjs',
  '--test-reporter-destination=stdout',
  ...files,
]);
