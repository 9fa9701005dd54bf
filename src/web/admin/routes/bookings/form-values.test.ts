import { describe, expect, it } from 'vitest';
import { bookingRequest, emptyBookingForm, moneyRequest } from './form-values.ts';

describe('bookingRequest', () => {
  it('sends pence and nulls for what is left empty', () => {
    const result = bookingRequest({
      ...emptyBookingForm('2026-08-14'),
      price: '1,850.00',
      deposit: '0.29',
      people: ' 40 ',
      start_time: '10:00',
    });
    expect(result.input).toMatchObject({
      start_date: '2026-08-14',
      end_date: null,
      start_time: '10:00',
      end_time: null,
      people: 40,
      price_pence: 185_000,
      deposit_pence: 29,
      deposit_paid_on: null,
      shares_day: false,
    });
  });

  it('says what to fix instead of sending a wrong amount', () => {
    const result = bookingRequest({ ...emptyBookingForm(), price: '12.345', people: 'forty' });
    expect(result.errors).toEqual({
      start_date: 'Choose the day of the booking',
      price: 'Enter pounds and pence, such as 1,850.00',
      people: 'Enter a whole number of people',
    });
  });

  it('sends the phone as typed (the server keeps it as E.164), and says beside it what is wrong', () => {
    const typed = { ...emptyBookingForm('2026-08-14'), customer_phone: '07700 900123' };
    expect(bookingRequest(typed).input?.customer_phone).toBe('07700 900123');
    expect(bookingRequest({ ...typed, customer_phone: '' }).input?.customer_phone).toBe('');
    expect(bookingRequest({ ...typed, customer_phone: '0770 090' }).errors).toEqual({
      customer_phone: 'Phone has too few digits for a phone number',
    });
  });

  it('sends the money received as typed, and says beside a day or an amount what it lacks', () => {
    const paid = {
      ...emptyBookingForm('2026-08-14'),
      deposit_paid_on: '2026-06-20',
      deposit_paid: '300',
      balance_paid_on: '2026-08-14',
      balance_paid: '1,550.00',
    };
    expect(bookingRequest(paid).input).toMatchObject({
      deposit_paid_on: '2026-06-20',
      deposit_paid_pence: 30_000,
      balance_paid_on: '2026-08-14',
      balance_paid_pence: 155_000,
    });
    // Refunds are the cancelled booking's money form's, never the edit form's.
    expect(bookingRequest(paid).input).not.toHaveProperty('refunded_on');
    expect(
      bookingRequest({ ...paid, deposit_paid: '', balance_paid_on: '', balance_paid: 'ten' }).errors,
    ).toEqual({
      deposit_paid: 'Enter the amount received',
      balance_paid: 'Enter pounds and pence, such as 1,850.00',
    });
    expect(bookingRequest({ ...paid, balance_paid_on: '' }).errors).toEqual({
      balance_paid_on: 'Enter the day it was received',
    });
  });
});

describe('moneyRequest', () => {
  it('sends the money of a cancelled booking, its refund too', () => {
    const values = {
      ...emptyBookingForm('2026-08-14'),
      deposit_paid_on: '2026-06-20',
      deposit_paid: '500.00',
      refunded_on: '2026-06-25',
      refunded: '250',
    };
    expect(moneyRequest(values).input).toEqual({
      deposit_paid_on: '2026-06-20',
      deposit_paid_pence: 50_000,
      balance_paid_on: null,
      balance_paid_pence: null,
      refunded_on: '2026-06-25',
      refunded_pence: 25_000,
    });
    expect(moneyRequest({ ...values, refunded_on: '' }).errors).toEqual({
      refunded_on: 'Enter the day it was refunded',
    });
  });
});
