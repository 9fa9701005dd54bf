// The owner's own calendar of bookings (docs/product.md#bookings): an iCalendar feed at a secret
// address their phone's calendar subscribes to, with the customers' names. The secret lives in
// app_meta, the same for every instance; making a new one stops the old address at once. Bookings
// are never in the public /events.ics.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DATE_RANGE } from '#shared/constants.ts';
import { addDays, londonDay } from '#shared/london-days.ts';
import type { Db } from '../../db/database.ts';
import { escapeText, icsText, utcStamp } from '../calendar/ics.ts';
import { LONDON_TIMEZONE, whenLines } from '../calendar/invitation.ts';
import { displayDay } from './days.ts';
import { detailLines } from './mail-text.ts';
import type { BookingRow } from './repository.ts';

const FEED_SECRET_KEY = 'bookings_feed_secret';
/** The feed's path; the secret is the file name. */
export const OWNER_FEED_PREFIX = '/calendar/bookings-';
/** Finished bookings older than this drop out of the feed (the calendar keeps what it has). */
const PAST_DAYS_SHOWN = 400;

const newSecret = () => randomBytes(32).toString('base64url');

/** The secret, made on first use; every instance reads the same one. */
export async function feedSecret(db: Db): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key: FEED_SECRET_KEY, value: newSecret() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', FEED_SECRET_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** A new secret: the old address answers 404 from now on. */
export async function rotateFeedSecret(db: Db): Promise<string> {
  const secret = newSecret();
  await db.updateTable('app_meta').set({ value: secret }).where('key', '=', FEED_SECRET_KEY).execute();
  return secret;
}

/** Whether `given` is the secret, compared in constant time. */
export function isFeedSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const feedUrl = (publicUrl: string, secret: string) =>
  `${publicUrl.replace(/\/$/, '')}${OWNER_FEED_PREFIX}${secret}.ics`;

const STATE_WORDS: Record<string, string> = { provisional: 'Hold', confirmed: 'Booked', completed: 'Done' };

function eventLines(booking: BookingRow, host: string, adminUrl: string): string[] {
  const stamp = utcStamp(booking.updated_at);
  const people = booking.people === null ? '' : `, ${booking.people} people`;
  return [
    'BEGIN:VEVENT',
    `UID:booking-${booking.id}@${host}`,
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
          ? [`Hold lapses ${displayDay(londonDay(booking.hold_expires_at))}`]
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
  const host = new URL(options.publicUrl).host;
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
    ...bookings.flatMap((booking) => eventLines(booking, host, adminUrl)),
    'END:VCALENDAR',
  ]);
}
