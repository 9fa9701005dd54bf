// When the page's load event fired, on the clock timers use (Date.now()): the consent banner shows
// 2 s after it (SPEC §9), and a tab's events are as old as it (sections/next-events.tsx), whenever
// their islands happen to hydrate.

let loadedAt: number | undefined;

/** Called by the page's entry script, which runs before the load event. */
export function watchPageLoad(win: Window = window): void {
  if (win.document.readyState === 'complete') loadedAt ??= Date.now();
  else win.addEventListener('load', () => (loadedAt ??= Date.now()), { once: true });
}

/** When the load event fired; undefined before it, or where it is not watched (tests). */
export const pageLoadedAt = (): number | undefined => loadedAt;

/**
 * Runs `run` `ms` after the load event: at once if that is past; once it fires if it has not yet; from
 * now where the load event is not watched. Returns a cancel.
 */
export function afterPageLoad(ms: number, run: () => void, win: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (from: number) => {
    timer = setTimeout(run, Math.max(0, from + ms - Date.now()));
  };
  if (loadedAt !== undefined || win.document.readyState === 'complete') {
    schedule(loadedAt ?? Date.now());
    return () => clearTimeout(timer);
  }
  const onLoad = () => schedule(loadedAt ?? Date.now());
  win.addEventListener('load', onLoad, { once: true });
  return () => {
    win.removeEventListener('load', onLoad);
    clearTimeout(timer);
  };
}

/** For tests: a page that has not loaded yet. */
export function forgetPageLoad(): void {
  loadedAt = undefined;
}
