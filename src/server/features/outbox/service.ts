// The mail written to the outbox while no mail server was set — enquiry notices, visitors'
// acknowledgements, booking customers' mail — offered for sending once one is (issue 36, item 5;
// docs/decisions/0475). Each feature says which of its own are still worth sending and sends one at
// a time under its own claim; this only counts them and sends them in turn.
import type { SavedMailSent, SavedMailStatus } from '#shared/schemas/saved-mail.ts';
import { conflict } from '../../lib/http-error.ts';
import type { MailRoute } from '../../mail/failures.ts';
import type { BookingsService } from '../bookings/service.ts';
import type { EnquiriesService } from '../enquiries/service.ts';

export interface OutboxDeps {
  enquiries: Pick<EnquiriesService, 'savedMails' | 'sendSavedMail'>;
  bookings: Pick<BookingsService, 'savedMails' | 'sendSavedMail'>;
  mailRoute: () => Promise<MailRoute>;
}

export const NO_MAIL_SERVER =
  'No mail server is set: set one in Settings › Mail first, and the saved messages can then be sent.';

export function createOutboxService({ enquiries, bookings, mailRoute }: OutboxDeps) {
  async function status(): Promise<SavedMailStatus> {
    const [enquiryMails, bookingMails, route] = await Promise.all([
      enquiries.savedMails(),
      bookings.savedMails(),
      mailRoute(),
    ]);
    const notices = enquiryMails.filter((mail) => mail.kind === 'notice').length;
    const acknowledgements = enquiryMails.length - notices;
    return {
      success: true,
      waiting: enquiryMails.length + bookingMails.length,
      notices,
      acknowledgements,
      booking_mails: bookingMails.length,
      mail_server: route.transport === 'smtp',
    };
  }

  return {
    status,
    /** Sends every saved message this call claims, one at a time (SMTP servers throttle bursts). */
    async sendAll(): Promise<SavedMailSent> {
      if ((await mailRoute()).transport !== 'smtp') throw conflict(NO_MAIL_SERVER);
      const outcomes = [
        ...(await sequence(await enquiries.savedMails(), enquiries.sendSavedMail)),
        ...(await sequence(await bookings.savedMails(), bookings.sendSavedMail)),
      ];
      return {
        success: true,
        sent: outcomes.filter((outcome) => outcome === 'sent').length,
        failed: outcomes.filter((outcome) => outcome === 'failed').length,
        waiting: (await status()).waiting,
      };
    },
  };
}

async function sequence<Key>(keys: Key[], send: (key: Key) => Promise<string>): Promise<string[]> {
  const outcomes: string[] = [];
  for (const key of keys) outcomes.push(await send(key));
  return outcomes;
}

export type OutboxService = ReturnType<typeof createOutboxService>;
