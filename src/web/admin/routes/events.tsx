// Events (SPEC §2, §5): list, add, edit, show/hide and delete the events on the website. Name,
// location and date are required; the link and the picture are optional.
import { CalendarDays, MapPin } from 'lucide-react';
import { eventInput, type Event } from '#shared/schemas/content.ts';
import { UPCOMING_EVENTS_SHOWN } from '#shared/constants.ts';
import { isShownAt } from '#shared/schedule.ts';
import { formatEventDate, upcomingEvents } from '../../lib/dates.ts';
import { TextField } from '../../components/field.tsx';
import { OrderField, UploadControl, UrlField } from './content/fields.tsx';
import { FormPanel } from './content/form-panel.tsx';
import { ScheduleFields } from './content/schedule.tsx';
import { Thumbnail } from './content/thumbnail.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';
import { ExternalLinkLine } from './content/external-link-line.tsx';
import { useContentForm, NEW_ITEM_LISTING } from './content/use-content-form.ts';
import { contentMessages } from './content/use-content-manager.ts';

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
 * What the public page does with an event (issue 16): the site shows the next three active upcoming
 * events shown now, chosen exactly as the page chooses them. Hidden events carry the card's own 'Hidden'
 * badge, scheduled ones their schedule line.
 */
export function eventStatus(
  event: Event,
  all: readonly Event[],
  today: string,
  now = Date.now(),
): string | undefined {
  // Hidden, or outside its schedule: the card's 'Hidden' badge or schedule line says so.
  if (!isShownAt(event, now)) return undefined;
  if (event.date < today) return 'Past — not shown';
  const place = upcomingEvents(
    all.filter((e) => isShownAt(e, now)),
    today,
  ).findIndex((e) => e.id === event.id);
  // SPEC §7 fixes the number at three (UPCOMING_EVENTS_SHOWN).
  return place >= 0
    ? `On the site (${place + 1} of ${UPCOMING_EVENTS_SHOWN})`
    : 'Waiting — beyond the next three';
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
      ...NEW_ITEM_LISTING,
    },
  });
  return (
    <FormPanel {...panel}>
      <TextField required {...field('name', 'Event name')} />
      <TextField required {...field('location', 'Location')} />
      <TextField type="date" required {...field('date', 'Date')} />
      <UrlField hint="Tickets or the event's own page" {...field('link', 'Link (optional)')} />
      <OrderField {...field('order', 'Display order')} />
      <UploadControl
        control={control}
        name="image_url"
        label="Event image"
        kind="image"
        hint="Optional. A landscape photo works best."
        removable
        className="sm:col-span-2"
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
      title="Events"
      subtitle="Where the range will be. The next three upcoming events appear on the website."
      addLabel="Add Event"
      listLabel="Events"
      empty="No events yet. Add the first one."
      Form={EventForm}
      arrange={(items) => byDate(items, today)}
      card={(event, all) => ({
        name: event.name,
        media: <Thumbnail url={event.image_url} />,
        badge: eventStatus(event, all, today),
        // On means "may be shown": whether it is shown right now is the badge's to say.
        shownText: 'Enabled',
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
