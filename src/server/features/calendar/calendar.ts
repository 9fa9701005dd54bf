// The public events as calendar files (issue 17): /events.ics holds every upcoming visible event, and
// /events/<id>.ics one event for the "Add to calendar" link on its card. Both are built from the cached
// public events list, so they change when it does (on every instance: the list is cleared by change
// notices), and kept, compressed, until the list, the London day or the business name changes.
import { feedEvents } from '#shared/event-channels.ts';
import type { Event } from '#shared/schemas/content.ts';
import { londonDay, withinDateRange } from '#shared/london-days.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import { compressBody, type CompressedBody } from '../../lib/compressed-body.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ContentService, PublicList } from '../content/service.ts';
import type { SiteService } from '../site/service.ts';
import { calendarText, uriValue, type CalendarEvent } from './ics.ts';

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

export interface CalendarDeps {
  content: ContentService;
  site: SiteService;
  clock: Clock;
  publicUrl: string;
}

/** One calendar's dependencies and what it keeps between requests. */
interface CalendarState {
  readonly deps: CalendarDeps;
  /** The public URL's host name: it makes the events' UIDs unique to this site. */
  readonly host: string;
  built: Built | undefined;
  /** Bumped on every change: a build that began before one cannot keep what it built. */
  generation: number;
}

export function createCalendar(deps: CalendarDeps) {
  const state: CalendarState = {
    deps,
    host: new URL(deps.publicUrl).hostname,
    built: undefined,
    generation: 0,
  };
  const bind = bindDeps(state);
  return {
    cachedFeed: bind(cachedFeed),
    feed: bind(feed),
    eventFile: bind(eventFile),
    invalidate: bind(invalidate),
  };
}

/** The feed while it is current (the fast lane answers only then). */
function cachedFeed(state: CalendarState): CompressedBody | undefined {
  return current(state)?.feed;
}

async function feed(state: CalendarState): Promise<CompressedBody> {
  return (current(state) ?? (await load(state))).feed;
}

/** One visible event's file; undefined when there is no such visible event. */
async function eventFile(state: CalendarState, id: number): Promise<EventFile | undefined> {
  const calendar = current(state) ?? (await load(state));
  const event = calendar.events.get(id);
  if (!event || !withinDateRange(event.date)) return undefined;
  let file = calendar.files.get(id);
  if (!file) {
    const text = calendarText({ name: calendar.calendarName, events: [toCalendarEvent(state, event)] });
    file = { ...compressBody(Buffer.from(text)), filename: `${fileSlug(event.name)}.ics` };
    calendar.files.set(id, file);
  }
  return file;
}

/** Called when the business details change (here or, by change notice, on another instance). */
function invalidate(state: CalendarState): void {
  state.generation += 1;
  state.built = undefined;
}

function toCalendarEvent(state: CalendarState, event: Event): CalendarEvent {
  // A link stored before the API refused line breaks in it is no address: the events section instead.
  const url = uriValue(event.link) ?? `${state.deps.publicUrl}/#events`;
  return {
    uid: `event-${event.id}@${state.host}`,
    day: event.date,
    summary: event.name,
    location: event.location,
    url,
    description: `More information: ${url}`,
    changedAt: Date.parse(event.updated_at),
  };
}

function build(state: CalendarState, list: PublicList, today: string, calendarName: string): Built {
  const { events } = JSON.parse(list.identity.toString('utf8')) as { events: Event[] };
  // The list holds public events only (no private, hidden or unscheduled one); the feed's rule is shared
  // with the admin's event cards.
  const text = calendarText({
    name: calendarName,
    events: feedEvents(events, today)
      .filter((event) => withinDateRange(event.date))
      .map((event) => toCalendarEvent(state, event)),
  });
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
function current({ deps, built }: CalendarState): Built | undefined {
  const list = deps.content.cachedPublicList('events');
  return built && built.list === list && built.today === londonDay(deps.clock.now()) ? built : undefined;
}

async function load(state: CalendarState): Promise<Built> {
  const { deps } = state;
  const started = state.generation;
  const [list, site] = await Promise.all([deps.content.publicList('events'), deps.site.get()]);
  const today = londonDay(deps.clock.now());
  const calendarName = `${site.trading_name} — events`;
  const { built } = state;
  if (built?.list === list && built.today === today && built.calendarName === calendarName) return built;
  const fresh = build(state, list, today, calendarName);
  if (started === state.generation) state.built = fresh;
  return fresh;
}

export type Calendar = ReturnType<typeof createCalendar>;
