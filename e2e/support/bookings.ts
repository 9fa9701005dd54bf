// The enquiries and bookings the e2e tests and the screenshots start from: an enquiry written straight
// to the table (as the public form would have stored it, without its captcha and mail), and bookings
// made from it through the admin API, as the owner's Book and Confirm buttons make them.
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { EnquiriesTable } from '../../src/server/db/enquiries-table.ts';
import type { bookingInput } from '../../src/shared/schemas/bookings.ts';
import { adminApi } from './admin.ts';
import type { TestServer } from './server.ts';

export type EnquirySeed = { name: string } & Partial<Insertable<EnquiriesTable>>;

/** The address an enquirer's name gives: 'Priya Shah' → priya.shah@example.co.uk. */
export const emailOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}@example.co.uk`;

/** Stores a new enquiry from `name`, its notices settled, received now; `fields` replaces any column. */
export async function seedEnquiry(server: TestServer, { name, ...fields }: EnquirySeed): Promise<number> {
  const now = Date.now();
  const { id } = await server.started.db
    .insertInto('enquiries')
    .values({
      name,
      email: emailOf(name),
      organisation: `${name} Events Ltd`,
      message: `Hello from ${name}`,
      status: 'new',
      spam_reason: null,
      created_at: now,
      updated_at: now,
      notify_pending: 0,
      notify_attempts: 0,
      notify_next_at: null,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** What the Book form sends (POST /api/admin/enquiries/:id/booking); the server fills the rest. */
export type BookingDetails = Partial<z.input<typeof bookingInput>> & { start_date: string };

/** Books enquiry `enquiryId` as a hold (provisional), as the Book form does; returns the booking's id. */
export async function holdBooking(
  server: TestServer,
  token: string,
  enquiryId: number,
  details: BookingDetails,
): Promise<number> {
  const { booking } = await adminApi<{ booking: { id: number } }>(
    server,
    token,
    'POST',
    `/api/admin/enquiries/${enquiryId}/booking`,
    details,
  );
  return booking.id;
}

/** Confirms a hold, as its Confirm button does (the customer's confirmation mail goes). */
export async function confirmBooking(server: TestServer, token: string, bookingId: number): Promise<void> {
  await adminApi(server, token, 'POST', `/api/admin/bookings/${bookingId}/confirm`);
}

/** A new enquiry, booked and confirmed; returns the booking's id. */
export async function seedConfirmedBooking(
  server: TestServer,
  token: string,
  enquiry: EnquirySeed,
  details: BookingDetails,
): Promise<number> {
  const bookingId = await holdBooking(server, token, await seedEnquiry(server, enquiry), details);
  await confirmBooking(server, token, bookingId);
  return bookingId;
}
