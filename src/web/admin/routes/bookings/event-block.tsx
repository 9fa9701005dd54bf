// One of the owner's events on the bookings calendar (docs/decisions/0468): told apart from a booking
// at a glance — a flag, a violet dashed edge and the word "Event" — and saying whether it takes the
// day. It links to the Events screen, where events are edited.
import { Flag } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminEvent } from '#shared/schemas/content.ts';
import { ADMIN_PATHS } from '../../paths.ts';

export function EventBlock({ event, roomy = false }: { event: AdminEvent; roomy?: boolean }) {
  const takes = event.needs_crew ? 'Event · day taken' : 'Event · listing only';
  return (
    <Link
      to={ADMIN_PATHS.events}
      className={`block w-full rounded-md border-y border-r border-l-4 border-dashed border-violet-500 bg-violet-50 text-left text-violet-950 hover:bg-violet-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${roomy ? 'min-h-11 px-3 py-2' : 'px-1.5 py-1 text-sm'}`}
    >
      <span className={`flex items-center gap-1 font-semibold ${roomy ? '' : 'truncate'}`}>
        <Flag className="size-3.5 shrink-0" aria-hidden="true" />
        <span className={roomy ? '' : 'truncate'}>{event.name}</span>
      </span>
      <span className="block text-xs font-semibold tracking-wide uppercase">{takes}</span>
      {roomy && event.location && <span className="mt-0.5 block text-sm">{event.location}</span>}
    </Link>
  );
}

/** Each day of `days` with the events on it, in the order the Events screen gives them. */
export function eventsByDay(
  events: readonly AdminEvent[],
  days: readonly string[],
): Map<string, AdminEvent[]> {
  const byDay = new Map<string, AdminEvent[]>(days.map((day) => [day, []]));
  for (const event of events) byDay.get(event.date)?.push(event);
  return byDay;
}
