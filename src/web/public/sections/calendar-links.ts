// Where an event card's "Add to calendar" links point: the server's .ics file for the event (every
// calendar app, phones included), and Google Calendar's own form for those who live in it. Events are
// whole days (docs/product.md#calendar), so both describe an all-day event (docs/decisions/0419).
import { addDays } from '#shared/london-days.ts';
import type { Event } from '#shared/schemas/content.ts';

/** Every upcoming event in one file: what "Subscribe" and the events section link to. */
export const CALENDAR_FEED_URL = '/events.ics';

export const eventFileUrl = (event: Pick<Event, 'id'>) => `/events/${event.id}.ics`;

const basicDay = (day: string) => day.replaceAll('-', '');

/** Google Calendar's "add event" form, filled in; its end date is exclusive, as in iCalendar. */
export function googleCalendarUrl(event: Pick<Event, 'name' | 'location' | 'date' | 'link'>): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${basicDay(event.date)}/${basicDay(addDays(event.date, 1))}`,
    location: event.location,
    ctz: 'Europe/London',
  });
  if (event.link) params.set('details', `More information: ${event.link}`);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
