// The booking form, the same for booking an enquiry and editing a booking: days, times, place,
// people, money asked and received, and notes, and whether another booking may share the day. A refusal from the server
// (a 400 naming the field, a 409 about a taken day) shows above the buttons, where the eyes are.
// What the admin types is kept as a draft until it is saved or dropped (issue 28, use-form-draft.ts):
// one per booking, and one per enquiry being booked, so an inactivity sign-out loses none of it.
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Banner } from '../../../components/admin-ui.tsx';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { SubmitOrCancel } from '../../components/submit-or-cancel.tsx';
import type { BookingFields } from '../../api/bookings.ts';
import { DraftNotice } from '../../drafts/draft-notice.tsx';
import { useFormDraft } from '../../drafts/use-form-draft.ts';
import { DayCheckNotice } from './day-check.tsx';
import { bookingRequest, type BookingFormErrors, type BookingFormValues } from './form-values.ts';
import { MoneyFields } from './money-fields.tsx';
import { parsePounds } from './money.ts';

/** A booking's draft ('bookings:12') or an enquiry's booking in the making ('bookings:enquiry:7'). */
export const bookingDraftKey = (of: { booking: number } | { enquiry: number }) =>
  'booking' in of ? `bookings:${of.booking}` : `bookings:enquiry:${of.enquiry}`;

/**
 * The form's values (from `initial`, with any draft of `draftKey` over them), what to fix first, and
 * the submit: `save` resolves once saved, and the draft is dropped then.
 */
function useBookingForm(
  initial: BookingFormValues,
  draftKey: string,
  version: number | undefined,
  save: (input: BookingFields, version: number | undefined) => Promise<unknown>,
) {
  // The form is remounted for another booking or enquiry, so its starting values are read once.
  const [start] = useState(initial);
  const form = useForm<BookingFormValues>({ defaultValues: start });
  const draft = useFormDraft(form, draftKey, start, version);
  const [errors, setErrors] = useState<BookingFormErrors>({});

  const submit = form.handleSubmit(async (values) => {
    const request = bookingRequest(values);
    setErrors(request.errors ?? {});
    if (!request.input) return;
    try {
      await save(request.input, draft.basis);
      draft.clear();
    } catch {
      // The refusal shows above the buttons; the draft stays for the next attempt.
    }
  });

  const field = (name: Exclude<keyof BookingFormValues, 'shares_day'>) => ({
    ...form.register(name),
    error: errors[name],
  });
  return { form, draft, submit, field, errors };
}

/** The first and last day, and at once below them who else is on those days (decision 0469). */
function BookingDates({
  form,
  field,
  booking,
  completed,
}: {
  form: UseFormReturn<BookingFormValues>;
  field: ReturnType<typeof useBookingForm>['field'];
  booking: number | null;
  completed: boolean;
}) {
  const [startDate, endDate] = form.watch(['start_date', 'end_date']);
  if (completed)
    // Done is done (docs/decisions/0470): the days are shown, not offered for change.
    return (
      <>
        <TextField
          label="Date"
          type="date"
          readOnly
          hint="A completed booking keeps its days."
          {...field('start_date')}
        />
        <TextField label="Last day" type="date" readOnly {...field('end_date')} />
      </>
    );
  return (
    <>
      <TextField label="Date" type="date" required {...field('start_date')} />
      <TextField
        label="Last day"
        hint="Only for a booking over several days"
        type="date"
        {...field('end_date')}
      />
      <div className="sm:col-span-2 empty:hidden">
        <DayCheckNotice
          from={startDate}
          to={endDate || startDate}
          booking={booking}
          onChoose={(days) => {
            form.setValue('start_date', days.from, { shouldDirty: true });
            form.setValue('end_date', days.to === days.from ? '' : days.to, { shouldDirty: true });
          }}
        />
      </div>
    </>
  );
}

interface BookingFormProps {
  initial: BookingFormValues;
  /** The booking being edited; null (the default) while booking an enquiry. */
  booking?: number | null;
  /** The edited booking's version when the form opened (docs/decisions/0476). */
  version?: number;
  /** A completed booking: its days (and whether it shares them) stay as they are. */
  completed?: boolean;
  /** Names the form's draft: bookingDraftKey. */
  draftKey: string;
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's sentence when it refused the last attempt. */
  refusal: string | null;
  /**
   * Resolves once saved (the form then drops its draft); a refusal rejects and shows as `refusal`.
   * `version` is the one to name: that of a restored draft, which may be older than the form's.
   */
  onSubmit: (input: BookingFields, version: number | undefined) => Promise<unknown>;
  onCancel: () => void;
}

export function BookingForm({
  initial,
  booking = null,
  version,
  completed = false,
  draftKey,
  label,
  pendingLabel,
  pending,
  refusal,
  onSubmit,
  onCancel,
}: BookingFormProps) {
  const { form, draft, submit, field, errors } = useBookingForm(initial, draftKey, version, onSubmit);
  // The amounts asked as typed, for the money received's usual amounts and what is still to pay.
  const [price, deposit] = form.watch(['price', 'deposit']);
  const asked = { price_pence: parsePounds(price) ?? null, deposit_pence: parsePounds(deposit) ?? null };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label} className="space-y-4">
      <DraftNotice draft={draft} />
      <div className="grid gap-4 sm:grid-cols-2">
        <BookingDates form={form} field={field} booking={booking} completed={completed} />
        <TextField label="Start time" type="time" {...field('start_time')} />
        <TextField label="End time" type="time" {...field('end_time')} />
        <TextField
          label="Customer's phone"
          type="tel"
          autoComplete="off"
          hint="Such as 07700 900123 or +33 1 23 45 67 89"
          className="sm:col-span-2"
          {...field('customer_phone')}
        />
        <TextField label="Location" className="sm:col-span-2" {...field('location')} />
        <TextField label="Postcode" autoCapitalize="characters" {...field('postcode')} />
        <TextField label="People" inputMode="numeric" {...field('people')} />
        <TextField label="Price (£)" inputMode="decimal" hint="Such as 1,850.00" {...field('price')} />
        <TextField label="Deposit (£)" inputMode="decimal" {...field('deposit')} />
        <MoneyFields form={form} errors={errors} asked={asked} />
        <TextAreaField label="Notes" className="sm:col-span-2" {...field('notes')} />
      </div>
      <label className={`flex items-start gap-3 text-ink-800 ${completed ? 'hidden' : ''}`}>
        <input
          type="checkbox"
          {...form.register('shares_day')}
          className="mt-0.5 size-5 shrink-0 accent-accent-600"
        />
        <span>
          <span className="font-semibold">Allow another booking on the same day</span>
          <span className="block text-sm text-ink-600">Two crews, or a shared site.</span>
        </span>
      </label>
      {refusal && <Banner kind="error">{refusal}</Banner>}
      <SubmitOrCancel
        label={label}
        pendingLabel={pendingLabel}
        pending={pending}
        onCancel={() => {
          draft.clear();
          onCancel();
        }}
      />
    </form>
  );
}
