// The public events as calendar files (issue 17): /events.ics holds every upcoming visible event, and
// /events/<id>.ics one event for the "Add to calendar" link on its card. Both are built from the cached
// public events list, so they change when it does (on every instance: the list is cleared by change
// notices), and kept, compressed, until the list, the London day or the business name changes.
import type { Event } from '#shared/schemas/content.ts';
import { londonDay } from '#shared/london-days.ts';
import { compressBody, type CompressedBody } from '../../lib/compressed-body.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ContentService, PublicList } from '../content/service.ts';
import type { SiteService } from '../site/service.ts';
import { calendarText, type CalendarEvent } from './ics.ts';

/** One event's calendar file, with the name a browser saves it under. */
export interface EventFile extends CompressedBody {
  filename: string;
}

interface Built {
  list: PublicList;
  today: string;
  feed: CompressedBody;
  /** Every visible event, past ones included: an old "Add to calendar" link still works. */
  events: Map<number, Event>;
  files: Map<number, EventFile>;
  calendarName: string;
}

/** 'summer-music-festival': ASCII only, so the Content-Disposition filename needs no encoding. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'event';
}

export function createCalendar(deps: {
  content: ContentService;
  site: SiteService;
  clock: Clock;
  publicUrl: string;
}) {
  const host = new URL(deps.publicUrl).hostname;
  let built: Built | undefined;
  // Bumped on every change: a build that began before one cannot keep what it built.
  let generation = 0;

  const toCalendarEvent = (event: Event): CalendarEvent => {
    const url = event.link || `${deps.publicUrl}/#events`;
    return {
      uid: `event-${event.id}@${host}`,
      day: event.date,
      summary: event.name,
      location: event.location,
      url,
      description: `More information: ${url}`,
      changedAt: Date.parse(event.updated_at),
    };
  };

  function build(list: PublicList, today: string, calendarName: string): Built {
    const { events } = JSON.parse(list.identity.toString('utf8')) as { events: Event[] };
    const upcoming = events
      .filter((event) => event.date >= today)
      .sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.id - b.id);
    const text = calendarText({ name: calendarName, events: upcoming.map(toCalendarEvent) });
    return {
      list,
      today,
      calendarName,
      feed: compressBody(Buffer.from(text)),
      events: new Map(events.map((event) => [event.id, event])),
      files: new Map(),
    };
  }

  /** The built calendar when it still matches the cached list and today, without any I/O. */
  function current(): Built | undefined {
    const list = deps.content.cachedPublicList('events');
    return built && built.list === list && built.today === londonDay(deps.clock.now()) ? built : undefined;
  }

  async function load(): Promise<Built> {
    const started = generation;
    const [list, site] = await Promise.all([deps.content.publicList('events'), deps.site.get()]);
    const today = londonDay(deps.clock.now());
    const calendarName = `${site.trading_name} — events`;
    if (built?.list === list && built.today === today && built.calendarName === calendarName) return built;
    const fresh = build(list, today, calendarName);
    if (started === generation) built = fresh;
    return fresh;
  }

  return {
    /** The feed while it is current (the fast lane answers only then). */
    cachedFeed: (): CompressedBody | undefined => current()?.feed,

    feed: async (): Promise<CompressedBody> => (current() ?? (await load())).feed,

    /** One visible event's file; undefined when there is no such visible event. */
    async eventFile(id: number): Promise<EventFile | undefined> {
      const calendar = current() ?? (await load());
      const event = calendar.events.get(id);
      if (!event) return undefined;
      let file = calendar.files.get(id);
      if (!file) {
        const text = calendarText({ name: calendar.calendarName, events: [toCalendarEvent(event)] });
        file = { ...compressBody(Buffer.from(text)), filename: `${fileSlug(event.name)}.ics` };
        calendar.files.set(id, file);
      }
      return file;
    },

    /** Called when the business details change (here or, by change notice, on another instance). */
    invalidate(): void {
      generation += 1;
      built = undefined;
    },
  };
}

export type Calendar = ReturnType<typeof createCalendar>;
