// What the visitor asked for, when they said: the day, the kind of event and how many people; and a
// warning when that day was already confirmed for someone else as they asked.
import { CalendarDays, TriangleAlert } from 'lucide-react';
import { EVENT_TYPE_LABELS } from '#shared/event-types.ts';
import type { Enquiry } from '#shared/schemas/enquiries.ts';
import { longDay } from '../bookings/days.ts';

export function EnquiryWishes({ enquiry }: { enquiry: Enquiry }) {
  const { preferred_date: day, event_type: type, people } = enquiry;
  const parts = [
    day && `Would like ${longDay(day)}`,
    type && EVENT_TYPE_LABELS[type],
    people !== null && `${people} ${people === 1 ? 'person' : 'people'}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <div className="space-y-2 text-sm">
      <p className="flex items-start gap-1.5 text-ink-800">
        <CalendarDays className="mt-0.5 size-4 shrink-0 text-ink-500" aria-hidden="true" />
        {parts.join(' · ')}
      </p>
      {enquiry.date_taken && (
        <p className="flex items-start gap-1.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 font-semibold text-amber-950">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          That date was already booked when they asked.
        </p>
      )}
    </div>
  );
}
