// A cancelled booking's money (docs/decisions/0474): its days and details are done with, but what the
// customer paid, and whether the deposit went back or was kept, is still the owner's to record —
// through its own call, which mails nobody. The form keeps a draft as the edit form does.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Booking } from '#shared/schemas/bookings.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRecordMoney } from '../../api/bookings.ts';
import { SubmitOrCancel } from '../../components/submit-or-cancel.tsx';
import { DraftNotice } from '../../drafts/draft-notice.tsx';
import { useFormDraft } from '../../drafts/use-form-draft.ts';
import {
  bookingFormOf,
  moneyRequest,
  type BookingFormErrors,
  type BookingFormValues,
} from './form-values.ts';
import { MoneyFields } from './money-fields.tsx';

export function MoneyForm({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const record = useRecordMoney();
  // The form is remounted for another booking, so its starting values are read once.
  const [start] = useState(() => bookingFormOf(booking));
  // The version it was opened on, not one a refetch brings while typing (docs/decisions/0476).
  const [openedAt] = useState(booking.version);
  const form = useForm<BookingFormValues>({ defaultValues: start });
  const draft = useFormDraft(form, `bookings:${booking.id}:money`, start, openedAt);
  const [errors, setErrors] = useState<BookingFormErrors>({});

  const submit = form.handleSubmit(async (values) => {
    const request = moneyRequest(values);
    setErrors(request.errors ?? {});
    if (!request.input) return;
    try {
      await record.mutateAsync({ id: booking.id, input: request.input, version: draft.basis ?? openedAt });
      draft.clear();
      toast.success('Money recorded', { description: booking.customer_name });
      onDone();
    } catch {
      // The refusal shows above the buttons; the draft stays for the next attempt.
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Money received"
      className="space-y-4"
    >
      <DraftNotice draft={draft} />
      <p className="text-ink-700">
        This booking is cancelled. Record what the customer paid and whether their deposit was refunded or
        kept. The customer is not e-mailed.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyFields form={form} errors={errors} asked={booking} refunds />
      </div>
      {record.isError && (
        <Banner kind="error">{errorMessage(record.error, 'Could not record the money.')}</Banner>
      )}
      <SubmitOrCancel
        label="Save money"
        pendingLabel="Saving…"
        pending={record.isPending}
        onCancel={() => {
          draft.clear();
          record.reset();
          onDone();
        }}
      />
    </form>
  );
}
