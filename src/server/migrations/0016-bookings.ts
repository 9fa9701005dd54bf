// Frozen: never edit a migration that has shipped, never import application code from one.
// Bookings (issue 29, docs/decisions/0454): an enquiry's optional preferred date, kind of event and
// number of people; bookings made from enquiries; the days confirmed bookings take; and the mail
// each booking sends its customer.
import { SqliteAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (column: ColumnDefinitionBuilder) =>
    sqlite ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();

  await db.schema.alterTable('enquiries').addColumn('preferred_date', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('event_type', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('people', 'integer').execute();
  // The preferred date was already confirmed for someone else when the enquiry came (1), or not.
  await db.schema.alterTable('enquiries').addColumn('date_taken', 'integer').execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', id)
    // No foreign key: a deleted enquiry goes to Recently deleted and may come back with its id.
    .addColumn('enquiry_id', 'integer')
    .addColumn('state', 'text', (c) => c.notNull())
    // The customer as the enquiry named them, kept with the booking (mail, the calendar feed).
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('people', 'integer')
    .addColumn('price_pence', 'bigint')
    .addColumn('deposit_pence', 'bigint')
    .addColumn('deposit_paid_on', 'text')
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('shares_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hold_expires_at', 'bigint')
    // Raised on every change the customer's calendar must hear about (iCalendar SEQUENCE).
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_dates').on('bookings').columns(['start_date', 'end_date']).execute();
  await db.schema
    .createIndex('bookings_holds')
    .on('bookings')
    .columns(['state', 'hold_expires_at'])
    .execute();
  // One live booking per enquiry: two admins pressing "Book" at once make one booking, not two.
  await sql`create unique index bookings_one_per_enquiry on bookings (enquiry_id) where state <> 'cancelled'`.execute(
    db,
  );

  // One row per day of a confirmed (or completed) booking that does not share its day: the primary
  // key is what keeps two such bookings off the same day, whichever instance confirms them.
  await db.schema
    .createTable('booking_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('booking_days_booking').on('booking_days').column('booking_id').execute();
  await createBookingMails(db);
}

/**
 * The customer's mail about a booking: a confirmation, an update, a cancellation or a reminder. The
 * primary key is the claim: whichever instance inserts a reminder's row first sends it, once.
 */
async function createBookingMails(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_mails')
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    // confirmation | update | cancellation | reminder-<days before>
    .addColumn('kind', 'text', (c) => c.notNull())
    // The booking's sequence the mail was made at (its invitation's SEQUENCE).
    .addColumn('sequence', 'integer', (c) => c.notNull())
    // pending | sent | failed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When the next automatic attempt is due; null once sent or out of attempts.
    .addColumn('next_at', 'bigint')
    // Held by the instance sending it until then (a crashed sender's claim lapses).
    .addColumn('claimed_until', 'bigint')
    // Why the last attempt failed, in the owner's words.
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempted_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addPrimaryKeyConstraint('booking_mails_key', ['booking_id', 'kind', 'sequence'])
    .execute();
  await db.schema
    .createIndex('booking_mails_due')
    .on('booking_mails')
    .columns(['state', 'next_at'])
    .execute();
}
