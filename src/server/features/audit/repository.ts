import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/schema.ts';

export const insertAuditEntry = (db: Db, values: Insertable<AuditLogTable>) =>
  db.insertInto('audit_log').values(values).execute();

/** Newest first; ids only grow, so `before` is a stable cursor even when entries share a millisecond. */
export const listAuditEntries = (db: Db, limit: number, before: number | undefined) => {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.execute();
};
