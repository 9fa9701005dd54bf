// @vitest-environment happy-dom
// Hydration waits for the hero picture to be on screen (issue 18), and never waits forever.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPriorityImagePainted } from './hydration-start.ts';

/** A page with the hero's priority picture, still loading unless `complete`. */
function pageWithPicture(complete = false): HTMLImageElement {
  document.body.innerHTML = '<img fetchpriority="high" src="/hero.jpg" alt=""><img src="/other.jpg" alt="">';
  const picture = document.querySelector('img')!;
  Object.defineProperty(picture, 'complete', { value: complete, configurable: true });
  return picture;
}

/** A browser that reports largest paints; `paint(element)` reports one. */
function reportsLargestPaints() {
  let report: ((list: { getEntries: () => unknown[] }) => void) | undefined;
  const disconnect = vi.fn();
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(callback: typeof report) {
      report = callback;
    }
    observe() {}
    disconnect = disconnect;
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: (element: Element) => report?.({ getEntries: () => [{ element }] }),
    disconnect,
  };
}

describe('hydration starts once the hero picture is painted', () => {
  const start = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    start.mockClear();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes: string[] = [];
      },
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts at once on a page without a priority picture (the legal pages)', () => {
    document.body.innerHTML = '<img src="/logo.png" alt="">';
    afterPriorityImagePainted(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts right after the browser reports the picture painted, and only once', () => {
    const browser = reportsLargestPaints();
    const picture = pageWithPicture();
    afterPriorityImagePainted(start);
    browser.paint(document.querySelectorAll('img')[1]!); // another element: not yet
    vi.runOnlyPendingTimers();
    expect(start).not.toHaveBeenCalled();

    browser.paint(picture);
    expect(start).not.toHaveBeenCalled(); // not inside the painting frame
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    expect(browser.disconnect).toHaveBeenCalled();

    picture.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(10_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('without paint reports (Safari), starts 500 ms after the picture has loaded', () => {
    const picture = pageWithPicture();
    afterPriorityImagePainted(start);
    vi.advanceTimersByTime(5000);
    expect(start).not.toHaveBeenCalled();

    picture.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(499);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts soon when the picture had already loaded, and at once when it failed', () => {
    pageWithPicture(true);
    afterPriorityImagePainted(start);
    vi.advanceTimersByTime(500);
    expect(start).toHaveBeenCalledTimes(1);

    start.mockClear();
    const broken = pageWithPicture();
    afterPriorityImagePainted(start);
    broken.dispatchEvent(new Event('error'));
    expect(start).toHaveBeenCalledTimes(1);
  });
});
