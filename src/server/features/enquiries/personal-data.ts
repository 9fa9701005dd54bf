// What the enquiries feature stores under one visitor's e-mail address — their enquiries, and the
// counter that limits acknowledgement e-mails to their mailbox — for data-subject requests
// (features/data-subject, docs/decisions/0403). The tables stay this feature's own.
import { sql } from 'kysely';
import type { Enquiry } from '#shared/schemas/enquiries.ts';
import type { Db } from '../../db/database.ts';
import { acknowledgementKey } from '../../lib/mailbox.ts';
import { deleteFromTrash, holdTrashOf, trashedOfKind } from '../trash/repository.ts';
import { withBookings } from './enquiry-view.ts';
import type { EnquiryRow } from './repository.ts';

/** Trashed enquiries from this address (held as JSON: compared here, not in SQL). */
async function trashedEnquiriesOf(db: Db, email: string) {
  const address = email.toLowerCase();
  return (await trashedOfKind(db, 'enquiries')).filter(
    (t) => typeof t.row.email === 'string' && t.row.email.toLowerCase() === address,
  );
}

// Addresses match ignoring letter case: People@Example.com and people@example.com are one person.
// Every stored address passed the same (ASCII) e-mail check, so lower() agrees on both dialects.
const storedAddress = sql<string>`lower(email)`;

export interface PersonalData {
  enquiries: Enquiry[];
  /** Acknowledgements counted against the mailbox's limit. */
  acknowledgementsCounted: number;
}

export async function findPersonalData(db: Db, email: string): Promise<PersonalData> {
  const rows = await db
    .selectFrom('enquiries')
    .selectAll()
    .where(storedAddress, '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const counted = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('key', '=', acknowledgementKey(email))
    .executeTakeFirstOrThrow();
  // Recently deleted enquiries are still held, so a request sees them too (issue 17).
  const trashed = (await trashedEnquiriesOf(db, email)).map((t) => t.row as EnquiryRow);
  return {
    enquiries: await withBookings(db, [...rows, ...trashed]),
    acknowledgementsCounted: Number(counted.n),
  };
}

/**
 * Erases it all; run it as the first step of the caller's transaction. Returns the enquiry ids,
 * ascending. It holds the enquiries' trash first, so a restore racing it either finishes before (and
 * its enquiry, live again, is erased here) or waits and finds nothing to restore. Live rows go before
 * the trash: a deletion that moves one meanwhile makes this wait for it, then find it in the trash.
 */
export async function erasePersonalData(
  trx: Db,
  email: string,
): Promise<{ enquiryIds: number[]; acknowledgements: number }> {
  await holdTrashOf(trx, 'enquiries');
  const deleted = await trx
    .deleteFrom('enquiries')
    .where(storedAddress, '=', email.toLowerCase())
    .returning('id')
    .execute();
  // Erasure is at once: what sits in Recently deleted goes too.
  // Counted as removed, not as listed: only what this transaction took out of the trash was erased here.
  const trashed = await deleteFromTrash(
    trx,
    'enquiries',
    (await trashedEnquiriesOf(trx, email)).map((t) => t.item_id),
  );
  const hits = await trx
    .deleteFrom('rate_limit_hits')
    .where('key', '=', acknowledgementKey(email))
    .executeTakeFirst();
  return {
    enquiryIds: [...deleted.map((row) => row.id), ...trashed].sort((a, b) => a - b),
    acknowledgements: Number(hits.numDeletedRows),
  };
}
