// Driving the code-server workbench in Debian's chromium through playwright-core. Playwright's own
// browser builds cannot be downloaded on these machines, and Debian's chromium is new enough for
// its CDP client.
import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { CodeServer } from './codeServer.js';
import { waitFor } from './deadline.js';
import { CHROMIUM_EXECUTABLE } from './paths.js';

/** Flags that keep a headless chromium quiet and offline (no sandbox: CI runs as root). */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

export interface LaunchOptions {
  viewport?: { width: number; height: number };
  /** Deadline for the browser to come up. */
  timeoutMs?: number;
}

/** Launches chromium with a fresh profile folder made under `scratchDir`. Close the context when done. */
export async function launchChromium(scratchDir: string, options: LaunchOptions = {}): Promise<BrowserContext> {
  await mkdir(scratchDir, { recursive: true });
  const profileDir = await mkdtemp(path.join(path.resolve(scratchDir), 'chromium-profile-'));
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: options.viewport ?? { width: 1280, height: 800 },
    timeout: options.timeoutMs ?? 30_000,
  });
}

/**
 * Everything the page says: console messages and uncaught errors, in order. Returns an accessor
 * so failure messages can include it.
 */
export function collectPageLogs(page: Page): () => string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`[console.${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => lines.push(`[pageerror] ${error.stack ?? error.message}`));
  return () => [...lines];
}

export interface OpenWorkbenchOptions {
  /** Absolute folder on the server to open. */
  folder: string;
  payload?: ReadonlyArray<readonly [string, string]>;
  timeoutMs?: number;
}

/** Opens the workbench in a new page and waits until its explorer shows the folder. */
export async function openWorkbench(
  context: BrowserContext,
  server: CodeServer,
  options: OpenWorkbenchOptions,
): Promise<Page> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const page = await context.newPage();
  await page.goto(server.workbenchUrl({ folder: options.folder, payload: options.payload }), { timeout: timeoutMs });
  // The explorer's root label (the folder name) appears once the remote connection and the
  // workspace are up; the bare .monaco-workbench element exists long before that.
  const folderName = path.basename(options.folder).toUpperCase();
  await waitForText(
    page,
    '.explorer-folders-view, .pane-header',
    folderName,
    timeoutMs,
    'the explorer to show the folder',
  );
  return page;
}

/** Opens a file of the workspace through Quick Open (Ctrl+P), as a user would. */
export async function openFileViaQuickOpen(page: Page, relativePath: string, timeoutMs = 30_000): Promise<void> {
  await page.locator('.monaco-workbench').click({ position: { x: 640, y: 400 } });
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: timeoutMs });
  await input.fill(relativePath);
  const fileName = path.basename(relativePath);
  // Enter only once the file is among the results: the index fills in asynchronously.
  await waitForText(page, '.quick-input-list', fileName, timeoutMs, `Quick Open to list ${relativePath}`);
  await page.keyboard.press('Enter');
  await waitForText(page, '.tabs-container .tab.active', fileName, timeoutMs, `an editor tab for ${fileName}`);
}

/** Waits until some element matching `selector` contains `text`; on timeout reports what was there. */
export async function waitForText(
  page: Page,
  selector: string,
  text: string,
  timeoutMs: number,
  what?: string,
): Promise<void> {
  // The editor renders spaces as U+00A0; compare with plain spaces so callers can write "a b".
  const texts = async (): Promise<string[]> =>
    (await page.locator(selector).allInnerTexts()).map((t) => t.replace(/\u00a0/g, ' '));
  await waitFor(what ?? `"${text}" in ${selector}`, async () => (await texts()).some((t) => t.includes(text)), {
    timeoutMs,
    intervalMs: 200,
    seen: async () => {
      const found = await texts().catch((error: unknown) => [`(error reading ${selector}: ${String(error)})`]);
      const body = await page
        .locator('body')
        .innerText()
        .catch(() => '(no body)');
      return `${selector}: ${JSON.stringify(found)}\nvisible page text:\n${body.slice(0, 3000)}`;
    },
  });
}

/** Saves a full-page PNG to `<artifactsDir>/<name>.png` and returns its path. */
export async function screenshot(page: Page, artifactsDir: string, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(path.resolve(artifactsDir), `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Waits until the number of elements matching `selector` satisfies `accept`; returns it. */
export async function waitForCount(
  page: Page,
  selector: string,
  accept: (count: number) => boolean,
  timeoutMs: number,
  what: string,
): Promise<number> {
  return waitFor(
    what,
    async () => {
      const count = await page.locator(selector).count();
      // 0 is a valid answer: wrap it so waitFor does not read it as "not yet".
      return accept(count) ? { count } : undefined;
    },
    {
      timeoutMs,
      intervalMs: 200,
      seen: async () => {
        const count = await page
          .locator(selector)
          .count()
          .catch(() => -1);
        const body = await page
          .locator('body')
          .innerText()
          .catch(() => '(no body)');
        return `${count} × ${selector}\nvisible page text:\n${body.slice(0, 3000)}`;
      },
    },
  ).then((found) => found.count);
}
