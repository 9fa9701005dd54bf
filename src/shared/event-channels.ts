// Where an event reaches the public (issue 28, docs/decisions/0442): the landing page's next three and
// the calendar feed. The server builds both from its public events list (isPublicAt: active, within
// its schedule, not private) with the functions here, and the admin's event cards say where an event
// appears with the same functions, so a card never claims what a visitor will not find.
import { UPCOMING_EVENTS_SHOWN } from './constants.ts';
import { isPublicAt, type Schedulable } from './schedule.ts';

interface Dated {
  date: string;
  order?: number;
  id?: number;
}

/** The order of every public list of events: by day, then display order, then id. */
export const byEventDay = (a: Dated, b: Dated) =>
  a.date.localeCompare(b.date) || (a.order ?? 0) - (b.order ?? 0) || (a.id ?? 0) - (b.id ?? 0);

/** The calendar feed (/events.ics): the public events dated today or later (London), soonest first. */
export const feedEvents = <T extends Dated>(publicEvents: readonly T[], today: string): T[] =>
  publicEvents.filter((event) => event.date >= today).sort(byEventDay);

/** The page keeps events dated today or later, sorted ascending by date, and shows the first three. */
export const upcomingEvents = <T extends Dated>(
  publicEvents: readonly T[],
  today: string,
  limit: number = UPCOMING_EVENTS_SHOWN,
): T[] => feedEvents(publicEvents, today).slice(0, limit);

/** Where an event is seen, from the admin's whole list. */
export type EventReach =
  /** Kept in the admin only: no page, list or calendar file. */
  | { where: 'private' }
  /** Hidden by hand or outside its schedule (the card's Hidden badge or schedule line says which). */
  | { where: 'not-public' }
  /** Public but dated before today: off the page and the feed (its own calendar file still answers). */
  | { where: 'past' }
  /** Among the page's next three (`place` of UPCOMING_EVENTS_SHOWN), and so in the feed too. */
  | { where: 'page'; place: number }
  /** Upcoming but beyond the page's next three: in the calendar feed only. */
  | { where: 'feed-only' };

type ChannelEvent = Schedulable & { id: number; date: string; order: number; is_private: boolean };

export function eventReach(
  event: ChannelEvent,
  all: readonly ChannelEvent[],
  today: string,
  now: number,
): EventReach {
  if (event.is_private) return { where: 'private' };
  if (!isPublicAt(event, now)) return { where: 'not-public' };
  if (event.date < today) return { where: 'past' };
  const publicEvents = all.filter((other) => isPublicAt(other, now));
  const place = upcomingEvents(publicEvents, today).findIndex((other) => other.id === event.id);
  return place >= 0 ? { where: 'page', place: place + 1 } : { where: 'feed-only' };
}
