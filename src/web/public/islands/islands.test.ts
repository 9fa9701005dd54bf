// @vitest-environment happy-dom
// Issue 27: each public page is server-rendered whole, and the browser hydrates only its islands,
// each as a root of its own. Each island's markup must be exactly what its root renders in the
// browser (React reports any difference, useId's ids included), and the browser must fetch the same
// component the server rendered. Issue 38: every page is checked — the landing page, the two legal
// pages and the 404 page — and the islands read the page's content from its data, written once.
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

/** On every page: the cookie banner, its button in the footer, and where toasts appear. */
const EVERY_PAGE: IslandName[] = ['consent', 'cookie-settings', 'toasts'];
const LEGAL_PAGE: IslandName[] = [...EVERY_PAGE, 'opens-at-top'];

/** Each page (the 404 page answers any other path) and its islands, in the order of the page. */
const PAGE_ISLANDS: Record<string, IslandName[]> = {
  '/': [
    'consent',
    'hero-video',
    'next-events',
    'action-carousel',
    'video-gallery',
    'enquiry-form',
    'cookie-settings',
    'toasts',
  ],
  '/legal-notice': LEGAL_PAGE,
  '/privacy-policy': LEGAL_PAGE,
  '/no-such-page': EVERY_PAGE,
};

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('islands', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it.each(Object.entries(PAGE_ISLANDS))(
    'renders each interactive part of %s as an island',
    (path, expected) => {
      const names = servePage(path).map(islandName);
      expect(names.sort()).toEqual([...expected].sort());
      // The static parts around them are plain markup: the header, the page's heading, the footer's links.
      expect(document.querySelector(`header [${ISLAND_ATTRIBUTE}]`)).toBeNull();
      expect(document.querySelector('h1')?.closest(`[${ISLAND_ATTRIBUTE}]`)).toBeNull();
      expect(
        document.querySelector(`footer a[${ISLAND_ATTRIBUTE}], footer [${ISLAND_ATTRIBUTE}] a`),
      ).toBeNull();
    },
  );

  it('writes the photos and clips into the page once: in its data, not again as island props', () => {
    servePage('/');
    const props = [...document.querySelectorAll<HTMLElement>('[data-props]')].map((element) => ({
      island: element.dataset.island,
      props: JSON.parse(element.dataset.props!) as unknown,
    }));
    // The one island with props is given a style, not content.
    expect(props).toEqual([{ island: 'cookie-settings', props: { className: expect.any(String) } }]);
    // Everything the page carries as JSON: its data, and each island's props (as the browser reads them).
    const written = [
      document.getElementById(PAGE_DATA_ELEMENT_ID)!.textContent,
      ...[...document.querySelectorAll<HTMLElement>('[data-props]')].map((element) => element.dataset.props),
    ].join('\n');
    for (const item of [...TEST_PAGE_DATA.gallery, ...TEST_PAGE_DATA.videos])
      expect(occurrences(written, JSON.stringify(item)), `${item.id} ${item.title}`).toBe(1);
  });

  it('hydrates each island of each page without a single mismatch', async () => {
    const problems = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const path of Object.keys(PAGE_ISLANDS)) {
      const islands = servePage(path);
      expect(islands.length, path).toBe(PAGE_ISLANDS[path]!.length);
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
