// Issue 38: an island's props reach the browser through JSON (island.tsx writes them, hydrate-island.tsx
// reads them back), so props that JSON would change must not type-check. The refusals below are checked
// by `npm run typecheck`: each @ts-expect-error fails it if the line after it type-checks. The runtime
// part shows what each refused value would have become in the browser.
import { describe, expect, it } from 'vitest';
import type { Island } from './island.tsx';
import { defineIslands } from './islands.ts';
import type { Json, JsonObject } from './json.ts';

const DatedBanner = ({ until }: { until: Date }) => until.toISOString();
const Button = ({ onPress }: { onPress: () => void }) => onPress.name;
const Lanes = ({ lanes }: { lanes: (string | undefined)[] }) => lanes.join();
const Scores = ({ scores }: { scores: Map<string, number> }) => String(scores.size);
const Photos = ({ titles, caption }: { titles: string[]; caption?: string }) => `${titles.join()}${caption}`;

/** What the browser's island gets: the props after the page's JSON round trip. */
const throughPage = (props: object): unknown => JSON.parse(JSON.stringify(props));

describe('island props are JSON', () => {
  it('refuses an island whose component takes a Date or a callback', () => {
    defineIslands({
      // @ts-expect-error a Date arrives as a string
      dated: { when: 'start', load: () => Promise.resolve(DatedBanner) },
    });
    defineIslands({
      // @ts-expect-error a callback arrives as nothing
      button: { when: 'interaction', load: () => Promise.resolve(Button) },
    });
    const until = new Date('2026-07-01T09:00:00Z');
    expect(throughPage({ until })).toEqual({ until: '2026-07-01T09:00:00.000Z' });
    expect(throughPage({ onPress: () => undefined })).toEqual({});
  });

  it('refuses undefined in an array and a Map', () => {
    defineIslands({
      // @ts-expect-error undefined in an array arrives as null
      lanes: { when: 'visible', load: () => Promise.resolve(Lanes) },
    });
    defineIslands({
      // @ts-expect-error a Map arrives as {}
      scores: { when: 'visible', load: () => Promise.resolve(Scores) },
    });
    expect(throughPage({ lanes: ['one', undefined] })).toEqual({ lanes: ['one', null] });
    expect(throughPage({ scores: new Map([['lane one', 9]]) })).toEqual({ scores: {} });
  });

  it('takes props that come back unchanged, an optional one left out included', () => {
    const islands = defineIslands({ photos: { when: 'visible', load: () => Promise.resolve(Photos) } });
    expect(islands.photos.when).toBe('visible');
    const props: JsonObject = { titles: ['Lane one'], caption: undefined };
    expect(throughPage(props)).toEqual({ titles: ['Lane one'] });
  });

  it('refuses, where an island is placed, a value holding more than its component takes', () => {
    type CookieSettingsProps = Parameters<typeof Island<'cookie-settings'>>[0];
    const styled = { className: 'underline' };
    const withHandler = { className: 'underline', onOpen: () => undefined };
    const placed: CookieSettingsProps = { name: 'cookie-settings', props: styled };
    // @ts-expect-error the whole value is written into the page, its callback too
    const refused: CookieSettingsProps = { name: 'cookie-settings', props: withHandler };
    expect([placed, refused].map((island) => throughPage(island.props ?? {}))).toEqual([
      { className: 'underline' },
      { className: 'underline' },
    ]);
  });

  it('types a nested JSON value', () => {
    const value: Json = { events: [{ name: 'Summer Fest', places: 12, full: false, link: null }] };
    expect(throughPage(value as object)).toEqual(value);
  });
});
