// The phone reader takes numbers as people write them and refuses what no phone number is: the
// owner rings what is stored, and the number reaches mail headers' neighbours and CSV cells.
import { describe, expect, it } from 'vitest';
import {
  PHONE_CONTROL,
  PHONE_EXAMPLE,
  PHONE_LONG,
  PHONE_PREFIX,
  PHONE_SHORT,
  phoneHref,
  readablePhone,
  readPhone,
} from './phone.ts';
import { optionalPhone } from './schemas/phone.ts';

const e164 = (typed: string) => {
  const reading = readPhone(typed);
  return reading.ok ? reading.e164 : `refused: ${reading.problem}`;
};

describe('reading a phone number', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['07700900123', '+447700900123'],
    ['020 7946 0958', '+442079460958'],
    ['(020) 7946 0958', '+442079460958'],
    ['020-7946-0958', '+442079460958'],
    ['  0113 496 0000  ', '+441134960000'],
    ['+44 7700 900123', '+447700900123'],
    ['+44 (0)20 7946 0958', '+442079460958'],
    ['+44 (0) 7700 900 123', '+447700900123'],
    ['+44 07700 900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['0044 (0)20 7946 0958', '+442079460958'],
    ['01697 73456', '+44169773456'],
    ['+33 1 23 45 67 89', '+33123456789'],
    ['+1 (555) 123-4567', '+15551234567'],
    ['0033 1 23 45 67 89', '+33123456789'],
    ['+353.1.234.5678', '+35312345678'],
    ['07700\u00a0900123', '+447700900123'],
  ])('%j is %s', (typed, stored) => expect(e164(typed)).toBe(stored));

  it.each([
    ['0770 090', PHONE_SHORT],
    ['+44 7700 90', PHONE_SHORT],
    ['+33 12', PHONE_SHORT],
    ['077009001234', PHONE_LONG],
    ['+1 234 567 890 123 456', PHONE_LONG],
    [`0${'7'.repeat(40)}`, PHONE_LONG],
    ['7700 900123', PHONE_PREFIX],
    ['+0 123 456 789', PHONE_PREFIX],
    ['07700 CALL ME', PHONE_EXAMPLE],
    ['ext. 0207 946 0958', PHONE_EXAMPLE],
    ['=HYPERLINK("x")', PHONE_EXAMPLE],
    ['07700 900123 +44', PHONE_EXAMPLE],
    ['(07700) (900123)', PHONE_EXAMPLE],
    ['0207)946(0958', PHONE_EXAMPLE],
    ['000 1234 5678', PHONE_PREFIX],
    ['---', PHONE_EXAMPLE],
    ['07700\u0000900123', PHONE_CONTROL],
    ['07700 900123\r\nBcc: x@example.com', PHONE_CONTROL],
    ['07700\n900123', PHONE_CONTROL],
    ['07700\t900123', PHONE_CONTROL],
    ['07700\u2028900123', PHONE_CONTROL],
  ])('%j is refused: %s', (typed, problem) => expect(e164(typed)).toBe(`refused: ${problem}`));
});

describe('showing a phone number', () => {
  it.each([
    ['+447700900123', '07700 900123'],
    ['+442079460958', '020 7946 0958'],
    ['+441134960000', '0113 496 0000'],
    ['+441614960000', '0161 496 0000'],
    ['+441632960123', '01632 960123'],
    ['+44169773456', '01697 73456'],
    ['+448001234567', '0800 123 4567'],
    ['+44800123456', '0800 123456'],
    ['+33123456789', '+33 123 456 789'],
    ['+15551234567', '+1 555 123 4567'],
    ['+35312345678', '+353 123 456 78'],
  ])('%s reads %s', (stored, shown) => expect(readablePhone(stored)).toBe(shown));

  it('calls the stored number itself', () => {
    expect(phoneHref('+447700900123')).toBe('tel:+447700900123');
  });
});

describe('the phone field of a request', () => {
  const parse = (value: unknown) => optionalPhone.safeParse(value);

  it('tells "not said" (absent) from "none" (null, empty, blank)', () => {
    expect(parse(undefined)).toEqual({ success: true, data: undefined });
    for (const none of [null, '', '   ']) expect(parse(none)).toEqual({ success: true, data: null });
  });

  it('stores E.164 and refuses a number, an object, or a bad number with its reason', () => {
    expect(parse('020 7946 0958')).toEqual({ success: true, data: '+442079460958' });
    expect(parse(7700900123).error?.issues[0]?.message).toBe(PHONE_EXAMPLE);
    expect(parse('0770 090').error?.issues[0]?.message).toBe(PHONE_SHORT);
    expect(parse('07700 900123\r\n').error?.issues[0]?.message).toBe(PHONE_CONTROL);
  });
});
