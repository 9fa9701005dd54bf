import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';

/** What every bookings function is given first. */
export interface BookingsDeps {
  db: Db;
  clock: Clock;
  /** Days a provisional hold lasts unless confirmed (HOLD_DAYS). */
  holdDays: number;
  /** Years a finished booking keeps its customer's name (BOOKING_RETENTION_YEARS). */
  retentionYears: number;
}
