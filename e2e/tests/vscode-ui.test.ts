// One smoke test through VS Code's UI, as a user sees it: the packaged extension in code-server,
// driven in Chromium. Squiggle, Problems panel, hover, Ctrl+. quick fix, squiggle gone, with a
// screenshot of each step in .artefacts/e2e/ui/ (gitignored; CI can keep them as artefacts).
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
// Types only (erased): browser.js and mouse.js import playwright-core, which a machine without
// scripts/setup-e2e.sh lacks, so they are imported after the prerequisites check.
import type { Page } from 'playwright-core';
import { createProfile, installExtension, startCodeServer } from '../harness/codeServer.js';
import { tail } from '../harness/deadline.js';
import { ARTEFACTS_DIR, packagedVsixPath } from '../harness/paths.js';
import { requirePrerequisites, skipUnlessAvailable, type Need } from '../harness/prerequisites.js';
import { copyFixture, withScratch } from '../harness/scratch.js';

const NEEDS: readonly Need[] = ['code-server', 'chromium', 'vsix'];
const SHOTS = path.join(ARTEFACTS_DIR, 'ui');
const MANIFEST = '.well-known/agent-discovery.json';
const ERROR_SQUIGGLE = '.monaco-editor .squiggly-error';
/** Deadline of each step; the first also covers the extension's activation, slow on a busy machine. */
const STEP_MS = 30_000;
const FIRST_STEP_MS = 60_000;

test('VS Code UI in Chromium: squiggle, Problems, hover, Ctrl+. fix', {
  ...skipUnlessAvailable(NEEDS),
  timeout: 240_000,
}, async (t) => {
  requirePrerequisites(NEEDS);
  const { collectPageLogs, launchChromium, openWorkbench, screenshot } = await import('../harness/browser.js');
  await rm(SHOTS, { recursive: true, force: true });
  await withScratch('vscode-ui', async (scratch) => {
    const workspace = await copyFixture('ui', scratch);
    const profile = await createProfile(scratch);
    await installExtension(profile, packagedVsixPath());
    const server = await startCodeServer(profile);
    // Safety net: node:test runs `after` hooks when the test times out, while the body may still
    // hang; a live code-server or browser would keep this test file's process (and CI) waiting.
    t.after(() => server.stop());
    const context = await launchChromium(scratch, { viewport: { width: 1280, height: 800 } });
    t.after(() => context.close());
    let page: Page | undefined;
    let pageLogs: () => string[] = () => [];
    const started = Date.now();
    const shot = async (name: string): Promise<void> => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (page) t.diagnostic(`${seconds} s: screenshot ${await screenshot(page, SHOTS, name)}`);
    };
    try {
      page = await openWorkbench(context, server, { folder: workspace });
      pageLogs = collectPageLogs(page);
      await smokeSteps(page, shot);
    } catch (error) {
      await shot('failure').catch(() => undefined);
      if (error instanceof Error) {
        error.message += `\n--- browser console ---\n${tail(pageLogs().join('\n'), 30)}\n--- code-server ---\n${server.output(30)}`;
      }
      throw error;
    } finally {
      await context.close();
      await server.stop();
    }
  });
});

async function smokeSteps(page: Page, shot: (name: string) => Promise<void>): Promise<void> {
  const { openFileViaQuickOpen, waitForCount, waitForText } = await import('../harness/browser.js');
  const { hoverUntilText, moveMouseToCentre } = await import('../harness/mouse.js');
  await openFileViaQuickOpen(page, MANIFEST, FIRST_STEP_MS);

  // 1. The over-64 capability name gets the only error squiggle of the file.
  await waitForCount(page, ERROR_SQUIGGLE, (n) => n === 1, FIRST_STEP_MS, 'one error squiggle (not-invocable)');
  // The wire-name inlay hints are drawn in the text as well.
  await waitForText(
    page,
    '.monaco-editor .view-lines',
    '→ com-example-orders-get',
    STEP_MS,
    'the inlay hint with the wire name',
  );
  await shot('1-squiggle');

  // 2. The Problems panel lists it with toolwire's code.
  await page.keyboard.press('Control+Shift+M');
  await waitForText(
    page,
    '.markers-panel',
    'not-invocable',
    STEP_MS,
    'the not-invocable problem in the Problems panel',
  );
  await waitForText(page, '.markers-panel', "over ADS-2's 64", STEP_MS, 'the problem message in the Problems panel');
  await shot('2-problems-panel');

  // 3. Hovering the squiggle shows the diagnostic and toolwire's hover with the wire name.
  await hoverUntilText(page, ERROR_SQUIGGLE, 'Wire name: none', STEP_MS, "toolwire's hover on the capability name");
  await waitForText(
    page,
    '.monaco-hover:visible',
    'clients MUST treat the capability as not invocable',
    STEP_MS,
    'the diagnostic in the hover',
  );
  await shot('3-hover');

  // 4. Ctrl+. in the name offers "Add invocationName"; choose it. The Problems panel took the
  // focus, so click into the name first (that also puts the cursor on the diagnostic).
  await page.keyboard.press('Escape');
  const at = await moveMouseToCentre(page, ERROR_SQUIGGLE);
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press('Control+.');
  const fix = 'Add invocationName "fulfilment-warehouse-operations-reserve-inventory-for-order"';
  await waitForText(page, '.action-widget', fix, STEP_MS, 'the quick-fix menu with Add invocationName');
  await shot('4-quick-fix-menu');
  // Apply it with the keyboard, as from Ctrl+. (a click on the row is intercepted by the context
  // view's pointer block while the menu animates in). It is the only and the preferred fix, so
  // the menu opens with it focused; check that rather than assume it.
  await waitForText(
    page,
    '.action-widget .monaco-list-row.focused',
    'Add invocationName',
    STEP_MS,
    'the fix to be the focused menu entry',
  );
  await page.keyboard.press('Enter');

  // 5. The fix is in the text, the squiggle and the problem are gone.
  await waitForText(
    page,
    '.monaco-editor .view-lines',
    '"invocationName": "fulfilment-warehouse-operations-reserve-inventory-for-order"',
    STEP_MS,
    'the inserted invocationName',
  );
  await waitForCount(page, ERROR_SQUIGGLE, (n) => n === 0, STEP_MS, 'the error squiggle to disappear');
  await waitForText(page, '.markers-panel', 'No problems have been detected', STEP_MS, 'an empty Problems panel');
  assert.equal(await page.locator('.monaco-editor .squiggly-warning').count(), 0, 'no warning squiggles either');

  // A hover opened before the edit may linger; hover the name afresh: it must tell the new story.
  // The squiggle is gone; the name is still where it was clicked (the fix adds a line below it).
  await page.keyboard.press('Escape');
  await hoverUntilText(
    page,
    at,
    'Wire name: fulfilment-warehouse-operations-reserve-inventory-for-order',
    STEP_MS,
    'a hover with the new wire name',
  );
  await shot('5-fixed');
}
