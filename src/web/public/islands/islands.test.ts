// @vitest-environment happy-dom
// Issue 27: the landing page is server-rendered whole, and the browser hydrates only its islands,
// each as a root of its own. Each island's markup must be exactly what its root renders in the
// browser (React reports any difference, useId's ids included), and the browser must fetch the same
// component the server rendered.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '#shared/page-data.ts';
import { render } from '../entry-server.tsx';
import { hydrateIsland } from './hydrate-island.tsx';
import { ISLAND_COMPONENTS } from './island-components.ts';
import { ISLAND_ATTRIBUTE } from './island-markup.ts';
import { ISLANDS, isIslandName, type IslandName } from './islands.ts';
import { TEST_PAGE_DATA } from './test-page-data.ts';

/** The page as the server sends it: its markup and its embedded data. */
function servePage(path: string) {
  const { body } = render(path, TEST_PAGE_DATA);
  document.body.innerHTML =
    `<div id="root">${body}</div>` +
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${JSON.stringify(TEST_PAGE_DATA)}</script>`;
  return [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
}

const islandName = (element: HTMLElement): IslandName => {
  const name = element.dataset.island;
  if (!isIslandName(name)) throw new Error(`not an island: ${name}`);
  return name;
};

describe('islands', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('renders every interactive part of the landing page as an island, and nothing else', () => {
    const names = servePage('/').map(islandName);
    expect(names.sort()).toEqual(
      [
        'consent',
        'hero-video',
        'next-events',
        'action-carousel',
        'video-gallery',
        'enquiry-form',
        'cookie-settings',
        'toasts',
      ].sort(),
    );
    // The static sections around them are plain markup: the header, the hero's text, the footer.
    expect(document.querySelector(`header [${ISLAND_ATTRIBUTE}]`)).toBeNull();
    expect(document.querySelector(`#top h1`)?.closest(`[${ISLAND_ATTRIBUTE}]`)).toBeNull();
  });

  it('hydrates each island of each page without a single mismatch', async () => {
    const problems = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const path of ['/', '/privacy-policy']) {
      const islands = servePage(path);
      await Promise.all(
        islands.map(
          (element) =>
            new Promise<void>((resolve) => {
              const name = islandName(element);
              hydrateIsland(element, name, ISLAND_COMPONENTS[name] as never, resolve);
            }),
        ),
      );
      expect(
        problems.mock.calls.map((call) => String(call[0])),
        path,
      ).toEqual([]);
      // The enquiry form's ids (useId) are its island's own.
      if (path === '/') expect(document.querySelector('input[name="name"]')?.id).toContain('enquiry-form-');
    }
  });

  it('fetches in the browser the very component the server rendered', async () => {
    for (const name of Object.keys(ISLANDS) as IslandName[])
      expect(await ISLANDS[name].load(), name).toBe(ISLAND_COMPONENTS[name]);
  });
});
