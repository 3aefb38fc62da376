// Pointing at things in the workbench with the real mouse. Editor decorations (squiggles) cannot
// be hovered or clicked through a locator: the text layer above them takes the pointer events,
// and the editor decides what is hovered from the mouse position alone.
import type { Page } from 'playwright-core';
import { waitForText } from './browser.js';
import { waitFor } from './deadline.js';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Moves the mouse to the centre of the first element matching `selector` and returns that point. */
export async function moveMouseToCentre(page: Page, selector: string, timeoutMs = 10_000): Promise<Point> {
  const box = await waitFor(
    `a bounding box for ${selector}`,
    // boundingBox() is null while the element is not rendered: "not yet", not an answer.
    async () => (await page.locator(selector).first().boundingBox()) ?? undefined,
    { timeoutMs, intervalMs: 100 },
  );
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  return centre;
}

/**
 * Hovers `target` (the centre of the first element matching a selector, or a point) until a
 * visible hover contains `text`. A hover that opened without it (the first hover request after
 * the language server starts can come back empty, and VS Code does not ask again while the mouse
 * stays put) is closed by moving the mouse away, and asked for again, until the deadline.
 */
export async function hoverUntilText(
  page: Page,
  target: string | Point,
  text: string,
  timeoutMs: number,
  what: string,
): Promise<void> {
  await waitFor(
    what,
    async () => {
      await page.mouse.move(2, 2);
      if (typeof target === 'string') await moveMouseToCentre(page, target);
      else await page.mouse.move(target.x, target.y);
      // `:visible`: a closed hover stays in the DOM, and innerText of a hidden element is its text.
      await waitForText(page, '.monaco-hover:visible', text, 4_000, `"${text}" in the hover`);
      return true;
    },
    {
      timeoutMs,
      intervalMs: 0,
      seen: async () =>
        `visible hover: ${JSON.stringify(
          await page
            .locator('.monaco-hover:visible')
            .allInnerTexts()
            .catch(() => []),
        )}`,
    },
  );
}
