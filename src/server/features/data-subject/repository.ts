import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// Addresses match ignoring letter case: People@Example.com and people@example.com are one person.
// Every stored address passed the same (ASCII) e-mail check, so lower() agrees on both dialects.
const storedAddress = sql<string>`lower(email)`;

export const findEnquiriesByEmail = (db: Db, email: string) =>
  db
    .selectFrom('enquiries')
    .selectAll()
    .where(storedAddress, '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** The ids of the enquiries deleted. */
export async function deleteEnquiriesByEmail(db: Db, email: string): Promise<number[]> {
  const rows = await db
    .deleteFrom('enquiries')
    .where(storedAddress, '=', email.toLowerCase())
    .returning('id')
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function countLimitHits(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteLimitHits(db: Db, key: string): Promise<number> {
  const result = await db.deleteFrom('rate_limit_hits').where('key', '=', key).executeTakeFirst();
  return Number(result.numDeletedRows);
}
