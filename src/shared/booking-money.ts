// Money on a booking (docs/decisions/0474): what was asked (the price, the deposit) and what came in
// and went back, each a day and an amount in whole pence — the deposit received, the balance
// received and, on a cancelled booking, what was refunded. One reading for the server, which
// refuses what does not add up, and for the owner's screens, which show what is still due.

/** The money a booking has received and refunded: each day with its amount, or neither. */
export interface MoneyRecord {
  deposit_paid_on: string | null;
  deposit_paid_pence: number | null;
  balance_paid_on: string | null;
  balance_paid_pence: number | null;
  refunded_on: string | null;
  refunded_pence: number | null;
}

/** As a request sends it: an amount left out (undefined) beside its day is the usual one. */
export type MoneySent = { [Field in keyof MoneyRecord]?: MoneyRecord[Field] };

export interface MoneyAsked {
  price_pence: number | null;
  deposit_pence: number | null;
}

type Paid = Pick<MoneyRecord, 'deposit_paid_pence' | 'balance_paid_pence'>;

/** The deposit and the balance received, before any refund. */
export const paidInPence = (money: Paid) => (money.deposit_paid_pence ?? 0) + (money.balance_paid_pence ?? 0);

/** What came in and stayed: a refunded deposit is not received, a kept one is. */
export const receivedPence = (money: Paid & Pick<MoneyRecord, 'refunded_pence'>) =>
  paidInPence(money) - (money.refunded_pence ?? 0);

/**
 * What the customer still owes: the price less what they paid; negative when they paid more than
 * the price; null while there is no price.
 */
export const balanceDuePence = (booking: Paid & Pick<MoneyAsked, 'price_pence'>) =>
  booking.price_pence === null ? null : booking.price_pence - paidInPence(booking);

/** "£1,850.00": how the server's messages, mails and pages write an amount (negative too). */
export const pounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The amount an owner means when they give a day but no amount: the deposit asked; the rest of the
 * price; everything received. Null when there is nothing to take it from.
 */
export function usualAmount(
  kind: 'deposit' | 'balance' | 'refund',
  asked: MoneyAsked,
  paid: Paid,
): number | null {
  if (kind === 'deposit') return asked.deposit_pence;
  if (kind === 'refund') return paidInPence(paid);
  if (asked.price_pence === null) return null;
  return Math.max(0, asked.price_pence - (paid.deposit_paid_pence ?? 0));
}

export type Settled =
  { ok: true; money: MoneyRecord } | { ok: false; field: keyof MoneyRecord; message: string };

const PAIRS = [
  ['deposit', 'deposit_paid_on', 'deposit_paid_pence', 'received'],
  ['balance', 'balance_paid_on', 'balance_paid_pence', 'received'],
  ['refund', 'refunded_on', 'refunded_pence', 'refunded'],
] as const;

/**
 * The money to store, or the first field that does not add up: an amount needs its day and a day
 * its amount (left out, the usual one); nothing is refunded that was not received, so what is
 * received never goes below nothing.
 */
export function settleMoney(sent: MoneySent, asked: MoneyAsked): Settled {
  const money: MoneyRecord = {
    deposit_paid_on: null,
    deposit_paid_pence: null,
    balance_paid_on: null,
    balance_paid_pence: null,
    refunded_on: null,
    refunded_pence: null,
  };
  for (const [kind, dayField, amountField, verb] of PAIRS) {
    const day = sent[dayField] ?? null;
    const given = sent[amountField];
    const amount = given === undefined ? (day === null ? null : usualAmount(kind, asked, money)) : given;
    if (day === null && amount !== null)
      return { ok: false, field: dayField, message: `needs the day the money was ${verb}` };
    if (day !== null && amount === null)
      return {
        ok: false,
        field: amountField,
        message:
          given === undefined && kind === 'deposit'
            ? 'needs the amount received (no deposit was asked)'
            : `needs the amount ${verb}`,
      };
    money[dayField] = day;
    money[amountField] = amount;
  }
  const paid = paidInPence(money);
  if (money.refunded_on !== null && paid === 0)
    return { ok: false, field: 'refunded_on', message: 'nothing is recorded as received to refund' };
  if ((money.refunded_pence ?? 0) > paid)
    return {
      ok: false,
      field: 'refunded_pence',
      message: `cannot be more than was received (${pounds(paid)})`,
    };
  return { ok: true, money };
}
