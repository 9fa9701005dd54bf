// A booking's state in words and colours (docs/product.md#bookings). The word is always shown:
// colour alone would say nothing to a colour-blind owner or a screen reader.
import type { BookingState } from '#shared/schemas/bookings.ts';

export const STATE_LABELS: Record<BookingState, string> = {
  provisional: 'Provisional',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The booking's block in the calendar and the agenda. */
export const STATE_BLOCK: Record<BookingState, string> = {
  provisional: 'border-amber-400 bg-amber-50 text-amber-950 hover:bg-amber-100',
  confirmed: 'border-green-600 bg-green-50 text-green-950 hover:bg-green-100',
  completed: 'border-ink-300 bg-ink-100 text-ink-800 hover:bg-ink-200',
  cancelled: 'border-dashed border-ink-300 bg-white text-ink-600 line-through hover:bg-ink-50',
};

const BADGE: Record<BookingState, string> = {
  provisional: 'bg-amber-100 text-amber-950',
  confirmed: 'bg-green-100 text-green-900',
  completed: 'bg-ink-100 text-ink-800',
  cancelled: 'bg-white text-ink-700 ring-1 ring-ink-300',
};

export function StateBadge({ state }: { state: BookingState }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase no-underline ${BADGE[state]}`}
    >
      {STATE_LABELS[state]}
    </span>
  );
}
