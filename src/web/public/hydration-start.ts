// When the page's script may fetch the rest of itself (entry-client.tsx): once the hero picture is on
// screen, so React and the page's components do not share a phone's bandwidth with it.

/**
 * Where the browser does not report the largest paint (Safari), or paints nothing (a hidden tab): the
 * time after the picture has loaded by which it has surely been painted.
 */
const PAINTED_AFTER_LOAD_MS = 500;

/**
 * Runs `start` once: when the browser reports the page's priority picture (the hero's
 * `fetchpriority="high"` image) as painted, at the latest PAINTED_AFTER_LOAD_MS after it loaded, at
 * once if it failed to load or the page has none (the legal pages).
 */
export function afterPriorityImagePainted(start: () => void, doc: Document = document): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  const picture = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!picture) return startOnce();
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    const observer = new PerformanceObserver((list) => {
      const painted = list
        .getEntries()
        .some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === picture);
      if (!painted) return;
      observer.disconnect();
      // After the frame with the picture, not inside it.
      setTimeout(startOnce, 0);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const loaded = () => setTimeout(startOnce, PAINTED_AFTER_LOAD_MS);
  if (picture.complete) {
    loaded();
    return;
  }
  picture.addEventListener('load', loaded, { once: true });
  picture.addEventListener('error', startOnce, { once: true });
}
