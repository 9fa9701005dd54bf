// When the page's load event fired, on the clock timers use (Date.now()): the consent banner shows
// 2 s after it (consent/consent-store.ts), and a tab's events are as old as the page
// (sections/next-events.tsx), however long after it their islands hydrate.

let loadedAt: number | undefined;

/** Called by the page's entry script, which runs before the load event. */
export function watchPageLoad(win: Window = window): void {
  if (win.document.readyState === 'complete') loadedAt ??= Date.now();
  else win.addEventListener('load', () => (loadedAt ??= Date.now()), { once: true });
}

/** When the load event fired; undefined before it, or where it is not watched (tests). */
export const pageLoadedAt = (): number | undefined => loadedAt;

/** For tests: a page that has not loaded yet. */
export function forgetPageLoad(): void {
  loadedAt = undefined;
}
