// Booking mail that only reached the outbox (state `saved`: no mail server was set), sent once one
// is (issue 36, item 5; docs/decisions/0475). Of each booking only its newest mail is offered, and
// only while it still says what the booking is: the customer hears the booking as it now stands,
// once, never a string of stale changes. Each is sent at most once: whoever turns it from saved to
// pending (a claim) sends it.
import { londonDay } from '#shared/london-days.ts';
import type { Db } from '../../db/database.ts';
import { CLAIM_MS, deliver, type Outcome } from './customer-mail.ts';
import type { BookingsDeps } from './deps.ts';
import { wasTold, type BookingMailRow, type MailKey } from './mail-repository.ts';
import * as repo from './repository.ts';

/** Whether the booking, as it is now, still wants this mail. */
function stillSays(mail: BookingMailRow, booking: repo.BookingRow, today: string, told: boolean): boolean {
  if (!booking.customer_email) return false;
  if (mail.kind === 'cancellation') return booking.state === 'cancelled' && told;
  if (booking.state !== 'confirmed') return false;
  return mail.kind.startsWith('reminder-') ? booking.start_date > today : booking.end_date >= today;
}

/** The saved booking mails to send now: the newest of each booking, if it still applies. */
export async function savedBookingMails(deps: BookingsDeps): Promise<MailKey[]> {
  const { db, clock } = deps;
  const now = clock.now();
  const today = londonDay(now);
  const rows = await db
    .selectFrom('booking_mails')
    .selectAll()
    .where('booking_id', 'in', (eb) =>
      eb.selectFrom('booking_mails').select('booking_id').where('state', '=', 'saved'),
    )
    .orderBy('created_at')
    .orderBy('sequence')
    .execute();
  const newest = new Map<number, BookingMailRow>();
  for (const row of rows) newest.set(row.booking_id, row);
  const offered: MailKey[] = [];
  for (const mail of newest.values()) {
    if (mail.state !== 'saved') continue;
    const booking = await repo.findBooking(db, mail.booking_id);
    if (booking && stillSays(mail, booking, today, await wasTold(db, booking.id, now)))
      offered.push({ booking_id: mail.booking_id, kind: mail.kind, sequence: mail.sequence });
  }
  return offered;
}

/** Turns a saved mail into one this caller sends; undefined when it has gone or another has it. */
const claimSaved = (db: Db, key: MailKey, until: number) =>
  db
    .updateTable('booking_mails')
    .set({ state: 'pending', claimed_until: until, next_at: null })
    .where('booking_id', '=', key.booking_id)
    .where('kind', '=', key.kind)
    .where('sequence', '=', key.sequence)
    .where('state', '=', 'saved')
    .returningAll()
    .executeTakeFirst();

/** Sends one saved mail if this caller claims it; a failure is retried by the mail job as usual. */
export async function sendSavedBookingMail(deps: BookingsDeps, key: MailKey): Promise<Outcome> {
  const now = deps.clock.now();
  // Asked before the claim, which would itself count as a mail on its way.
  const told = await wasTold(deps.db, key.booking_id, now);
  const row = await claimSaved(deps.db, key, now + CLAIM_MS);
  if (!row) return 'skipped';
  // The customer never got the confirmation: the update that replaced it reads as one.
  return deliver(deps, row, row.kind === 'update' && !told ? 'confirmation' : row.kind);
}
