import { describe, expect, it } from 'vitest';
import { bookingRequest, emptyBookingForm } from './form-values.ts';

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
});
