// The booking form, the same for booking an enquiry and editing a booking: days, times, place,
// people, money and notes, and whether another booking may share the day. A refusal from the server
// (a 400 naming the field, a 409 about a taken day) shows above the buttons, where the eyes are.
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/admin-ui.tsx';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { SubmitOrCancel } from '../../components/submit-or-cancel.tsx';
import type { BookingFields } from '../../api/bookings.ts';
import { bookingRequest, type BookingFormErrors, type BookingFormValues } from './form-values.ts';

export function BookingForm({
  initial,
  label,
  pendingLabel,
  pending,
  refusal,
  onSubmit,
  onCancel,
}: {
  initial: BookingFormValues;
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's sentence when it refused the last attempt. */
  refusal: string | null;
  onSubmit: (input: BookingFields) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<BookingFormErrors>({});
  const set = (field: keyof BookingFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = bookingRequest(values);
    setErrors(request.errors ?? {});
    if (request.input) onSubmit(request.input);
  }

  const field = (name: keyof BookingFormValues) => ({
    value: values[name] as string,
    onChange: set(name),
    error: errors[name],
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Date" type="date" required {...field('start_date')} />
        <TextField
          label="Last day"
          hint="Only for a booking over several days"
          type="date"
          {...field('end_date')}
        />
        <TextField label="Start time" type="time" {...field('start_time')} />
        <TextField label="End time" type="time" {...field('end_time')} />
        <TextField label="Location" className="sm:col-span-2" {...field('location')} />
        <TextField label="Postcode" autoCapitalize="characters" {...field('postcode')} />
        <TextField label="People" inputMode="numeric" {...field('people')} />
        <TextField label="Price (£)" inputMode="decimal" hint="Such as 1,850.00" {...field('price')} />
        <TextField label="Deposit (£)" inputMode="decimal" {...field('deposit')} />
        <TextField label="Deposit paid on" type="date" {...field('deposit_paid_on')} />
        <TextAreaField label="Notes" className="sm:col-span-2" {...field('notes')} />
      </div>
      <label className="flex items-start gap-3 text-ink-800">
        <input
          type="checkbox"
          checked={values.shares_day}
          onChange={(event) => setValues((current) => ({ ...current, shares_day: event.target.checked }))}
          className="mt-0.5 size-5 shrink-0 accent-accent-600"
        />
        <span>
          <span className="font-semibold">Allow another booking on the same day</span>
          <span className="block text-sm text-ink-600">Two crews, or a shared site.</span>
        </span>
      </label>
      {refusal && <Banner kind="error">{refusal}</Banner>}
      <SubmitOrCancel label={label} pendingLabel={pendingLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
