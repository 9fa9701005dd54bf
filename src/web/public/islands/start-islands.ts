// The page's script (entry-client.tsx): finds the islands in the server-rendered page and hydrates
// each when islands.ts says, or on the visitor's first interaction with it. React and an island's
// code are fetched only then, and never before the hero picture is painted (decision 0429): until
// then the page works as it does without script.
import type { ComponentType } from 'react';
import { afterPriorityImagePainted } from '../hydration-start.ts';
import { holdInteractions } from './held-interactions.ts';
import { ENABLED_BY_PAGE_SCRIPT, ISLAND_ATTRIBUTE, ISLAND_HYDRATED_EVENT } from './island-markup.ts';
import { ISLANDS, isIslandName, type IslandName } from './islands.ts';
import { watchPageLoad } from './page-loaded.ts';

/** Within a screen's height of the viewport counts as visible: hydrated before it is reached. */
const NEAR_VIEWPORT = '100% 0px';

async function hydrateNow(element: HTMLElement, name: IslandName): Promise<void> {
  const [{ hydrateIsland }, Component] = await Promise.all([
    import('./hydrate-island.tsx'),
    ISLANDS[name].load(),
  ]);
  await new Promise<void>((resolve) =>
    hydrateIsland(element, name, Component as ComponentType<object>, resolve),
  );
}

/**
 * The island's hydration, started once (again after a failed download, on the next try). Its element
 * says where it stands (`data-hydration`: started, then done) — what a test waits on — and the
 * document hears ISLAND_HYDRATED_EVENT once it is live (a page opened at a place keeps its place).
 */
function islandHydration(element: HTMLElement, name: IslandName) {
  let hydration: Promise<void> | undefined;
  const held = holdInteractions(element, () => void hydrate());
  function hydrate(): Promise<void> {
    if (hydration) return hydration;
    element.dataset.hydration = 'started';
    hydration = hydrateNow(element, name).then(
      () => {
        element.dataset.hydration = 'done';
        held.release();
        element.ownerDocument.dispatchEvent(new Event(ISLAND_HYDRATED_EVENT));
      },
      (error: unknown) => {
        hydration = undefined;
        delete element.dataset.hydration;
        throw error;
      },
    );
    return hydration;
  }
  return hydrate;
}

/** Calls `hydrate` once any of the island's elements comes near the viewport. */
function whenNearViewport(element: HTMLElement, hydrate: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      hydrate();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  // The island's own element has no box (display: contents): its children do.
  for (const child of element.children) observer.observe(child);
}

/** Calls `hydrate` once the visitor comes back to the tab (or to the page from the back button). */
function whenVisitorReturns(hydrate: () => void): void {
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onVisibility);
    hydrate();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pageshow', (event) => event.persisted && hydrate());
}

export function startIslands(doc: Document = document): void {
  watchPageLoad();
  const atStart: Promise<void>[] = [];
  const whenPainted: (() => void)[] = [];
  for (const element of doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = element.dataset.island;
    if (!isIslandName(name)) continue;
    const hydrate = islandHydration(element, name);
    const quietly = () => void hydrate().catch(() => undefined);
    const { when } = ISLANDS[name];
    if (when === 'start') whenPainted.push(() => atStart.push(hydrate()));
    else if (when === 'visible') whenPainted.push(() => whenNearViewport(element, quietly));
    else if (when === 'return') whenVisitorReturns(quietly);
  }
  afterPriorityImagePainted(() => {
    whenPainted.forEach((start) => start());
    void Promise.all(atStart).then(
      () => {
        for (const control of doc.querySelectorAll<HTMLFieldSetElement>(`[${ENABLED_BY_PAGE_SCRIPT}]`))
          control.disabled = false;
      },
      () => undefined,
    );
  }, doc);
}
