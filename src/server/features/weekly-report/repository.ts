import type { Db } from '../../db/database.ts';

export interface ReportRecipient {
  id: number;
  username: string;
  email: string;
  role: 'admin' | 'superadmin';
}

export const weeklyReportWanted = async (db: Db, adminId: number): Promise<boolean> =>
  (
    await db
      .selectFrom('admin_users')
      .select('weekly_report')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow()
  ).weekly_report === 1;

export const setWeeklyReportWanted = (db: Db, adminId: number, wanted: boolean) =>
  db
    .updateTable('admin_users')
    .set({ weekly_report: wanted ? 1 : 0 })
    .where('id', '=', adminId)
    .execute();

/** The admins who asked for the report and have not been claimed for `week` yet. */
export async function recipientsStillOwed(db: Db, week: string): Promise<ReportRecipient[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select(['id', 'username', 'email', 'role'])
    .where('weekly_report', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('weekly_report_sends')
            .select('admin_id')
            .whereRef('weekly_report_sends.admin_id', '=', 'admin_users.id')
            .where('weekly_report_sends.week', '=', week),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, role: row.role === 'superadmin' ? 'superadmin' : 'admin' }));
}

/**
 * Claims `week`'s report to `adminId` for this instance: true for exactly one caller however many
 * instances try at once (the row's primary key decides).
 */
export async function claimSend(db: Db, week: string, adminId: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('weekly_report_sends')
    .values({ week, admin_id: adminId, claimed_at: now, sent_at: null, failure: null })
    .onConflict((oc) => oc.columns(['week', 'admin_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const recordSendOutcome = (
  db: Db,
  week: string,
  adminId: number,
  outcome: { sentAt: number } | { failure: string },
) =>
  db
    .updateTable('weekly_report_sends')
    .set('sentAt' in outcome ? { sent_at: outcome.sentAt } : { failure: outcome.failure })
    .where('week', '=', week)
    .where('admin_id', '=', adminId)
    .execute();
