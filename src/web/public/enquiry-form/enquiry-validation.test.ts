// The form checks what the server checks: the same schema, so a name of spaces or an address without
// a domain is refused beside the field before anything is sent.
import { describe, expect, it } from 'vitest';
import { enquiryRequest } from '#shared/schemas/enquiries.ts';
import { ENQUIRY_LIMITS } from '#shared/constants.ts';
import { enquiryBody } from './enquiry-body.ts';
import { EMPTY_ENQUIRY, fieldMessage, fieldOfDetail, type EnquiryFields } from './enquiry-fields.ts';
import { enquiryResolver } from './enquiry-validation.ts';

const valid: EnquiryFields = {
  ...EMPTY_ENQUIRY,
  name: 'Priya Shah',
  email: 'priya@example.co.uk',
  organisation: 'Northfield Summer Festival',
  message: 'Two days in August, about 3,000 visitors a day.',
};

const check = (values: typeof valid) =>
  enquiryResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const problems = async (values: typeof valid) =>
  Object.fromEntries(
    Object.entries((await check(values)).errors).map(([field, error]) => [field, error?.message]),
  );

describe('enquiry form checks', () => {
  it('accepts a complete enquiry and hands on what the visitor typed', async () => {
    const typed = { ...valid, name: '  Priya Shah ' };
    await expect(check(typed)).resolves.toEqual({ values: typed, errors: {} });
  });

  it('refuses empty and blank fields, an address without a domain, and over-long text', async () => {
    expect(await problems(EMPTY_ENQUIRY)).toEqual({
      name: 'is required',
      email: 'is required',
      organisation: 'is required',
      message: 'is required',
    });
    expect(await problems({ ...valid, name: '   ', email: 'priya@gmail' })).toEqual({
      name: 'is required',
      email: 'must be an e-mail address such as name@example.com',
    });
    expect(await problems({ ...valid, organisation: 'x'.repeat(ENQUIRY_LIMITS.organisation + 1) })).toEqual({
      organisation: `must be at most ${ENQUIRY_LIMITS.organisation} characters`,
    });
  });

  it('takes the booking details as optional, and checks the ones given', async () => {
    const given = { ...valid, preferred_date: '2027-08-14', event_type: 'festival', people: '3000' };
    await expect(check(given)).resolves.toEqual({ values: given, errors: {} });
    expect(
      await problems({ ...valid, preferred_date: '2027-02-30', event_type: 'wedding', people: '0' }),
    ).toEqual({
      preferred_date: 'must be a date in the form YYYY-MM-DD',
      event_type: 'must be one of festival, corporate, private, other',
      people: 'must be at least 1',
    });
    expect(await problems({ ...valid, people: '2.5' })).toEqual({
      people: 'must be a whole number of people',
    });
    expect(await problems({ ...valid, people: '5001' })).toEqual({ people: 'must be at most 5000' });
    expect(fieldOfDetail('preferred_date: must be today or later')).toEqual({
      field: 'preferred_date',
      problem: 'must be today or later',
    });
    expect(fieldMessage('preferred_date', 'must be today or later')).toBe(
      'Preferred date must be today or later',
    );
  });

  it('takes a phone number as people write it, and says beside the field what is wrong with one', async () => {
    for (const phone of ['', '07700 900123', '+44 (0)20 7946 0958', '0044 7700 900123'])
      expect(await problems({ ...valid, phone }), phone).toEqual({});
    expect(await problems({ ...valid, phone: '0770 090' })).toEqual({
      phone: 'has too few digits for a phone number',
    });
    expect(await problems({ ...valid, phone: 'ring me' })).toEqual({
      phone: 'must be a phone number such as 07700 900123 or +44 7700 900123',
    });
    expect(fieldMessage('phone', 'has too few digits for a phone number')).toBe(
      'Phone has too few digits for a phone number',
    );
  });

  it('agrees with the server on every case (the very same schema)', async () => {
    for (const values of [
      valid,
      { ...valid, name: ' \t ' },
      { ...valid, email: 'priya@gmail' },
      { ...valid, email: ' priya@example.com ' },
      { ...valid, message: '\u0000' },
      { ...valid, people: '12' },
      { ...valid, people: '-3' },
      { ...valid, preferred_date: '14/08/2027' },
      { ...valid, phone: '07700 900123' },
      { ...valid, phone: '7700 900123' },
      { ...valid, phone: '07700\u0000900123' },
    ]) {
      const client = Object.keys((await check(values)).errors);
      const server = enquiryRequest.safeParse(enquiryBody(values));
      expect(client.length === 0, JSON.stringify(values)).toBe(server.success);
    }
  });

  it("reads the server's `field: problem` detail and words it for the field", () => {
    expect(fieldOfDetail('name: is required')).toEqual({ field: 'name', problem: 'is required' });
    expect(fieldOfDetail('recaptchaToken: must be a string')).toBeNull();
    expect(fieldOfDetail('Too many enquiries. Please try again later.')).toBeNull();
    expect(fieldOfDetail(null)).toBeNull();
    expect(fieldMessage('email', 'must be an e-mail address such as name@example.com')).toBe(
      'Email must be an e-mail address such as name@example.com',
    );
  });
});
