// The public pages' islands (issue 27, docs/decisions/0439): the parts of a server-rendered page that
// need script, each hydrated as a React root of its own, when it is needed. Everything else on the
// page is HTML and CSS that ships and runs no component code. This list is read by the page's small
// entry script, so it holds only names, moments and dynamic imports: each island's code is a chunk
// fetched when the island hydrates.
import type { ComponentType } from 'react';

/**
 * When an island hydrates. Every island also hydrates on the visitor's first interaction with it (a
 * click, focus or submit in it, replayed once it has hydrated).
 * - start: once the hero picture is painted (at once on a page without one): the consent banner,
 *   which must show 2 s after load, and what it and the other islands lean on;
 * - visible: when it comes within a screen of the viewport;
 * - return: when the visitor comes back to the tab (a tab left open may need fresh content);
 * - interaction: only on the first interaction.
 */
export type HydrateWhen = 'start' | 'visible' | 'return' | 'interaction';

/** The islands hydrated at start come in one chunk, with React. */
const atStart = () => import('./at-start.ts');

export const ISLANDS = {
  consent: { when: 'start', load: () => atStart().then((m) => m.ConsentRoot) },
  toasts: { when: 'start', load: () => atStart().then((m) => m.ToastHost) },
  'cookie-settings': { when: 'start', load: () => atStart().then((m) => m.CookieSettingsButton) },
  'hero-video': { when: 'start', load: () => atStart().then((m) => m.HeroVideo) },
  'opens-at-top': { when: 'start', load: () => atStart().then((m) => m.OpensAtTop) },
  'next-events': {
    when: 'return',
    load: () => import('../sections/next-events.tsx').then((m) => m.NextEvents),
  },
  'action-carousel': {
    when: 'visible',
    load: () => import('../sections/action-carousel.tsx').then((m) => m.ActionCarousel),
  },
  'video-gallery': {
    when: 'interaction',
    load: () => import('../sections/video-gallery.tsx').then((m) => m.VideoGallery),
  },
  'enquiry-form': {
    when: 'visible',
    load: () => import('../enquiry-form/enquiry-form.tsx').then((m) => m.EnquiryForm),
  },
} as const;

// Each island is hydrated at one of the moments above, from a component its chunk exports.
ISLANDS satisfies Record<string, { when: HydrateWhen; load: () => Promise<unknown> }>;

export type IslandName = keyof typeof ISLANDS;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof ISLANDS)[N]['load']>>;
export type IslandProps<N extends IslandName> =
  IslandComponent<N> extends ComponentType<infer P> ? (unknown extends P ? object : P) : never;

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(ISLANDS, name);
