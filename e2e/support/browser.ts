// The browser the e2e suite drives (scripts/lib/chromium.ts) and the viewports it looks through.
import type { BrowserContextOptions, Page } from 'playwright-core';

export { CHROMIUM_PATH, chromiumAvailable, launchBrowser } from '../../scripts/lib/chromium.ts';

// A UK visitor's and owner's language (navigator.language, Intl and Accept-Language say en-GB). The
// native date fields of headless Chromium still follow the browser's own language (mm/dd/yyyy in the
// screenshots): a context's locale does not reach them. The app formats every date itself.
const UK = { locale: 'en-GB' } as const;

export const PHONE: BrowserContextOptions = {
  ...UK,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
export const DESKTOP: BrowserContextOptions = { ...UK, viewport: { width: 1280, height: 800 } };

/** Every request the page makes to a host other than `origin` (third parties). */
export function recordForeignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

/**
 * Resolves once the page has drawn two frames since the call: what the last change caused — layout,
 * layout shifts, intersection observers' notices — has been worked out and delivered by then.
 */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
