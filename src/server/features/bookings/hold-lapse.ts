// When a provisional booking's hold lapses (docs/decisions/0467): HOLD_DAYS after it was made, or at
// 00:00 London on the day HOLD_LEAD_DAYS before its first day, whichever comes first — so a hold never
// outlives the date it holds, and the owner has those last days to plan with an answer either way.
import { addDays, londonMidnight } from '#shared/london-days.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HoldTerms {
  /** Days a hold lasts from when it was made (HOLD_DAYS). */
  holdDays: number;
  /** Whole days before the first day by which a hold has lapsed (HOLD_LEAD_DAYS). */
  leadDays: number;
}

/**
 * The instant (epoch ms) the hold on a booking starting on `firstDay` lapses. `madeAt`: when the hold
 * was made — its age counts from there, also when its dates change later. `now`: when the lapse is
 * set (the hold made, or its dates changed); the lapse by its first day is always after it, so a hold
 * is never made already lapsed.
 */
export function holdLapse(madeAt: number, firstDay: string, now: number, terms: HoldTerms): number {
  const byAge = madeAt + terms.holdDays * DAY_MS;
  // The lead day's start; when that has begun (booked at short notice), the first day's start — the
  // hold lasts to the end of the day before; when that has begun too (booked on its first day), the
  // end of that day. A first day already past (the API refuses one) leaves the last: lapsed at once.
  const starts = [addDays(firstDay, -terms.leadDays), firstDay, addDays(firstDay, 1)].map(londonMidnight);
  const byDay = starts.find((start) => start > now) ?? starts[starts.length - 1]!;
  return Math.min(byAge, byDay);
}
