// VS Code for the Web, end to end: the packaged .vsix installed into a fresh code-server, the user
// setting `remote.extensionKind` moving toolwire into the browser's web worker extension host
// (its `browser` entry, dist/browser/client.js, with the server in a web worker of its own), and
// the same API-level cases as the Node host's suite run against it (exthost/web.ts).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { bundleTestModule } from '../harness/bundle.js';
import { reportCases } from '../harness/caseResults.js';
import { createProfile, installExtension, startCodeServer } from '../harness/codeServer.js';
import { tail } from '../harness/deadline.js';
import { E2E_DIR, packagedVsixPath } from '../harness/paths.js';
import { requirePrerequisites, skipUnlessAvailable, type Need } from '../harness/prerequisites.js';
import { copyFixture, withScratch } from '../harness/scratch.js';

const NEEDS: readonly Need[] = ['code-server', 'chromium', 'vsix'];
/** publisher.name of package.json. */
const EXTENSION_ID = 'toolwire.toolwire';

test('VS Code for the Web (code-server, web worker extension host): the packaged extension through the vscode API', {
  ...skipUnlessAvailable(NEEDS),
  timeout: 300_000,
}, async (t) => {
  requirePrerequisites(NEEDS);
  // Imported once the check passed: it drives Chromium through playwright-core.
  const { runExtensionHostTests } = await import('../harness/extensionHostTests.js');
  await withScratch('web-worker', async (scratch) => {
    const workspace = await copyFixture('workspace', scratch);
    const profile = await createProfile(scratch, { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } });
    await installExtension(profile, packagedVsixPath());
    const testsPath = await bundleTestModule(
      path.join(E2E_DIR, 'tests', 'exthost', 'web.ts'),
      path.join(scratch, 'exthost-web-suite.cjs'),
    );
    const server = await startCodeServer(profile);
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
        `--- extension host and workbench log ---\n${tail(result.logs.join('\n'), 120)}\n--- browser console ---\n${tail(result.pageLogs.join('\n'), 60)}\n--- code-server ---\n${server.output(40)}`,
      );
      // Where toolwire ran: the web worker extension host's own log says it activated it, and
      // its output channel lives among that host's logs.
      const workerHost = result.vscodeLogs.find((l) => l.relativePath.endsWith('exthost/webWorker/workerexthost.log'));
      assert.ok(
        workerHost,
        `a web worker extension host ran; logs: ${result.vscodeLogs.map((l) => l.relativePath).join(', ')}`,
      );
      assert.match(
        workerHost.contents,
        new RegExp(`ExtensionService#_doActivateExtension ${EXTENSION_ID.replace('.', '\\.')}\\b`),
        `the web worker host activated ${EXTENSION_ID}:\n${tail(workerHost.contents, 60)}`,
      );
      assert.ok(
        result.vscodeLogs.some((l) => l.relativePath.endsWith(`exthost/webWorker/${EXTENSION_ID}/toolwire.log`)),
        "toolwire's output channel is a web worker host log",
      );
    } finally {
      await server.stop();
    }
  });
});
