// Under the booking form's dates (docs/decisions/0469): who else is on those days, at once, while the
// owner can still choose — the event or confirmed booking that takes a day (linked, so the owner can
// look), other holds on it, and the nearest free days as buttons that put them in the form. Sharing a
// day stays the explicit tick-box below.
import { Link } from 'react-router';
import type { DayCheck, DayOccupant } from '#shared/schemas/bookings.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { ADMIN_PATHS } from '../../paths.ts';
import { useDayCheck } from '../../api/bookings.ts';
import { bookingDays, shortDay } from './days.ts';
import { STATE_LABELS } from './state.tsx';
import { bookingLink } from './use-month.ts';

function Occupant({ occupant }: { occupant: DayOccupant }) {
  const day = shortDay(occupant.day, true);
  if (occupant.kind === 'event')
    return (
      <>
        {day}: {occupant.blocks ? 'taken by your event' : 'your listing'}{' '}
        <Link to={ADMIN_PATHS.events} className="font-semibold underline">
          {occupant.name}
        </Link>
      </>
    );
  const state = STATE_LABELS[occupant.state as keyof typeof STATE_LABELS] ?? occupant.state;
  return (
    <>
      {day}: {occupant.blocks ? 'booked for' : 'also'}{' '}
      <Link
        to={bookingLink({ id: occupant.id, start_date: occupant.day })}
        className="font-semibold underline"
      >
        {occupant.name}
      </Link>{' '}
      ({state.toLowerCase()}
      {occupant.blocks ? '' : occupant.state === 'provisional' ? ', not yet confirmed' : ', sharing the day'})
    </>
  );
}

export function DayCheckNotice({
  from,
  to,
  booking,
  onChoose,
}: {
  from: string;
  to: string;
  /** The booking being edited (it does not clash with itself); null while booking an enquiry. */
  booking: number | null;
  /** Puts a free run of days in the form. */
  onChoose: (days: DayCheck['nearest_free'][number]) => void;
}) {
  const check = useDayCheck(from, to, booking);
  const answer = check.data;
  if (!answer || answer.occupants.length === 0) return null;
  const blocked = answer.occupants.some((occupant) => occupant.blocks);
  return (
    <Banner kind={blocked ? 'error' : 'info'}>
      <p className="font-semibold">
        {blocked
          ? 'A day you chose is taken: this booking cannot be confirmed on it.'
          : 'Someone else is on a day you chose.'}
      </p>
      <ul className="mt-1 space-y-0.5">
        {answer.occupants.map((occupant) => (
          <li key={`${occupant.kind}-${occupant.id}-${occupant.day}`}>
            <Occupant occupant={occupant} />
          </li>
        ))}
      </ul>
      {answer.nearest_free.length > 0 && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span>Nearest free:</span>
          {answer.nearest_free.map((days) => (
            <button
              key={days.from}
              type="button"
              onClick={() => onChoose(days)}
              className="min-h-11 rounded-md border border-current bg-white px-3 font-semibold hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
            >
              <span className="sr-only">Use </span>
              {bookingDays({ start_date: days.from, end_date: days.to })}
            </button>
          ))}
        </div>
      )}
    </Banner>
  );
}
