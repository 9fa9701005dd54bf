// The money a booking received (docs/decisions/0474): the deposit and the balance, each a day and an
// amount, and on a cancelled booking what was refunded — with what is still to pay, or kept, as the
// owner types. Giving a day fills in the usual amount (the deposit asked, the rest of the price,
// everything received) when the amount is empty; the owner may type another.
import type { UseFormReturn } from 'react-hook-form';
import { balanceDuePence, receivedPence, usualAmount, type MoneyAsked } from '#shared/booking-money.ts';
import { TextField } from '../../../components/field.tsx';
import type { BookingFormErrors, BookingFormValues } from './form-values.ts';
import { formatPence, parsePounds, penceToPounds } from './money.ts';

type Form = UseFormReturn<BookingFormValues>;

const PAIRS = [
  { kind: 'deposit', day: 'deposit_paid_on', amount: 'deposit_paid', label: 'Deposit received' },
  { kind: 'balance', day: 'balance_paid_on', amount: 'balance_paid', label: 'Balance received' },
  { kind: 'refund', day: 'refunded_on', amount: 'refunded', label: 'Deposit refunded' },
] as const;

/** An amount field's pence as typed; nothing for an empty or unreadable one. */
const typedPence = (text: string) => parsePounds(text) ?? null;

/** What the typed amounts come to (refunds only where the form has them). */
const paidOf = ([deposit, balance, refunded]: [string, string, string], refunds: boolean) => ({
  deposit_paid_pence: typedPence(deposit),
  balance_paid_pence: typedPence(balance),
  refunded_pence: refunds ? typedPence(refunded) : null,
});

const AMOUNTS = ['deposit_paid', 'balance_paid', 'refunded'] as const;

/** "Still to pay £1,350.00", "Paid in full", or what was kept of a cancelled booking's money. */
function MoneySum({ form, asked, refunds }: { form: Form; asked: MoneyAsked; refunds: boolean }) {
  const paid = paidOf(form.watch([...AMOUNTS]), refunds);
  let text: string;
  if (refunds) text = `Kept: ${formatPence(receivedPence(paid))}`;
  else {
    const due = balanceDuePence({ ...paid, price_pence: asked.price_pence });
    if (due === null) text = 'Still to pay: — (no price yet)';
    else if (due > 0) text = `Still to pay: ${formatPence(due)}`;
    else if (due === 0) text = 'Paid in full';
    else text = `Paid ${formatPence(-due)} more than the price`;
  }
  return (
    <p className="rounded-lg bg-ink-50 px-3 py-2 font-semibold text-ink-900 sm:col-span-2" aria-live="polite">
      {text}
    </p>
  );
}

export function MoneyFields({
  form,
  errors,
  asked,
  refunds = false,
}: {
  form: Form;
  errors: BookingFormErrors;
  /** The price and deposit asked, in pence, for the usual amounts and what is still to pay. */
  asked: MoneyAsked;
  /** A cancelled booking: whether its deposit was refunded or kept. */
  refunds?: boolean;
}) {
  const pairs = refunds ? PAIRS : PAIRS.filter((pair) => pair.kind !== 'refund');
  return (
    <>
      {pairs.map(({ kind, day, amount, label }) => (
        <div key={kind} className="contents">
          <TextField
            label={`${label} on`}
            type="date"
            hint={kind === 'refund' ? 'Leave empty if the deposit was kept' : undefined}
            error={errors[day]}
            {...form.register(day, {
              onChange: (event: { target: { value: string } }) => {
                if (!event.target.value || form.getValues(amount).trim() !== '') return;
                const usual = usualAmount(kind, asked, paidOf(form.getValues([...AMOUNTS]), false));
                if (usual !== null) form.setValue(amount, penceToPounds(usual), { shouldDirty: true });
              },
            })}
          />
          <TextField
            label={`${label} (£)`}
            inputMode="decimal"
            error={errors[amount]}
            {...form.register(amount)}
          />
        </div>
      ))}
      <MoneySum form={form} asked={asked} refunds={refunds} />
    </>
  );
}
