// The days already confirmed for someone else, for the preferred date (docs/decisions/0454): fetched
// once, when the visitor first opens the calendar or types a date, never as the page loads.
import { BOOKING_LIMITS } from '#shared/constants.ts';
import { addDays, londonDay } from '#shared/london-days.ts';
import { api } from '../../lib/api-client.ts';

/** The days taken from today (in London) on; `checked` is false when the server could not say. */
export interface Availability {
  taken: ReadonlySet<string>;
  checked: boolean;
}

let asked: Promise<Availability> | null = null;

export function loadAvailability(): Promise<Availability> {
  asked ??= (async () => {
    const from = londonDay(Date.now());
    const to = addDays(from, BOOKING_LIMITS.availabilityDays - 1);
    try {
      const { taken } = await api<{ taken: string[] }>(`/availability?from=${from}&to=${to}`);
      return { taken: new Set(taken), checked: true };
    } catch {
      // The calendar still works without it, and the next opening asks again.
      asked = null;
      return { taken: new Set<string>(), checked: false };
    }
  })();
  return asked;
}
