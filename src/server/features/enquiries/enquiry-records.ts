// The admin's enquiry list: reading, marking and deleting stored enquiries.
import type { Enquiry, EnquiryStatus } from '#shared/schemas/enquiries.ts';
import { notFound } from '../../lib/http-error.ts';
import type { EnquiriesDeps } from './deps.ts';
import { withBookings } from './enquiry-view.ts';
import * as repo from './repository.ts';

export async function listEnquiries({ db }: EnquiriesDeps): Promise<Enquiry[]> {
  return withBookings(db, await repo.listEnquiries(db));
}

export async function setStatus(
  { db, clock }: EnquiriesDeps,
  id: number,
  status: EnquiryStatus,
): Promise<Enquiry> {
  const row = await repo.updateEnquiry(db, id, {
    status,
    updated_at: clock.now(),
    // Marking spam stops any mail still owed for it.
    ...(status === 'spam' ? { notify_pending: 0 } : {}),
  });
  if (!row) throw notFound('Enquiry not found');
  const [enquiry] = await withBookings(db, [row]);
  return enquiry!;
}

/** Moves it to Recently deleted (issue 17), where it can be restored for 30 days. */
export async function removeEnquiry({ db, clock }: EnquiriesDeps, id: number): Promise<void> {
  const moved = await db.transaction().execute((trx) => repo.deleteEnquiries(trx, [id], clock.now()));
  if (moved === 0) throw notFound('Enquiry not found');
}

/** All or nothing (into Recently deleted): if any id is unknown nothing is deleted and the unknown ids are named. */
export async function removeEnquiries({ db, clock }: EnquiriesDeps, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const existing = new Set(await repo.existingIds(trx, unique));
    const missing = unique.filter((id) => !existing.has(id));
    const deleted = missing.length === 0 ? await repo.deleteEnquiries(trx, unique, clock.now()) : 0;
    if (missing.length > 0 || deleted !== unique.length) {
      const gone = missing.length > 0 ? missing : unique;
      throw notFound(`No enquiry with id ${gone.join(', ')}; nothing was deleted`);
    }
    return deleted;
  });
}
