// Frozen: never edit a migration that has shipped, never import application code from one.
// One calendar (issue 36, item 1; docs/decisions/0468): the owner's events take their day as confirmed
// bookings do, unless an event says it does not need the crew. booking_days becomes calendar_days,
// whose day is still the primary key, held by a booking or by an event: the one key refuses a
// booking on an event's day and an event on a booking's, on either database, from any instance.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // 1: the event needs the crew and the trailer, so it takes its day (the default: the owner's own
  // events); 0: a listing of someone else's show, which leaves the day free.
  await db.schema
    .alterTable('events')
    .addColumn('needs_crew', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('calendar_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .addCheckConstraint('calendar_days_one_holder', sql`(booking_id is null) <> (event_id is null)`)
    .execute();
  await db.schema.createIndex('calendar_days_booking').on('calendar_days').column('booking_id').execute();
  await db.schema.createIndex('calendar_days_event').on('calendar_days').column('event_id').execute();

  // The bookings' days first: they were promised to customers. Then each event in the order it was
  // made takes its day if nobody has it; an event already clashing keeps its place on the site and
  // is told of the clash the next time it is saved (the decision record says why).
  await sql`insert into calendar_days (day, booking_id) select day, booking_id from booking_days`.execute(db);
  await sql`
    insert into calendar_days (day, event_id)
    select e.date, min(e.id) from events e
    where e.needs_crew = 1 and not exists (select 1 from calendar_days d where d.day = e.date)
    group by e.date`.execute(db);
  await db.schema.dropTable('booking_days').execute();
}
