import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { localDependencies, packageNameOf, workspaceGlobs } from '../../server/src/core/code/workspaces';

describe("a monorepo's own packages, from its manifests", () => {
  test('dependencies: workspace and path specs are local; any other name may be a workspace sibling', () => {
    const manifest = JSON.stringify({
      name: 'app',
      dependencies: { '@repo/common': 'workspace:*', zod: '4.0.0', shared: 'file:../shared' },
      devDependencies: { tools: 'link:../tools', rel: './vendor/rel', bad: 3 },
    });
    assert.deepEqual(localDependencies(manifest), [
      { name: '@repo/common', workspace: true },
      { name: 'zod', workspace: true },
      { name: 'shared', path: '../shared' },
      { name: 'tools', path: '../tools' },
      { name: 'rel', path: './vendor/rel' },
    ]);
  });

  const GLOBS: ReadonlyArray<readonly [string, string, string[] | undefined]> = [
    ['pnpm-workspace.yaml', "packages:\n  - 'apps/*'\n  - packages/**\n  - '!**/test/**'\n", ['apps/*', 'packages/**']],
    ['package.json', '{ "workspaces": ["libs/*", "app"] }', ['libs/*', 'app']],
    ['package.json', '{ "workspaces": { "packages": ["p/*"], "nohoist": ["x"] } }', ['p/*']],
    // A plain package, a broken file, hostile YAML: no workspace, no throw.
    ['package.json', '{ "name": "plain" }', undefined],
    ['package.json', '{ "workspaces": ', undefined],
    ['pnpm-workspace.yaml', 'packages: [a, *b]', undefined],
    ['pnpm-workspace.yaml', 'a: &x [1]\nb: [*x, *x]\npackages: [c]', undefined],
    ['pnpm-workspace.yaml', '', undefined],
    ['Cargo.toml', '[workspace]', undefined],
  ];
  for (const [file, text, expected] of GLOBS) {
    test(`workspace globs of ${file}: ${JSON.stringify(text).slice(0, 50)}`, () => {
      assert.deepEqual(workspaceGlobs(file, text), expected);
    });
  }

  test("a package's own name, when it has one", () => {
    assert.equal(packageNameOf('{ "name": "@repo/common" }'), '@repo/common');
    assert.equal(packageNameOf('{ "name": 3 }'), undefined);
    assert.equal(packageNameOf('[]'), undefined);
    assert.equal(packageNameOf('nope'), undefined);
  });
});
