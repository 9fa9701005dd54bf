// Each admin's own calendar of bookings (docs/product.md#bookings, docs/decisions/0461): an iCalendar
// feed at a secret address their phone's calendar subscribes to, with the customers' names. Every
// admin has an address of their own, in calendar_feeds: it goes with the account, so a removed admin's
// calendar stops while everyone else's keeps working; making a new one stops the old address at
// once. Bookings are never in the public /events.ics.
import { createHash, randomBytes } from 'node:crypto';
import { DATE_RANGE } from '#shared/constants.ts';
import { addDays } from '#shared/london-days.ts';
import { londonDisplayTime } from '#shared/london-time.ts';
import type { Db } from '../../db/database.ts';
import { escapeText, icsText, utcStamp } from '../calendar/ics.ts';
import { LONDON_TIMEZONE, whenLines } from '../calendar/invitation.ts';
import { detailLines } from './mail-text.ts';
import type { BookingRow } from './repository.ts';
import { bookingUid } from './booking-uid.ts';

/** The feed's path; the secret is the file name. */
export const OWNER_FEED_PREFIX = '/calendar/bookings-';
/** Finished bookings older than this drop out of the feed (the calendar keeps what it has). */
const PAST_DAYS_SHOWN = 400;

const newSecret = () => randomBytes(32).toString('base64url');
// A fetch is looked up by the hash: how long the lookup takes says nothing about the secret.
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

const feedRow = (adminId: number, now: number) => {
  const secret = newSecret();
  return { admin_id: adminId, secret, secret_hash: hashOf(secret), created_at: now };
};

/** The admin's secret, made on first use; every instance reads the same one. */
export async function feedSecret(db: Db, adminId: number, now: number): Promise<string> {
  await db
    .insertInto('calendar_feeds')
    .values(feedRow(adminId, now))
    .onConflict((oc) => oc.column('admin_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('calendar_feeds')
    .select('secret')
    .where('admin_id', '=', adminId)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** A new secret for the admin: their old address answers 404 from now on; nobody else's changes. */
export async function rotateFeedSecret(db: Db, adminId: number, now: number): Promise<string> {
  const row = feedRow(adminId, now);
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('admin_id')
        .doUpdateSet({ secret: row.secret, secret_hash: row.secret_hash, created_at: now }),
    )
    .execute();
  return row.secret;
}

/** Whether `given` is the address of an admin who still has an account. */
export async function isFeedSecret(db: Db, given: string): Promise<boolean> {
  const row = await db
    .selectFrom('calendar_feeds')
    // The foreign key removes the row with the account; the join makes sure of it on its own.
    .innerJoin('admin_users', 'admin_users.id', 'calendar_feeds.admin_id')
    .select('calendar_feeds.admin_id')
    .where('calendar_feeds.secret_hash', '=', hashOf(given))
    .executeTakeFirst();
  return row !== undefined;
}

export const feedUrl = (publicUrl: string, secret: string) =>
  `${publicUrl.replace(/\/$/, '')}${OWNER_FEED_PREFIX}${secret}.ics`;

const STATE_WORDS: Record<string, string> = { provisional: 'Hold', confirmed: 'Booked', completed: 'Done' };

function eventLines(booking: BookingRow, publicUrl: string, adminUrl: string): string[] {
  const stamp = utcStamp(booking.updated_at);
  const people = booking.people === null ? '' : `, ${booking.people} people`;
  return [
    'BEGIN:VEVENT',
    `UID:${bookingUid(booking.id, publicUrl)}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    ...whenLines({
      startDay: booking.start_date,
      endDay: booking.end_date,
      startTime: booking.start_time,
      endTime: booking.end_time,
    }),
    `SUMMARY:${escapeText(`${STATE_WORDS[booking.state] ?? booking.state}: ${booking.customer_name}${people}`)}`,
    `LOCATION:${escapeText([booking.location, booking.postcode].filter(Boolean).join(', '))}`,
    `DESCRIPTION:${escapeText(
      [
        ...detailLines(booking),
        `E-mail: ${booking.customer_email}`,
        ...(booking.notes ? [`Notes: ${booking.notes}`] : []),
        ...(booking.state === 'provisional' && booking.hold_expires_at
          ? // The moment, not only the day: a hold lapses at 00:00 or at the hour it was made.
            [`Hold lapses ${londonDisplayTime(booking.hold_expires_at)}`]
          : []),
        `${adminUrl}?booking=${booking.id}`,
      ].join('\n'),
    )}`,
    `STATUS:${booking.state === 'provisional' ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/** The feed's text: every booking that is not cancelled, from a little over a year back on. */
export async function ownerFeed(db: Db, options: { name: string; publicUrl: string; today: string }) {
  const from = addDays(options.today, -PAST_DAYS_SHOWN);
  const bookings = await db
    .selectFrom('bookings')
    .selectAll()
    .where('state', '<>', 'cancelled')
    .where('end_date', '>=', from)
    // A booking stored before its days were bounded (decision 0458) stays in the admin to be fixed;
    // in the feed its last day would end on a day that is no date.
    .where('end_date', '<=', DATE_RANGE.lastDay)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  const adminUrl = `${options.publicUrl.replace(/\/$/, '')}/admin/bookings`;
  const name = `${options.name} bookings`;
  return icsText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(options.name)}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...(bookings.some((b) => b.start_time && b.end_time) ? LONDON_TIMEZONE : []),
    ...bookings.flatMap((booking) => eventLines(booking, options.publicUrl, adminUrl)),
    'END:VCALENDAR',
  ]);
}
