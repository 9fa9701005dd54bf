// Data-subject requests (issue 9; UK GDPR articles 15 and 17): what the site holds about one e-mail
// address, and erasing it. Superadmin only. docs/decisions/0403.
import { z } from 'zod';
import { booking, customerMessage } from './bookings.ts';
import { enquiry, visitorEmail } from './enquiries.ts';

export const dataSubjectQuery = z.object({ email: visitorEmail });
export type DataSubjectQuery = z.infer<typeof dataSubjectQuery>;

/** GET: everything stored under the address (its letter case ignored). */
export const dataSubjectRecords = z.object({
  success: z.literal(true),
  email: z.string(),
  enquiries: z.array(enquiry),
  /**
   * Their bookings, anonymised ones no more (their e-mail is gone from them), each with what they
   * wrote from its page (docs/decisions/0473).
   */
  bookings: z.array(booking.extend({ customer_messages: z.array(customerMessage) })),
  /** Acknowledgement e-mails to this mailbox still counted against the 3-per-24-hours limit. */
  acknowledgements_counted: z.number().int(),
});
export type DataSubjectRecords = z.infer<typeof dataSubjectRecords>;

/** DELETE: what was erased. */
export const dataSubjectErasure = z.object({
  success: z.literal(true),
  deleted: z.object({
    enquiries: z.number().int(),
    /** Bookings anonymised (a live one also cancelled); their amounts and days are kept. */
    bookings: z.number().int(),
    acknowledgements_counted: z.number().int(),
  }),
});
export type DataSubjectErasure = z.infer<typeof dataSubjectErasure>;
