// When the consent banner appears, counted from the page's load event (2 s after load,
// docs/product.md#constants), in Debian's Chromium without any throttling: a fresh visitor (no cookie choice)
// per run.
import { launchBrowser } from '../../scripts/lib/chromium.ts';
import { median } from './lighthouse-audit.ts';

export interface BannerTiming {
  /** Median of the runs, ms after the load event. */
  afterLoad: number;
  /** Median of the runs, ms after navigation start. */
  afterStart: number;
  runs: number[];
}

export async function measureBanner(url: string, runs = 5): Promise<BannerTiming> {
  const browser = await launchBrowser();
  const afterLoad: number[] = [];
  const afterStart: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      await page.addInitScript(() => {
        new MutationObserver((_records, observer) => {
          if (!document.querySelector('[aria-labelledby="cookie-consent-title"]')) return;
          (window as unknown as { bannerAt: number }).bannerAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(url);
      await page.waitForFunction(() => 'bannerAt' in window, undefined, { timeout: 15_000 });
      const timing = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return {
          bannerAt: (window as unknown as { bannerAt: number }).bannerAt,
          load: navigation!.loadEventStart,
        };
      });
      afterLoad.push(timing.bannerAt - timing.load);
      afterStart.push(timing.bannerAt);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { afterLoad: median(afterLoad), afterStart: median(afterStart), runs: afterLoad };
}
