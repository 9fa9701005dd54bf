// The mail cancelling a booking makes, shown before it is sent, and whom it goes to
// (issue 36, item 5; docs/decisions/0475). The customer is e-mailed only when they have heard of
// the booking: a hold was never promised to them, and a confirmation that never reached them (no
// mail server, still failing) is not followed by a cancellation of something they never knew of.
import { londonDay } from '#shared/london-days.ts';
import type { CancellationPreview, NotMailed } from '#shared/schemas/booking-mail.ts';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { businessContact, customerPageOf } from './customer-mail.ts';
import type { BookingsDeps } from './deps.ts';
import { wasTold } from './mail-repository.ts';
import { customerMail } from './mail-text.ts';
import * as repo from './repository.ts';

const LIVE = ['provisional', 'confirmed'];

async function live(db: Db, id: number): Promise<repo.BookingRow> {
  const row = await repo.findBooking(db, id);
  if (!row) throw notFound('Booking not found');
  if (!LIVE.includes(row.state))
    throw conflict(`Only a provisional or confirmed booking can be cancelled; this one is ${row.state}`);
  return row;
}

/** Why cancelling this booking now mails nobody; null when the customer is told. */
export async function notMailed(db: Db, row: repo.BookingRow, now: number): Promise<NotMailed | null> {
  if (row.state !== 'confirmed') return 'provisional';
  if (!row.customer_email) return 'no_address';
  return (await wasTold(db, row.id, now)) ? null : 'not_told';
}

/** The mail cancelling now would send, made by the same function that sends it; or why none goes. */
export async function cancellationPreview(
  deps: BookingsDeps,
  id: number,
  reason = '',
): Promise<CancellationPreview> {
  const now = deps.clock.now();
  const row = await live(deps.db, id);
  const why = await notMailed(deps.db, row, now);
  if (why) return { success: true, mailed: false, not_mailed: why, to: null, subject: null, text: null };
  const mail = customerMail({
    booking: { ...row, state: 'cancelled', cancel_reason: reason || null },
    kind: 'cancellation',
    sequence: row.sequence + 1,
    business: await businessContact(deps),
    now,
    today: londonDay(now),
    pageUrl: await customerPageOf(deps, row.id, now),
  });
  return {
    success: true,
    mailed: true,
    not_mailed: null,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
  };
}
