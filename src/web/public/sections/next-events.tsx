// 'NEXT THREE EVENTS': the events the server embedded in the page, as they were when it was rendered (no
// second request after hydration, issue 16). A tab left open for a while — phones keep tabs for days — is
// brought up to date from GET /api/cms/events (docs/product.md#landing-page) when the visitor comes back to
// it, with an error toast when that fails (the shown events stay). The section is an island hydrated at that
// return (islands/islands.ts): it then checks at once how old the page's events are.
import { CalendarDays, CalendarPlus, ExternalLink, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Event } from '#shared/schemas/content.ts';
import { londonDay } from '#shared/london-days.ts';
import { api } from '../../lib/api-client.ts';
import { dateTile, formatEventDate, upcomingEvents } from '../../lib/dates.ts';
import { toast } from '../../components/toast.tsx';
import { pageLoadedAt } from '../islands/page-loaded.ts';
import { usePageData } from '../page-data-context.tsx';
import { CALENDAR_FEED_URL, eventFileUrl, googleCalendarUrl } from './calendar-links.ts';
import { CtaLink, MediaImage, Section, SectionHeading } from './ui.tsx';

export const EVENTS_LOAD_ERROR = 'Error: Failed to load events. Please try again later.';
/** How old the shown events may get before a visitor coming back to the tab gets fresh ones. */
export const EVENTS_STALE_MS = 30 * 60 * 1000;

/** The card's and the section's small links: 44 px tall tap targets, underlined on hover. */
const TEXT_LINK =
  'inline-flex min-h-11 items-center gap-1.5 font-semibold text-accent-400 hover:text-accent-300 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400';

function useUpcomingEvents(): Event[] {
  const data = usePageData();
  const [shown, setShown] = useState({ events: data.events, today: data.today });

  useEffect(() => {
    // As old as the page (the island may hydrate long after it loaded).
    let loadedAt = pageLoadedAt() ?? Date.now();
    let inFlight: AbortController | null = null;
    const refreshIfStale = () => {
      if (document.visibilityState !== 'visible' || inFlight) return;
      if (Date.now() - loadedAt < EVENTS_STALE_MS) return;
      const controller = new AbortController();
      inFlight = controller;
      api<{ events: Event[] }>('/cms/events', { signal: controller.signal })
        .then((body) => setShown({ events: body.events, today: londonDay(Date.now()) }))
        .catch(() => {
          if (!controller.signal.aborted) toast({ title: EVENTS_LOAD_ERROR, variant: 'destructive' });
        })
        .finally(() => {
          // Success or not, the next try waits as long again (no toast on every return to the tab).
          loadedAt = Date.now();
          inFlight = null;
        });
    };
    document.addEventListener('visibilitychange', refreshIfStale);
    window.addEventListener('pageshow', refreshIfStale);
    // Hydrated by the visitor's return to the tab, which has already happened.
    refreshIfStale();
    return () => {
      document.removeEventListener('visibilitychange', refreshIfStale);
      window.removeEventListener('pageshow', refreshIfStale);
      inFlight?.abort();
    };
  }, []);

  return upcomingEvents(shown.events, shown.today);
}

export function NextEvents() {
  const upcoming = useUpcomingEvents();

  return (
    <Section name="next-events" id="events" labelledBy="events-heading" className="bg-ink-900">
      <SectionHeading
        id="events-heading"
        eyebrow="Where to find us"
        intro="Come and try the range at one of our upcoming public events."
      >
        NEXT THREE EVENTS
      </SectionHeading>
      {upcoming.length === 0 ? (
        <div className="rounded-card border border-dashed border-ink-500 bg-ink-800/60 p-8 text-center sm:p-12">
          <CalendarDays aria-hidden="true" className="mx-auto mb-4 size-10 text-accent-400" />
          <p className="font-display text-2xl text-white uppercase">No upcoming events just yet</p>
          <p className="mx-auto mt-3 max-w-xl text-ink-200">
            New dates are added all the time. Want the range at your own event? Get in touch and we will check
            availability.
          </p>
          <CtaLink href="#contact" track="events-empty-enquire" className="mt-6">
            BOOK THE RANGE
          </CtaLink>
        </div>
      ) : (
        <>
          <ol className="grid gap-6 md:grid-cols-3" aria-label="Upcoming events">
            {upcoming.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </ol>
          <p className="mt-8 text-center text-ink-200">
            <a
              href={CALENDAR_FEED_URL}
              data-track="events-calendar-feed"
              className={`${TEXT_LINK} justify-center`}
            >
              <CalendarPlus aria-hidden="true" className="size-5" />
              Add all our events to your calendar
            </a>
          </p>
        </>
      )}
    </Section>
  );
}

function EventCard({ event }: { event: Event }) {
  return (
    <li className="group flex flex-col overflow-hidden rounded-card border border-white/10 bg-ink-800 transition hover:border-accent-500/60">
      <EventPicture event={event} />
      <div className="flex flex-1 flex-col p-6">
        <h3 className="font-display text-2xl leading-tight font-bold text-white uppercase">{event.name}</h3>
        <dl className="mt-4 space-y-2 text-ink-200">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays aria-hidden="true" className="size-5 text-accent-400" />
              <span className="sr-only">Date</span>
            </dt>
            <dd>
              <time dateTime={event.date}>{formatEventDate(event.date)}</time>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <MapPin aria-hidden="true" className="size-5 text-accent-400" />
              <span className="sr-only">Location</span>
            </dt>
            <dd>{event.location}</dd>
          </div>
        </dl>
        <EventLinks event={event} />
      </div>
    </li>
  );
}

/** The event's picture (a pattern without one), with its date on a tile in the corner. */
function EventPicture({ event }: { event: Event }) {
  const tile = dateTile(event.date);
  return (
    <div className="relative aspect-[3/2] overflow-hidden bg-ink-700">
      {event.image_url ? (
        <MediaImage
          src={event.image_url}
          alt={event.name}
          width={1200}
          height={800}
          sizes="(min-width: 768px) 33vw, 100vw"
          className="size-full object-cover transition duration-500 motion-safe:group-hover:scale-105"
        />
      ) : (
        <div aria-hidden="true" className="hero-pattern size-full" />
      )}
      {tile && (
        <div
          aria-hidden="true"
          className="absolute top-4 left-4 flex w-16 flex-col items-center rounded-lg bg-accent-600 py-2 text-white shadow-lg"
        >
          <span className="text-xs font-semibold tracking-widest">{tile.month}</span>
          <span className="font-display text-3xl leading-none font-bold">{tile.date}</span>
        </div>
      )}
    </div>
  );
}

/** The organiser's page (when there is one) and the two ways to put the event in a calendar. */
function EventLinks({ event }: { event: Event }) {
  return (
    <div className="mt-auto flex flex-wrap gap-x-5 pt-5">
      {event.link && (
        <a
          href={event.link}
          target="_blank"
          rel="noopener"
          data-track="event-more-info"
          className={TEXT_LINK}
        >
          {/* The space is in the link's text: without it, tools that read the text ran the words
              together ('More infoabout …'). */}
          {'More info '}
          <span className="sr-only">about {event.name} (opens in a new tab)</span>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      )}
      <a href={eventFileUrl(event)} data-track="event-add-to-calendar" className={TEXT_LINK}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        Add to calendar
        <span className="sr-only">: {event.name}</span>
      </a>
      <a
        href={googleCalendarUrl(event)}
        target="_blank"
        rel="noopener"
        data-track="event-google-calendar"
        className={TEXT_LINK}
      >
        Google Calendar
        <span className="sr-only">: add {event.name} (opens in a new tab)</span>
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    </div>
  );
}
