// Each booking's private link for its customer (issue 36, item 6; docs/decisions/0473): a page at
// /booking/<token>, the token 32 random bytes (256 bits) in base64url. Like the owner's calendar
// address (owner-feed.ts) the token is kept so every mail and the owner's panel can give it, and a
// visit finds its row by the token's hash, so how long a lookup takes says nothing of any token. It is
// made on first use, once, whichever instance asks; the owner may replace it (newCustomerToken,
// decision 0483) and an erasure removes it: either way the old address is a 404 from then on. An
// anonymised booking has no link: nobody is left to read it.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** The page's path; the token follows. */
export const CUSTOMER_PAGE_PREFIX = '/booking/';
/** The page's two forms, as routes (the audit log names the booking of an entry of either). */
export const CUSTOMER_ACCEPT_ROUTE = '/booking/:token/accept';
export const CUSTOMER_MESSAGE_ROUTE = '/booking/:token/message';
/** What a token looks like (43 characters of base64url for 32 bytes); anything else is a 404 unread. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the booking is there and has a customer to give a page to (it is not anonymised). */
async function hasCustomer(db: Db, bookingId: number): Promise<boolean> {
  const booking = await db
    .selectFrom('bookings')
    .select('customer_email')
    .where('id', '=', bookingId)
    .executeTakeFirst();
  return Boolean(booking?.customer_email);
}

/** A new random token, as its row in booking_links keeps it. */
function freshLink(now: number) {
  const token = randomBytes(32).toString('base64url');
  return { token, token_hash: hashOf(token), created_at: now };
}

/** The booking's token, made on first use; null for a booking that is anonymised or not there. */
export async function customerToken(db: Db, bookingId: number, now: number): Promise<string | null> {
  if (!(await hasCustomer(db, bookingId))) return null;
  await db
    .insertInto('booking_links')
    .values({ booking_id: bookingId, ...freshLink(now) })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('booking_links')
    .select('token')
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return row.token;
}

/**
 * A new link for the booking, in place of the old one, which is a 404 from now on: for a mail that
 * reached the wrong person, or a link passed around further than the customer meant. Mails still to
 * go take the new one, as they read the link when they are sent. Null for a booking with no page.
 */
export async function newCustomerToken(db: Db, bookingId: number, now: number): Promise<string | null> {
  if (!(await hasCustomer(db, bookingId))) return null;
  const link = freshLink(now);
  await db
    .insertInto('booking_links')
    .values({ booking_id: bookingId, ...link })
    .onConflict((oc) => oc.column('booking_id').doUpdateSet(link))
    .execute();
  return link.token;
}

/** The booking a token opens, if it is a current link of a booking not anonymised. */
export async function bookingOfToken(db: Db, token: string): Promise<number | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const row = await db
    .selectFrom('booking_links as l')
    .innerJoin('bookings as b', 'b.id', 'l.booking_id')
    .select(['b.id', 'b.customer_email'])
    .where('l.token_hash', '=', hashOf(token))
    .executeTakeFirst();
  return row?.customer_email ? row.id : undefined;
}

/** Ends the links of these bookings (erasure, the retention purge), in the caller's transaction. */
export async function endCustomerLinks(trx: Db, bookingIds: number[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await trx.deleteFrom('booking_links').where('booking_id', 'in', bookingIds).execute();
  // What the customer wrote is theirs: it goes with their name.
  await trx.deleteFrom('booking_messages').where('booking_id', 'in', bookingIds).execute();
}

/** The page's address for `token`. */
export const customerPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}${CUSTOMER_PAGE_PREFIX}${token}`;
