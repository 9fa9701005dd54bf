import { describe, expect, it } from 'vitest';
import {
  balanceDuePence,
  receivedPence,
  settleMoney,
  usualAmount,
  type MoneyAsked,
} from './booking-money.ts';

const asked: MoneyAsked = { price_pence: 185_000, deposit_pence: 50_000 };
const none = { deposit_paid_pence: null, balance_paid_pence: null, refunded_pence: null };

describe('what came in and what is due', () => {
  it('counts a kept deposit as received and a refunded one not, and gives the balance still due', () => {
    expect(receivedPence(none)).toBe(0);
    expect(receivedPence({ ...none, deposit_paid_pence: 50_000 })).toBe(50_000);
    expect(receivedPence({ ...none, deposit_paid_pence: 50_000, refunded_pence: 50_000 })).toBe(0);
    expect(
      receivedPence({ deposit_paid_pence: 50_000, balance_paid_pence: 135_000, refunded_pence: 10_000 }),
    ).toBe(175_000);
    expect(balanceDuePence({ ...none, price_pence: 185_000, deposit_paid_pence: 50_000 })).toBe(135_000);
    // Paid more than the price (extras on the day): negative; no price yet: nothing to say.
    expect(balanceDuePence({ ...none, price_pence: 1000, balance_paid_pence: 1500 })).toBe(-500);
    expect(balanceDuePence({ ...none, price_pence: null, deposit_paid_pence: 50_000 })).toBeNull();
  });

  it('takes the usual amount from what was asked and received', () => {
    expect(usualAmount('deposit', asked, none)).toBe(50_000);
    expect(usualAmount('balance', asked, { ...none, deposit_paid_pence: 30_000 })).toBe(155_000);
    expect(usualAmount('balance', asked, { ...none, deposit_paid_pence: 200_000 })).toBe(0);
    expect(usualAmount('balance', { ...asked, price_pence: null }, none)).toBeNull();
    expect(usualAmount('refund', asked, { deposit_paid_pence: 30_000, balance_paid_pence: 5 })).toBe(30_005);
  });
});

describe('settleMoney', () => {
  it('fills in a left-out amount beside its day, and keeps a typed one, zero included', () => {
    expect(settleMoney({ deposit_paid_on: '2026-06-20', balance_paid_on: '2026-08-14' }, asked)).toEqual({
      ok: true,
      money: {
        deposit_paid_on: '2026-06-20',
        deposit_paid_pence: 50_000,
        balance_paid_on: '2026-08-14',
        balance_paid_pence: 135_000,
        refunded_on: null,
        refunded_pence: null,
      },
    });
    const typed = settleMoney({ deposit_paid_on: '2026-06-20', deposit_paid_pence: 0 }, asked);
    expect(typed.ok && typed.money.deposit_paid_pence).toBe(0);
    expect(settleMoney({}, asked)).toMatchObject({ ok: true, money: { deposit_paid_pence: null } });
  });

  it('names the first field that does not add up', () => {
    const problem = (sent: Parameters<typeof settleMoney>[0], money = asked) => {
      const settled = settleMoney(sent, money);
      return settled.ok ? null : `${settled.field}: ${settled.message}`;
    };
    expect(problem({ deposit_paid_pence: 100 })).toBe(
      'deposit_paid_on: needs the day the money was received',
    );
    expect(problem({ deposit_paid_on: '2026-06-20', deposit_paid_pence: null })).toBe(
      'deposit_paid_pence: needs the amount received',
    );
    expect(problem({ deposit_paid_on: '2026-06-20' }, { ...asked, deposit_pence: null })).toBe(
      'deposit_paid_pence: needs the amount received (no deposit was asked)',
    );
    expect(problem({ refunded_pence: 1 })).toBe('refunded_on: needs the day the money was refunded');
    expect(problem({ refunded_on: '2026-07-01' })).toBe(
      'refunded_on: nothing is recorded as received to refund',
    );
    expect(
      problem({
        deposit_paid_on: '2026-06-20',
        balance_paid_on: '2026-06-21',
        balance_paid_pence: 1,
        refunded_on: '2026-07-01',
        refunded_pence: 50_002,
      }),
    ).toBe('refunded_pence: cannot be more than was received (£500.01)');
    // Everything received may go back, never more: what is received is never below nothing.
    expect(settleMoney({ deposit_paid_on: '2026-06-20', refunded_on: '2026-07-01' }, asked)).toMatchObject({
      ok: true,
      money: { refunded_pence: 50_000 },
    });
  });
});
