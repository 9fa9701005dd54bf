// Which month the Bookings screen shows, which booking is open and whether its edit form is, kept in
// the address (?month=2026-08&booking=12&edit=1) so a reload, a link from an enquiry or the dashboard,
// or signing in again after an inactivity sign-out opens the same view — the edit form with its draft
// (issue 28). Replaced, not pushed: Back leaves the screen.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { londonDay } from '#shared/london-days.ts';
import { ADMIN_PATHS } from '../../paths.ts';
import { parseMonth } from './days.ts';

const EDIT_PARAM = 'edit';

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
  const openId = Number.isSafeInteger(opened) && opened > 0 ? opened : null;
  /** Sets (a string) or removes (null) each of `values`' keys. */
  const change = (values: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(values)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    month,
    thisMonth,
    showMonth: (next: string) => change({ month: next }),
    openId,
    /** The open booking's edit form is open. */
    editing: openId !== null && params.get(EDIT_PARAM) === '1',
    open: (id: number) => change({ booking: String(id), [EDIT_PARAM]: null }),
    close: () => change({ booking: null, [EDIT_PARAM]: null }),
    edit: (on: boolean) => change({ [EDIT_PARAM]: on ? '1' : null }),
  };
}
