// The money of a booking as its customer's page shows it (docs/decisions/0473): the price, the
// deposit and whether it came in, the balance received, and what is left to pay — read with the
// owner's own arithmetic (src/shared/booking-money.ts, decision 0474).
import { formatDay } from '#shared/day-names.ts';
import { balanceDuePence, pounds } from '#shared/booking-money.ts';
import type { BookingRow } from './repository.ts';

export interface MoneyRow {
  label: string;
  value: string;
}

export function moneyRows(booking: BookingRow): MoneyRow[] {
  const rows: MoneyRow[] = [
    { label: 'Price', value: booking.price_pence === null ? 'To be agreed' : pounds(booking.price_pence) },
  ];
  const depositIn = booking.deposit_paid_on === null ? null : booking.deposit_paid_pence;
  if (depositIn !== null && booking.deposit_paid_on !== null)
    rows.push({
      label: 'Deposit',
      value: `${pounds(depositIn)}, paid on ${formatDay(booking.deposit_paid_on)}`,
    });
  else if (booking.deposit_pence !== null)
    rows.push({ label: 'Deposit', value: `${pounds(booking.deposit_pence)}, not paid yet` });
  if (booking.balance_paid_on !== null && booking.balance_paid_pence !== null)
    rows.push({
      label: 'Balance',
      value: `${pounds(booking.balance_paid_pence)}, paid on ${formatDay(booking.balance_paid_on)}`,
    });
  // A cancelled booking owes nothing; what happens to a paid deposit is for the business to say.
  const left = booking.state === 'cancelled' ? null : balanceDuePence(booking);
  if (left !== null)
    rows.push({ label: 'Left to pay', value: left > 0 ? pounds(left) : 'Nothing: paid in full' });
  return rows;
}
