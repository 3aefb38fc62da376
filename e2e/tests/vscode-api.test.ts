// VS Code end to end, through its extension API: the packaged .vsix installed into a fresh
// code-server (VS Code 1.100.3), a copy of e2e/fixtures/workspace opened, and the cases of
// exthost/ run inside the real Node extension host. Each case comes back as a subtest.
import path from 'node:path';
import { test } from 'node:test';
import { bundleTestModule } from '../harness/bundle.js';
import { reportCases } from '../harness/caseResults.js';
import { createProfile, installExtension, startCodeServer } from '../harness/codeServer.js';
import { tail } from '../harness/deadline.js';
import { E2E_DIR, packagedVsixPath, REPO_ROOT } from '../harness/paths.js';
import { requirePrerequisites, skipUnlessAvailable, type Need } from '../harness/prerequisites.js';
import { copyFixture, withScratch } from '../harness/scratch.js';

const NEEDS: readonly Need[] = ['code-server', 'chromium', 'vsix'];

test('VS Code (code-server): the packaged extension through the vscode API', {
  ...skipUnlessAvailable(NEEDS),
  timeout: 300_000,
}, async (t) => {
  requirePrerequisites(NEEDS);
  // Imported once the check passed: it drives Chromium through playwright-core, which a machine
  // without scripts/setup-e2e.sh lacks.
  const { runExtensionHostTests } = await import('../harness/extensionHostTests.js');
  await withScratch('vscode-api', async (scratch) => {
    const workspace = await copyFixture('workspace', scratch);
    const profile = await createProfile(scratch);
    await installExtension(profile, packagedVsixPath());
    const testsPath = await bundleTestModule(
      path.join(E2E_DIR, 'tests', 'exthost', 'index.ts'),
      path.join(scratch, 'exthost-suite.cjs'),
    );
    // The extension host inherits the server's environment: the installed case checks the
    // extension really came from this profile's extensions dir.
    // The commands case starts a real MCP server (the CLI tests' fixture) through Check MCP Servers.
    const server = await startCodeServer(profile, {
      env: {
        TOOLWIRE_E2E_EXTENSIONS_DIR: profile.extensionsDir,
        TOOLWIRE_E2E_MCP_SERVER: path.join(REPO_ROOT, 'test', 'fixtures', 'servers', 'stdio.mjs'),
      },
    });
    // Safety net: node:test runs `after` hooks when the test times out, while the body may still
    // hang; a live code-server would keep this test file's process (and CI) waiting.
    t.after(() => server.stop());
    try {
      const result = await runExtensionHostTests({
        server,
        testsPath,
        folder: workspace,
        scratchDir: scratch,
        timeoutMs: 240_000,
      });
      t.diagnostic(`extension-host run: ${(result.durationMs / 1000).toFixed(1)} s, exit code ${result.exitCode}`);
      await reportCases(
        t,
        result,
        `--- extension host and workbench log ---\n${tail(result.logs.join('\n'), 120)}\n--- code-server ---\n${server.output(40)}`,
      );
    } finally {
      await server.stop();
    }
  });
});
