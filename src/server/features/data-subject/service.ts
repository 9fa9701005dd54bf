// Data-subject requests (issue 9): everything the site stores under one visitor's e-mail address —
// their enquiries, their bookings, and the counter that limits acknowledgement e-mails to their
// mailbox — listed for an access request and erased for an erasure request (bookings are anonymised:
// their amounts stay for the accounts). docs/decisions/0403, 0454.
import type { DataSubjectErasure, DataSubjectRecords } from '#shared/schemas/data-subject.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionAdmin } from '../accounts/deps.ts';
import { anonymiseBookingsOf, bookingsOf } from '../bookings/personal-data.ts';
import { erasePersonalData, findPersonalData } from '../enquiries/personal-data.ts';

export const DATA_SUBJECT_ERASED = 'data_subject.erased';

export function createDataSubjectService(db: Db, clock: Clock, audit: Pick<AuditService, 'record'>) {
  return {
    async find(email: string): Promise<DataSubjectRecords> {
      const stored = await findPersonalData(db, email);
      return {
        success: true,
        email,
        enquiries: stored.enquiries,
        bookings: await bookingsOf(db, email),
        acknowledgements_counted: stored.acknowledgementsCounted,
      };
    },

    /**
     * Erases everything stored under the address in one transaction, then records who did it. The
     * audit entry names the enquiry ids and counts, never the address: the log must not keep what
     * was just erased.
     */
    async erase(
      email: string,
      by: { admin: SessionAdmin; ip: string },
    ): Promise<DataSubjectErasure['deleted']> {
      const { enquiryIds, acknowledgements, bookingIds } = await db.transaction().execute(async (trx) => ({
        ...(await erasePersonalData(trx, email)),
        bookingIds: await anonymiseBookingsOf(trx, email, clock.now()),
      }));
      await audit.record({
        adminId: by.admin.id,
        actor: by.admin.email,
        action: DATA_SUBJECT_ERASED,
        method: 'DELETE',
        route: '/api/admin/data-subject',
        ip: by.ip,
        detail: {
          enquiry_ids: enquiryIds,
          booking_ids: bookingIds,
          acknowledgements_counted: acknowledgements,
        },
      });
      return {
        enquiries: enquiryIds.length,
        bookings: bookingIds.length,
        acknowledgements_counted: acknowledgements,
      };
    },
  };
}

export type DataSubjectService = ReturnType<typeof createDataSubjectService>;
