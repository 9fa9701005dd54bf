// Events (SPEC §2, §5): list, add, edit, show/hide and delete the events on the website. Name,
// location and date are required; the link and the picture are optional.
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, MapPin } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { eventInput, type Event } from '#shared/schemas/content.ts';
import { UPCOMING_EVENTS_SHOWN } from '#shared/constants.ts';
import { formatEventDate, upcomingEvents } from '../../lib/dates.ts';
import { TextField } from '../../components/field.tsx';
import { UploadField } from '../components/upload-field.tsx';
import { fieldError } from './content/field-error.ts';
import { FormPanel } from './content/form-panel.tsx';
import { Thumbnail } from './content/thumbnail.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';
import { ExternalLinkLine } from './content/external-link-line.tsx';

const MESSAGES = {
  noun: 'event',
  fetchFailed: 'Failed to fetch events',
  createFailed: 'Failed to create event',
  created: 'Event created',
  updateFailed: 'Failed to update event',
  updated: 'Event updated',
  deleteFailed: 'Failed to delete event',
  deleted: 'Event deleted',
};

type EventValues = z.input<typeof eventInput>;

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
 * events, chosen exactly as the page chooses them. Hidden events carry the card's own 'Hidden' badge.
 */
export function eventStatus(event: Event, all: readonly Event[], today: string): string | undefined {
  if (!event.is_active) return undefined;
  if (event.date < today) return 'Past — not shown';
  const place = upcomingEvents(
    all.filter((e) => e.is_active),
    today,
  ).findIndex((e) => e.id === event.id);
  // SPEC §7 fixes the number at three (UPCOMING_EVENTS_SHOWN).
  return place >= 0
    ? `On the site (${place + 1} of ${UPCOMING_EVENTS_SHOWN})`
    : 'Waiting — beyond the next three';
}

function EventForm({ item, saving, onSave, onCancel }: ContentFormProps<'events'>) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<EventValues, unknown, z.output<typeof eventInput>>({
    resolver: zodResolver(eventInput),
    defaultValues: {
      name: item?.name ?? '',
      location: item?.location ?? '',
      date: item?.date ?? '',
      link: item?.link ?? '',
      image_url: item?.image_url ?? '',
      order: item?.order ?? 0,
      is_active: item?.is_active ?? true,
    },
  });
  return (
    <FormPanel
      title={item ? 'Edit Event' : 'Add Event'}
      submitLabel={item ? 'Save Changes' : 'Create Event'}
      onSubmit={handleSubmit(onSave)}
      onCancel={onCancel}
      saving={saving}
    >
      <TextField
        label="Event name"
        required
        {...register('name')}
        error={fieldError('Event name', errors.name)}
      />
      <TextField
        label="Location"
        required
        {...register('location')}
        error={fieldError('Location', errors.location)}
      />
      <TextField
        label="Date"
        type="date"
        required
        {...register('date')}
        error={fieldError('Date', errors.date)}
      />
      <TextField
        label="Link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Tickets or the event's own page"
        {...register('link')}
        error={fieldError('Link', errors.link)}
      />
      <TextField
        label="Display order"
        type="number"
        inputMode="numeric"
        hint="Lower numbers come first"
        {...register('order')}
        error={fieldError('Display order', errors.order)}
      />
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="image_url"
          render={({ field, fieldState }) => (
            <UploadField
              label="Event image"
              kind="image"
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldError('Event image', fieldState.error)}
              hint="Optional. A landscape photo works best."
              removable
            />
          )}
        />
      </div>
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
