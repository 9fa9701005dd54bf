// The cancel dialog's reason and the e-mail the customer will receive, as the server makes it
// (docs/decisions/0475): the text comes from the function that writes the mail, so what the owner
// reads here is what goes. When nobody is e-mailed, it says why.
import type { NotMailed } from '#shared/schemas/booking-mail.ts';
import { CANCEL_REASON_MAX } from '#shared/schemas/booking-mail.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { TextAreaField } from '../../../components/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCancellationPreview } from '../../api/booking-cancel.ts';

const NOT_MAILED: Record<NotMailed, string> = {
  provisional: 'The customer is not e-mailed: a provisional booking was never confirmed to them.',
  not_told:
    'The customer is not e-mailed: the confirmation never reached them (no mail server was set, or it could not be sent), so they have not heard of this booking. Tell them yourself if they need to know.',
  no_address: 'There is no e-mail address for the customer: tell them yourself.',
};

export function CancelPreview({
  booking,
  reason,
  onReason,
  open,
}: {
  booking: Booking;
  reason: string;
  onReason: (reason: string) => void;
  open: boolean;
}) {
  const preview = useCancellationPreview(booking.id, reason, open);
  const mail = preview.data;
  return (
    <>
      <TextAreaField
        label="Reason (optional)"
        hint={
          mail?.mailed === false
            ? 'Kept with the booking for your records.'
            : "Kept with the booking and given in the customer's e-mail."
        }
        rows={3}
        maxLength={CANCEL_REASON_MAX}
        value={reason}
        onChange={(event) => onReason(event.target.value)}
      />
      <div aria-live="polite">
        {preview.isError ? (
          <p className="text-danger-700">{errorMessage(preview.error, 'Could not show the e-mail.')}</p>
        ) : !mail ? (
          <p className="text-ink-600">Preparing the e-mail…</p>
        ) : mail.mailed ? (
          <>
            <p className="font-semibold text-ink-900">
              {booking.customer_name} is e-mailed at{' '}
              <span className="[overflow-wrap:anywhere]">{mail.to}</span>:
            </p>
            <section
              aria-label="The e-mail the customer will receive"
              tabIndex={0}
              className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-ink-200 bg-ink-50 p-3 text-sm text-ink-900"
            >
              <p className="font-semibold">{mail.subject}</p>
              <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{mail.text?.trim()}</p>
            </section>
          </>
        ) : (
          <p className="text-ink-900">{NOT_MAILED[mail.not_mailed ?? 'provisional']}</p>
        )}
      </div>
    </>
  );
}
