import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { dialectOf, type Db } from '../../db/database.ts';
import type { EnquiriesTable } from '../../db/schema.ts';
import { moveToTrash } from '../trash/repository.ts';

export type EnquiryRow = Selectable<EnquiriesTable>;

/** The bookings that are not cancelled of these enquiries (one each at most: a unique index). */
export const liveBookingsOf = (db: Db, enquiryIds: number[]) =>
  enquiryIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('bookings')
        .select(['id', 'enquiry_id', 'state', 'start_date'])
        .where('enquiry_id', 'in', enquiryIds)
        .where('state', '<>', 'cancelled')
        .execute();

export const insertEnquiry = (db: Db, values: Insertable<EnquiriesTable>) =>
  db.insertInto('enquiries').values(values).returningAll().executeTakeFirstOrThrow();

/**
 * A confirmed (or completed) booking already has this day — the same rule as the availability the
 * form's date picker shows, so a day shown as taken is the day flagged (decision 0454).
 */
export async function dayIsBooked(db: Db, day: string): Promise<boolean> {
  const booking = await db
    .selectFrom('bookings')
    .select('id')
    .where('state', 'in', ['confirmed', 'completed'])
    .where('start_date', '<=', day)
    .where('end_date', '>=', day)
    .executeTakeFirst();
  if (booking) return true;
  // An event that needs the crew takes its day too (the one calendar, docs/decisions/0468).
  const event = await db
    .selectFrom('calendar_days')
    .select('day')
    .where('day', '=', day)
    .where('event_id', 'is not', null)
    .executeTakeFirst();
  return event !== undefined;
}

export const findEnquiry = (db: Db, id: number) =>
  db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();

export const listEnquiries = (db: Db) =>
  db.selectFrom('enquiries').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const updateEnquiry = (db: Db, id: number, values: Updateable<EnquiriesTable>) =>
  db.updateTable('enquiries').set(values).where('id', '=', id).returningAll().executeTakeFirst();

export async function existingIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db.selectFrom('enquiries').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Who sent these enquiries and when: the audit log names them so when it is shown, never stores it. */
export const sendersOf = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('enquiries').select(['id', 'name', 'created_at']).where('id', 'in', ids).execute();

/** Moves enquiries to Recently deleted (issue 17); run it in a transaction. Returns how many moved. */
export const deleteEnquiries = (trx: Db, ids: number[], now: number): Promise<number> =>
  moveToTrash(trx, 'enquiries', ids, (row) => enquiryTitle(row as EnquiryRow), now);

/** How Recently deleted names an enquiry: the person, and their organisation when they gave one. */
export const enquiryTitle = (row: Pick<EnquiryRow, 'name' | 'organisation'>) =>
  row.organisation ? `${row.name} (${row.organisation})` : row.name;

/** The notify_failure of an enquiry whose notice waits for a notification address (not a failure). */
export const WAITING_FOR_ADDRESS = 'no_address';

/**
 * Pending enquiries, oldest first: all of them, or (with `dueBy`) those due for an automatic retry.
 * `skipWaitingForAddress` leaves out those whose only owed mail waits for an address nobody has set.
 */
export async function pendingIds(
  db: Db,
  dueBy: number | null,
  options: { maxAttempts?: number; skipWaitingForAddress?: boolean } = {},
): Promise<number[]> {
  let query = db.selectFrom('enquiries').select('id').where('notify_pending', '=', 1);
  if (dueBy !== null)
    query = query.where((eb) => eb.or([eb('notify_next_at', 'is', null), eb('notify_next_at', '<=', dueBy)]));
  if (options.maxAttempts !== undefined) query = query.where('notify_attempts', '<', options.maxAttempts);
  if (options.skipWaitingForAddress)
    query = query.where((eb) =>
      eb.or([eb('notify_failure', 'is', null), eb('notify_failure', '!=', WAITING_FOR_ADDRESS)]),
    );
  return (await query.orderBy('id').execute()).map((r) => r.id);
}

/** Pending enquiries whose notice waits only for a notification address, oldest first. */
export async function waitingForAddressIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('enquiries')
    .select('id')
    .where('notify_pending', '=', 1)
    .where('notify_failure', '=', WAITING_FOR_ADDRESS)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface NotificationCounts {
  /** Enquiries with an e-mail still owed. */
  pending: number;
  /** Of those, notices held until there is an address to send them to. */
  waitingForAddress: number;
  /** Visitors whose acknowledgement is still owed (not those the mailbox limit held back). */
  visitorsWaiting: number;
  /** Enquiries whose last attempt failed at the mail server. */
  failing: number;
}

/** What the pending enquiries still owe, counted in one pass over the pending rows. */
export async function notificationCounts(db: Db): Promise<NotificationCounts> {
  const row = await db
    .selectFrom('enquiries')
    .where('notify_pending', '=', 1)
    .select((eb) => [
      eb.fn.countAll().as('pending'),
      eb.fn
        .sum(eb.case().when('notify_failure', '=', WAITING_FOR_ADDRESS).then(1).else(0).end())
        .as('waiting_for_address'),
      eb.fn
        .sum(
          eb
            .case()
            .when(
              eb.and([eb('visitor_acknowledged_at', 'is', null), eb('visitor_ack_skipped_at', 'is', null)]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('visitors_waiting'),
      eb.fn
        .sum(
          eb
            .case()
            .when(
              eb.and([eb('notify_failure', 'is not', null), eb('notify_failure', '!=', WAITING_FOR_ADDRESS)]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('failing'),
    ])
    .executeTakeFirstOrThrow();
  return {
    pending: Number(row.pending),
    waitingForAddress: Number(row.waiting_for_address ?? 0),
    visitorsWaiting: Number(row.visitors_waiting ?? 0),
    failing: Number(row.failing ?? 0),
  };
}

/** The mail server failure of the newest pending enquiry that has one (its kind), or null. */
export async function latestFailure(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('enquiries')
    .select('notify_failure')
    .where('notify_pending', '=', 1)
    .where('notify_failure', 'is not', null)
    .where('notify_failure', '!=', WAITING_FOR_ADDRESS)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.notify_failure ?? null;
}

/**
 * Takes the right to send an enquiry's notifications until `until`, unless another sender (this or
 * another instance) holds it: so the manual button, the retry job and the send after submit never
 * mail the business twice for one enquiry.
 */
export async function claimForNotification(
  db: Db,
  id: number,
  now: number,
  until: number,
): Promise<EnquiryRow | undefined> {
  return db
    .updateTable('enquiries')
    .set({ notify_claimed_until: until })
    .where('id', '=', id)
    .where('notify_pending', '=', 1)
    .where((eb) => eb.or([eb('notify_claimed_until', 'is', null), eb('notify_claimed_until', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Remembers an ALTCHA solution; false when it was already used. Expired ones are cleared on the way. */
export async function recordCaptchaSolution(
  db: Db,
  signature: string,
  expiresAt: number,
  now: number,
): Promise<boolean> {
  await db.deleteFrom('captcha_solutions').where('expires_at', '<', now).execute();
  const result = await db
    .insertInto('captcha_solutions')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

// Limits shared by every instance (limits.ts): one row per counted use, kept until its window ends.

/**
 * First step of a limit check, inside its transaction: waits until no other transaction (on any
 * instance) is checking `key`, so a count and the insert after it cannot interleave with another's.
 * PostgreSQL takes an advisory lock held until commit. SQLite has one writer at a time: deleting the
 * key's expired rows is a write, so the transaction takes that turn at once (waiting for it) instead
 * of failing later when its read would have to become a write.
 */
export async function lockLimitKey(trx: Db, key: string, now: number): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    return;
  }
  await trx.deleteFrom('rate_limit_hits').where('key', '=', key).where('expires_at', '<=', now).execute();
}

export async function insertLimitHit(db: Db, key: string, now: number, expiresAt: number): Promise<number> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, created_at: now, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many uses of `key` fall after `since`, and when the oldest of them was. */
export async function countLimitHitsSince(
  db: Db,
  key: string,
  since: number,
): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
}

export const deleteLimitHit = (db: Db, id: number) =>
  db.deleteFrom('rate_limit_hits').where('id', '=', id).execute();

export const deleteExpiredLimitHits = (db: Db, now: number) =>
  db.deleteFrom('rate_limit_hits').where('expires_at', '<=', now).execute();
