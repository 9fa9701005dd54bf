// The booking_mails table: one row per message to a booking's customer. Its primary key
// (booking_id, kind, sequence) makes each message once; a claim (claimed_until) lets one instance at a
// time send it; a failed one waits for next_at, like an enquiry's notice.
import type { Selectable } from 'kysely';
import type { BookingMailsTable } from '../../db/booking-tables.ts';
import type { Db } from '../../db/database.ts';
import type { ToldDetails } from './mail-answers.ts';

export type BookingMailRow = Selectable<BookingMailsTable>;
export type MailKey = Pick<BookingMailRow, 'booking_id' | 'kind' | 'sequence'>;

/**
 * A mail done with, never tried again: sent (a mail server took it) or saved (no mail server was set,
 * so it was only written to the outbox as a file — the customer did not get it; docs/decisions/0454).
 */
export const DONE_STATES = ['sent', 'saved'];
export type DoneState = 'sent' | 'saved';

/** The mails that tell the customer what the booking now is (each replaces the one before). */
export const CHANGE_KINDS = ['confirmation', 'update', 'cancellation'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

const byKey = (key: MailKey) => (db: Db) =>
  db
    .updateTable('booking_mails')
    .where('booking_id', '=', key.booking_id)
    .where('kind', '=', key.kind)
    .where('sequence', '=', key.sequence);

/**
 * Records a change's mail, owed now, in the caller's transaction. An earlier change's mail that has
 * not gone (and is not being sent this moment) is dropped: the customer hears what the booking is
 * now, once. An update to a booking whose confirmation never went is its confirmation. An update
 * keeps what the customer was last told (`told`, or what a dropped update kept) to say old → new.
 */
export async function queueChangeMail(
  trx: Db,
  key: MailKey & { kind: ChangeKind },
  now: number,
  told: ToldDetails | null = null,
) {
  const unsent = (db: Db) =>
    db
      .deleteFrom('booking_mails')
      .where('booking_id', '=', key.booking_id)
      .where('kind', 'in', CHANGE_KINDS)
      .where('state', 'not in', DONE_STATES)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]));
  // The customer never read a dropped update, so what it kept is still what they were last told.
  const carried = (await unsent(trx).returning(['previous_details', 'created_at']).execute())
    .filter((row) => row.previous_details !== null)
    .sort((a, b) => a.created_at - b.created_at)[0]?.previous_details;
  let kind: string = key.kind;
  if (kind === 'update') {
    const confirmed = await trx
      .selectFrom('booking_mails')
      .select('kind')
      .where('booking_id', '=', key.booking_id)
      .where('kind', '=', 'confirmation')
      .executeTakeFirst();
    if (!confirmed) kind = 'confirmation';
  }
  const previous = kind === 'update' ? (carried ?? (told ? JSON.stringify(told) : null)) : null;
  const row = { ...key, kind, state: 'pending', next_at: now, created_at: now, previous_details: previous };
  await trx
    .insertInto('booking_mails')
    .values({ ...row, claimed_until: null, error: null, attempted_at: null, sent_at: null })
    .onConflict((oc) => oc.columns(['booking_id', 'kind', 'sequence']).doNothing())
    .execute();
}

/**
 * Makes a reminder's row, owed now: true for exactly one caller however many instances try at once
 * (the primary key decides), and that caller sends it.
 */
export async function claimReminder(db: Db, key: MailKey, now: number, until: number): Promise<boolean> {
  const result = await db
    .insertInto('booking_mails')
    .values({
      ...key,
      state: 'pending',
      next_at: now,
      claimed_until: until,
      error: null,
      created_at: now,
      attempted_at: null,
      sent_at: null,
    })
    .onConflict((oc) => oc.columns(['booking_id', 'kind', 'sequence']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Takes an unsent mail for this instance until `until`; undefined when it is done or another has it. */
export const claimMail = (db: Db, key: MailKey, now: number, until: number) =>
  byKey(key)(db)
    .set({ claimed_until: until })
    .where('state', 'not in', DONE_STATES)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .returningAll()
    .executeTakeFirst();

/** The mailer took it: `sent` through a mail server, or `saved` as a file in the outbox. */
export const recordDone = (db: Db, key: MailKey, state: DoneState, now: number) =>
  byKey(key)(db)
    .set({ state, sent_at: now, attempted_at: now, next_at: null, claimed_until: null, error: null })
    .execute();

export const recordFailed = (
  db: Db,
  key: MailKey,
  failure: { attempts: number; nextAt: number | null; error: string; now: number },
) =>
  byKey(key)(db)
    .set({
      state: 'failed',
      attempts: failure.attempts,
      next_at: failure.nextAt,
      error: failure.error,
      attempted_at: failure.now,
      claimed_until: null,
    })
    .execute();

/** A mail that is no longer owed (the booking was cancelled or anonymised before it went). */
export const dropMail = (db: Db, key: MailKey) =>
  db
    .deleteFrom('booking_mails')
    .where('booking_id', '=', key.booking_id)
    .where('kind', '=', key.kind)
    .where('sequence', '=', key.sequence)
    .where('state', 'not in', DONE_STATES)
    .execute();

/** The unsent mails whose (next) attempt is due, of one booking or all, oldest first. */
export const dueMails = (db: Db, now: number, bookingId?: number) =>
  db
    .selectFrom('booking_mails')
    .select(['booking_id', 'kind', 'sequence'])
    .where('state', 'not in', DONE_STATES)
    .where('next_at', '<=', now)
    .$if(bookingId !== undefined, (query) => query.where('booking_id', '=', bookingId!))
    .orderBy('created_at')
    .orderBy('booking_id')
    .execute();

/** The booking's mails, oldest first. */
export const mailsOf = (db: Db, bookingIds: number[]) =>
  bookingIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('booking_mails')
        .selectAll()
        .where('booking_id', 'in', bookingIds)
        .orderBy('created_at')
        .orderBy('sequence')
        .orderBy('kind')
        .execute();

/**
 * Records a quote owed now, in the caller's transaction (docs/decisions/0473): each quote is made at
 * a sequence of its own, and an earlier quote not gone yet is dropped for it.
 */
export async function queueQuote(trx: Db, key: MailKey, now: number) {
  await trx
    .deleteFrom('booking_mails')
    .where('booking_id', '=', key.booking_id)
    .where('kind', '=', 'quote')
    .where('state', 'not in', DONE_STATES)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .execute();
  await trx
    .insertInto('booking_mails')
    .values({
      ...key,
      state: 'pending',
      next_at: now,
      claimed_until: null,
      error: null,
      created_at: now,
      attempted_at: null,
      sent_at: null,
    })
    .onConflict((oc) => oc.columns(['booking_id', 'kind', 'sequence']).doNothing())
    .execute();
}

/** Whether the owner has sent this booking as a quote (whatever became of the mail). */
export const wasQuoted = async (db: Db, bookingId: number) =>
  (await db
    .selectFrom('booking_mails')
    .select('booking_id')
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'quote')
    .executeTakeFirst()) !== undefined;

/**
 * Whether the customer has heard of the booking: a mail of it reached a mail server, or a change's
 * mail is being sent this moment. Mail only saved to the outbox, failed or still waiting did not
 * reach them, so no cancellation follows it (docs/decisions/0475).
 */
export async function wasTold(db: Db, bookingId: number, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('booking_mails')
    .select('kind')
    .where('booking_id', '=', bookingId)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'sent'),
        eb.and([eb('kind', 'in', CHANGE_KINDS), eb('claimed_until', '>', now)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
