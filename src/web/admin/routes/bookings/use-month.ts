// Which month the Bookings screen shows and which booking is open, kept in the address
// (?month=2026-08&booking=12) so a reload, a link from an enquiry or the dashboard, or signing in
// again after an inactivity sign-out opens the same view. Replaced, not pushed: Back leaves the screen.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { londonDay } from '#shared/london-days.ts';
import { ADMIN_PATHS } from '../../paths.ts';
import { parseMonth } from './days.ts';

/** The Bookings screen with one booking open, on the month it starts in. */
export const bookingLink = (booking: { id: number; start_date: string }) =>
  `${ADMIN_PATHS.bookings}?month=${booking.start_date.slice(0, 7)}&booking=${booking.id}`;

/** Today in London, read once when the screen opens. */
export function useToday(): string {
  const [today] = useState(() => londonDay(Date.now()));
  return today;
}

export function useMonthView() {
  const [params, setParams] = useSearchParams();
  const thisMonth = useToday().slice(0, 7);
  const month = parseMonth(params.get('month')) ?? thisMonth;
  const opened = Number(params.get('booking'));
  const change = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return {
    month,
    thisMonth,
    showMonth: (next: string) => change('month', next),
    openId: Number.isSafeInteger(opened) && opened > 0 ? opened : null,
    open: (id: number) => change('booking', String(id)),
    close: () => change('booking', null),
  };
}
