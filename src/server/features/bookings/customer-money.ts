// The money of a booking as its customer's page shows it (docs/decisions/0473): the price, the
// deposit and whether it is paid, and what is left to pay. One function, so that recording the
// balance as received (issue 36, item 7) changes this list and nothing else of the page.
import { displayDay } from './days.ts';
import { pounds } from './mail-text.ts';
import type { BookingRow } from './repository.ts';

export interface MoneyRow {
  label: string;
  value: string;
}

export function moneyRows(booking: BookingRow): MoneyRow[] {
  const rows: MoneyRow[] = [
    { label: 'Price', value: booking.price_pence === null ? 'To be agreed' : pounds(booking.price_pence) },
  ];
  const paid = booking.deposit_pence !== null && booking.deposit_paid_on !== null;
  if (booking.deposit_pence !== null)
    rows.push({
      label: 'Deposit',
      value: paid
        ? `${pounds(booking.deposit_pence)}, paid on ${displayDay(booking.deposit_paid_on!)}`
        : `${pounds(booking.deposit_pence)}, not paid yet`,
    });
  // A cancelled booking owes nothing; what happens to a paid deposit is for the business to say.
  if (booking.price_pence !== null && booking.state !== 'cancelled') {
    const left = booking.price_pence - (paid ? booking.deposit_pence! : 0);
    rows.push({ label: 'Left to pay', value: left > 0 ? pounds(left) : 'Nothing: paid in full' });
  }
  return rows;
}
