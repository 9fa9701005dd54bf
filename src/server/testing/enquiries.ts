// A test's enquiries written straight to the table, as the form would have stored them and with no
// mail owed, so a test about reports, the trash or erasure need not go through the form and its mail.
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { EnquiriesTable } from '../db/schema.ts';

type EnquiryFields = Partial<Insertable<EnquiriesTable>>;

/** Stores one enquiry per entry at time `at` (a booking request from Sam Smith unless named); returns their ids. */
export async function storeEnquiries(db: Db, at: number, enquiries: EnquiryFields[]): Promise<number[]> {
  const rows = await db
    .insertInto('enquiries')
    .values(
      enquiries.map((enquiry) => ({
        name: 'Sam Smith',
        email: 'sam@example.com',
        organisation: 'Acme Events',
        message: 'We would like to book the range.',
        status: 'new',
        spam_reason: null,
        created_at: at,
        updated_at: at,
        notify_pending: 0,
        notify_attempts: 0,
        ...enquiry,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Stores one enquiry as `storeEnquiries` does; returns its id. */
export async function storeEnquiry(db: Db, at: number, enquiry: EnquiryFields = {}): Promise<number> {
  const [id] = await storeEnquiries(db, at, [enquiry]);
  if (id === undefined) throw new Error('the enquiry was not stored');
  return id;
}
