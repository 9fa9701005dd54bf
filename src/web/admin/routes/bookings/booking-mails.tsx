// The mail a booking has sent its customer (docs/product.md#bookings): each confirmation, update,
// cancellation and reminder, whether it went, is on its way, or failed and why — so the owner knows
// the customer has the details before ringing them.
import type { BookingMail } from '#shared/schemas/bookings.ts';
import { formatMoment } from './booking-details.tsx';

function kindOf(kind: string): string {
  if (kind === 'confirmation') return 'Confirmation with calendar invitation';
  if (kind === 'update') return 'Change, with updated invitation';
  if (kind === 'cancellation') return 'Cancellation, removing it from their calendar';
  const days = Number(/^reminder-(\d+)$/.exec(kind)?.[1]);
  return days === 1 ? 'Reminder, the day before' : `Reminder, ${days} days before`;
}

function stateOf(mail: BookingMail): { text: string; className: string } {
  if (mail.state === 'sent') return { text: `Sent ${formatMoment(mail.at)}`, className: 'text-ink-700' };
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
        <p className="mt-2 text-ink-600">None yet: the customer is e-mailed once the booking is confirmed.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {mails.map((mail) => {
            const state = stateOf(mail);
            return (
              <li key={`${mail.kind}-${mail.sequence}`}>
                <span className="block font-medium text-ink-900">{kindOf(mail.kind)}</span>
                <span className={`block text-sm ${state.className}`}>{state.text}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
