// Events (docs/product.md#content-screens): list, add, edit, show/hide and delete the events on the website.
// Name, location and date are required; the link and the picture are optional.
import { CalendarDays, MapPin } from 'lucide-react';
import { eventInput, type AdminEvent as Event } from '#shared/schemas/content.ts';
import { UPCOMING_EVENTS_SHOWN } from '#shared/constants.ts';
import { eventReach } from '#shared/event-channels.ts';
import { formatEventDate } from '../../lib/dates.ts';
import { TextField } from '../../components/field.tsx';
import { CheckboxField, OrderField, UploadControl, UrlField } from './content/fields.tsx';
import { FormPanel } from './content/form-panel.tsx';
import { ScheduleFields } from './content/schedule.tsx';
import { Thumbnail } from './content/thumbnail.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';
import { ExternalLinkLine } from './content/external-link-line.tsx';
import { useContentForm, NEW_ITEM_LISTING } from './content/use-content-form.ts';
import { contentMessages } from './content/use-content-manager.ts';
import { SCREEN_TITLES } from '../screen-titles.ts';

const MESSAGES = contentMessages('event', 'events', { add: 'create', added: 'created' });

/** Today in Europe/London as YYYY-MM-DD, the calendar the website uses for "upcoming". */
const londonToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Upcoming events soonest first, then past ones most recent first: the order the owner works in. */
function byDate(events: readonly Event[], today: string): Event[] {
  const upcoming = events.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  const past = events.filter((e) => e.date < today).sort((a, b) => b.date.localeCompare(a.date));
  return [...upcoming, ...past];
}

/**
 * Where a visitor finds the event (issues 16 and 28): in its place among the page's next three (and
 * so in the calendar feed), in the feed only, past, or private — computed by the rules the server's
 * public channels use (shared/event-channels.ts). Hidden events carry the card's own 'Hidden' badge,
 * scheduled ones their schedule line.
 */
export function eventStatus(
  event: Event,
  all: readonly Event[],
  today: string,
  now = Date.now(),
): string | undefined {
  const reach = eventReach(event, all, today, now);
  switch (reach.where) {
    case 'private':
      return 'Private — admin only';
    case 'not-public':
      return undefined;
    case 'past':
      return 'Past — not shown';
    case 'page':
      // The page shows three (UPCOMING_EVENTS_SHOWN, docs/product.md#landing-page).
      return `On the page (${reach.place} of ${UPCOMING_EVENTS_SHOWN}) · In the calendar feed`;
    case 'feed-only':
      return 'In the calendar feed only — beyond the next three';
  }
}

function EventForm(props: ContentFormProps<'events'>) {
  const { control, field, panel } = useContentForm(eventInput, props, {
    noun: 'Event',
    createLabel: 'Create Event',
    blank: {
      name: '',
      location: '',
      date: '',
      link: '',
      image_url: '',
      is_private: false,
      needs_crew: true,
      ...NEW_ITEM_LISTING,
    },
  });
  return (
    <FormPanel {...panel}>
      <TextField required {...field('name', 'Event name')} />
      <TextField required {...field('location', 'Location')} />
      <TextField type="date" required {...field('date', 'Date')} />
      <UrlField hint="Tickets or the event's own page" {...field('link', 'Link (optional)')} />
      <OrderField
        hint="Events are listed by date; this orders events on the same day (lower first)."
        {...field('order', 'Display order')}
      />
      <UploadControl
        control={control}
        name="image_url"
        label="Event image"
        kind="image"
        hint="Optional. A landscape photo works best."
        removable
        className="sm:col-span-2"
      />
      <CheckboxField
        hint="For a booking such as a private party: kept here in the admin, never on the website or in the calendar feed."
        className="sm:col-span-2"
        {...field('is_private', 'Private event')}
      />
      <CheckboxField
        hint="The crew and the trailer work it, so it takes its day on the bookings calendar: no booking can be confirmed for that day. Untick for a listing of someone else's show."
        className="sm:col-span-2"
        {...field('needs_crew', 'Needs our crew')}
      />
      <ScheduleFields control={control} />
    </FormPanel>
  );
}

export function EventsScreen() {
  const today = londonToday();
  return (
    <ContentScreen
      kind="events"
      messages={MESSAGES}
      title={SCREEN_TITLES.events}
      subtitle="Where the range will be. The website shows the next three; its calendar feed, every upcoming one. Private events stay here."
      addLabel="Add Event"
      listLabel="Events"
      empty="No events yet. Add the first one."
      Form={EventForm}
      arrange={(items) => byDate(items, today)}
      card={(event, all) => ({
        name: event.name,
        media: <Thumbnail url={event.image_url} />,
        badge: eventStatus(event, all, today),
        details: (
          <>
            <p className="flex items-center gap-1.5">
              <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
              {formatEventDate(event.date)}
            </p>
            <p className="flex items-center gap-1.5">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              {event.location}
            </p>
            {event.link && <ExternalLinkLine href={event.link} />}
          </>
        ),
      })}
    />
  );
}
