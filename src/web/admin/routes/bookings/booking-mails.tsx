// The mail a booking has sent its customer (docs/product.md#bookings): each quote, confirmation, update,
// cancellation and reminder, whether it went, is on its way, or failed and why — so the owner knows
// the customer has the details before ringing them. One only saved as a file while there was no mail
// server says so in the warning style every screen uses for that (issue 28), never "Sent".
import { MailX } from 'lucide-react';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import type { BookingMail } from '#shared/schemas/bookings.ts';
import { formatMoment } from './booking-details.tsx';

function kindOf(kind: string): string {
  if (kind === 'quote') return 'Quote, with the link to accept it';
  if (kind === 'confirmation') return 'Confirmation with calendar invitation';
  if (kind === 'update') return 'Change, with updated invitation';
  if (kind === 'cancellation') return 'Cancellation, removing it from their calendar';
  const days = Number(/^reminder-(\d+)$/.exec(kind)?.[1]);
  return days === 1 ? 'Reminder, the day before' : `Reminder, ${days} days before`;
}

function stateOf(mail: BookingMail): { text: string; className: string } {
  if (mail.state === 'sent') return { text: `Sent ${formatMoment(mail.at)}`, className: 'text-ink-700' };
  if (mail.state === 'saved')
    return {
      text: `${NOT_DELIVERED}. Saved as a file on the server ${formatMoment(mail.at)}: the customer did not get it.`,
      className: 'font-semibold text-amber-800',
    };
  if (mail.state === 'pending') return { text: 'Sending…', className: 'text-ink-700' };
  const retry = mail.retry_at ? ` Tried again by itself ${formatMoment(mail.retry_at)}.` : '';
  return {
    text: `Not sent: ${mail.error ?? 'the mail server refused it'}.${retry}`,
    className: 'text-danger-600',
  };
}

export function BookingMails({ mails }: { mails: BookingMail[] }) {
  return (
    <section aria-labelledby="booking-mails" className="mt-6">
      <h3
        id="booking-mails"
        className="font-display text-lg font-semibold tracking-wide text-ink-900 uppercase"
      >
        E-mails to the customer
      </h3>
      {mails.length === 0 ? (
        <p className="mt-2 text-ink-600">
          None yet: the customer is e-mailed once the booking is confirmed, or when you send it as a quote.
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {mails.map((mail) => {
            const state = stateOf(mail);
            const saved = mail.state === 'saved';
            return (
              <li key={`${mail.kind}-${mail.sequence}`}>
                <span className="block font-medium text-ink-900">{kindOf(mail.kind)}</span>
                <span
                  className={`${saved ? 'flex items-start gap-1.5' : 'block'} text-sm ${state.className}`}
                >
                  {saved && <MailX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
                  {state.text}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
