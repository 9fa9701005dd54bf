// Frozen: never edit a migration that has shipped, never import application code from one.
// How many sessions were last seen on each London day. A period always ends today, so its visitors
// are the sessions last seen on or after its first day: summing at most a year of these rows replaces
// counting hundreds of thousands of session rows on every report (docs/decisions/0406).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_sessions_by_last_day')
    .addColumn('last_day', 'text', (c) => c.primaryKey())
    .addColumn('sessions', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    insert into analytics_sessions_by_last_day (last_day, sessions)
    select last_day, count(*) from analytics_sessions group by last_day
  `.execute(db);
}
