// Data-subject requests (issue 9): everything the site stores under one visitor's e-mail address —
// their enquiries, and the counter that limits acknowledgement e-mails to their mailbox — listed for
// an access request and erased for an erasure request. docs/decisions/0403.
import type { DataSubjectErasure, DataSubjectRecords } from '#shared/schemas/data-subject.ts';
import type { Db } from '../../db/database.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionAdmin } from '../accounts/deps.ts';
import { erasePersonalData, findPersonalData } from '../enquiries/personal-data.ts';

export const DATA_SUBJECT_ERASED = 'data_subject.erased';

export function createDataSubjectService(db: Db, audit: Pick<AuditService, 'record'>) {
  return {
    async find(email: string): Promise<DataSubjectRecords> {
      const stored = await findPersonalData(db, email);
      return {
        success: true,
        email,
        enquiries: stored.enquiries,
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
      const { enquiryIds, acknowledgements } = await db
        .transaction()
        .execute((trx) => erasePersonalData(trx, email));
      await audit.record({
        adminId: by.admin.id,
        actor: by.admin.email,
        action: DATA_SUBJECT_ERASED,
        method: 'DELETE',
        route: '/api/admin/data-subject',
        ip: by.ip,
        detail: { enquiry_ids: enquiryIds, acknowledgements_counted: acknowledgements },
      });
      return { enquiries: enquiryIds.length, acknowledgements_counted: acknowledgements };
    },
  };
}

export type DataSubjectService = ReturnType<typeof createDataSubjectService>;
