// What the landing page's script says about itself (src/web/public/islands/start-islands.ts): each
// island's element carries data-hydration (started, then done), and the controls that work only with
// the page's script are enabled once the islands at start are live. Tests wait on these, not the clock.
import type { Page } from 'playwright-core';

/**
 * Waits until the page has settled: loaded, its fonts in, the islands at start live (the enquiry
 * form's fieldset is enabled then) and no island still hydrating — so what a test does next reaches
 * live components, and nothing is about to change the page's heights.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      document.fonts.status === 'loaded' &&
      document.querySelectorAll('[data-enabled-by-page-script]:disabled').length === 0 &&
      document.querySelectorAll('[data-island][data-hydration="started"]').length === 0,
  );
}

/** Waits until the island `name` has hydrated (a 'visible' island: once it has come near the screen). */
export async function islandLive(page: Page, name: string): Promise<void> {
  await page.locator(`[data-island="${name}"][data-hydration="done"]`).waitFor({ state: 'attached' });
}
