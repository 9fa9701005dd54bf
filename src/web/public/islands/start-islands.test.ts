// @vitest-environment happy-dom
// Issue 27: each island hydrates at its own moment — at start once the hero is painted, when it comes
// near the screen, when the visitor comes back to the tab, or on the first interaction — and nothing
// hydrates before the hero picture is painted unless the visitor acts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const hydrated: string[] = [];
let paint: () => void = () => undefined;
let nearViewport: ((entries: { isIntersecting: boolean }[]) => void) | undefined;

vi.mock('./islands.ts', () => {
  const component = () => Promise.resolve(() => null);
  const islands = {
    banner: { when: 'start', load: component },
    events: { when: 'return', load: component },
    carousel: { when: 'visible', load: component },
    player: { when: 'interaction', load: component },
  };
  return { ISLANDS: islands, isIslandName: (name: string) => name in islands };
});
vi.mock('./hydrate-island.tsx', () => ({
  hydrateIsland: (_element: HTMLElement, name: string, _component: unknown, done: () => void) => {
    hydrated.push(name);
    done();
  },
}));
vi.mock('../hydration-start.ts', () => ({
  afterPriorityImagePainted: (start: () => void) => {
    paint = start;
  },
}));

const { startIslands } = await import('./start-islands.ts');

/** Lets the dynamic imports and hydrations settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('when islands hydrate', () => {
  beforeEach(() => {
    hydrated.length = 0;
    nearViewport = undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof nearViewport) {
          nearViewport = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    document.body.innerHTML =
      '<div data-island="banner" class="contents"></div>' +
      '<div data-island="events" class="contents"><section>Events</section></div>' +
      '<div data-island="carousel" class="contents"><ul><li><button>Photo</button></li></ul></div>' +
      '<div data-island="player" class="contents"><button>Play</button></div>' +
      '<div data-island="form" class="contents"><form><fieldset disabled data-enabled-by-page-script>' +
      '<input name="name"></fieldset></form></div>';
    startIslands(document);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('hydrates the start islands once the hero is painted, then enables the form for the visitor', async () => {
    await settle();
    expect(hydrated).toEqual([]);
    expect(document.querySelector('fieldset')!.disabled).toBe(true);
    paint();
    await settle();
    expect(hydrated).toEqual(['banner']);
    expect(document.querySelector('fieldset')!.disabled).toBe(false);
  });

  it('marks each island where its hydration stands, and tells the document when one is live', async () => {
    const live: string[] = [];
    const onHydrated = () => live.push('live');
    document.addEventListener('island-hydrated', onHydrated);
    const island = (name: string) => document.querySelector<HTMLElement>(`[data-island="${name}"]`)!;
    paint();
    expect(island('banner').dataset.hydration).toBe('started');
    await settle();
    expect(island('banner').dataset.hydration).toBe('done');
    expect(island('carousel').dataset.hydration).toBeUndefined();
    expect(live).toEqual(['live']);
    document.removeEventListener('island-hydrated', onHydrated);
  });

  it('hydrates an island near the screen only after the hero is painted', async () => {
    expect(nearViewport).toBeUndefined();
    paint();
    nearViewport!([{ isIntersecting: false }]);
    await settle();
    expect(hydrated).not.toContain('carousel');
    nearViewport!([{ isIntersecting: true }]);
    await settle();
    expect(hydrated).toContain('carousel');
  });

  it('hydrates the events when the visitor comes back to the tab', async () => {
    paint();
    await settle();
    expect(hydrated).not.toContain('events');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(hydrated).toContain('events');
  });

  it('hydrates an island on the first tap on it, even before the hero is painted, and then taps it', async () => {
    const play = document.querySelector<HTMLButtonElement>('[data-island=player] button')!;
    const taps = vi.fn();
    play.addEventListener('click', taps);
    play.click();
    expect(taps).not.toHaveBeenCalled();
    await settle();
    expect(hydrated).toEqual(['player']);
    expect(taps).toHaveBeenCalledTimes(1);
  });
});
