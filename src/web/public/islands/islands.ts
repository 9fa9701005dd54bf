// The public pages' islands (issue 27, docs/decisions/0439): the parts of a server-rendered page that
// need script, each hydrated as a React root of its own, when it is needed. Everything else on the
// page is HTML and CSS that ships and runs no component code. This list is read by the page's small
// entry script, so it holds only names, moments and dynamic imports: each island's code is a chunk
// fetched when the island hydrates.
import type { ComponentType } from 'react';
import type { JsonObject } from './json.ts';

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

type IslandEntry = { when: HydrateWhen; load: () => unknown };

/** The props of the component an island's `load` gives (`object` for one that takes none). */
type PropsOfLoad<L> =
  Awaited<L extends () => infer R ? R : never> extends ComponentType<infer P>
    ? unknown extends P
      ? object
      : P
    : never;

/** An island whose props would not survive JSON must carry a field it cannot have: the error names it. */
type PropsMustBeJson<T extends Record<string, IslandEntry>> = {
  [N in keyof T]: [keyof PropsOfLoad<T[N]['load']>] extends [never]
    ? unknown
    : PropsOfLoad<T[N]['load']> extends JsonObject
      ? unknown
      : { propsMustBeJson: `the props of island "${N & string}" are not JSON (islands/json.ts)` };
};

/**
 * The registry as written, checked: each entry's component must take props that survive the page's
 * JSON (json.ts), so a Date or a callback among them fails `npm run typecheck` here, not in a browser.
 */
export const defineIslands = <const T extends Record<string, IslandEntry>>(
  islands: T & PropsMustBeJson<T>,
): T => islands;

/** The islands hydrated at start come in one chunk, with React. */
const atStart = () => import('./at-start.ts');

export const ISLANDS = defineIslands({
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
  // Near the screen, not on a first tap: the players' stills are set then (decision 0493).
  'video-gallery': {
    when: 'visible',
    load: () => import('../sections/video-gallery.tsx').then((m) => m.VideoGallery),
  },
  'enquiry-form': {
    when: 'visible',
    load: () => import('../enquiry-form/enquiry-form.tsx').then((m) => m.EnquiryForm),
  },
});

export type IslandName = keyof typeof ISLANDS;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof ISLANDS)[N]['load']>>;
export type IslandProps<N extends IslandName> = PropsOfLoad<(typeof ISLANDS)[N]['load']>;

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(ISLANDS, name);
