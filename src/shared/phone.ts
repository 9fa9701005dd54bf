// A customer's phone number (issue 36, item 4; docs/decisions/0465-customer-phone.md): read as people
// write it — a UK number (07700 900123, 020 7946 0958, +44 (0)20 7946 0958, 0044 …) or an
// international one with + — kept as E.164 (+447700900123), shown back in a readable form. Plain
// functions, no zod: the admin bundle and the server's mail read them too.
import { controlRanges } from './control-characters.ts';

/** The most characters the field takes as typed (E.164 has at most 15 digits; room for spacing). */
export const PHONE_MAX_LENGTH = 32;

export const PHONE_EXAMPLE = 'must be a phone number such as 07700 900123 or +44 7700 900123';
export const PHONE_CONTROL = 'must not contain control characters or line breaks';
export const PHONE_PREFIX = 'must start with 0 (a UK number) or with + and the country code';
export const PHONE_SHORT = 'has too few digits for a phone number';
export const PHONE_LONG = 'has too many digits for a phone number';

export type PhoneReading = { ok: true; e164: string } | { ok: false; problem: string };

const CONTROL = new RegExp(`[${controlRanges()}\\u2028\\u2029]`);
/** Digits, an optional leading + and the spacing people put between groups. */
const WRITTEN = /^\+?[0-9 ().\-/]+$/;
/** "+44 (0)20 …": the trunk zero a UK number keeps in brackets after its country code. */
const TRUNK_IN_BRACKETS = /^(\+|00)44\(0\)/;
const ONE_BRACKETED_GROUP = /^\+?[0-9]*\([0-9]+\)[0-9]+$/;

/** UK national significant numbers (after the 0) are 9 or 10 digits and never start with 0. */
function ukNumber(national: string): PhoneReading {
  if (national.startsWith('0')) return { ok: false, problem: PHONE_EXAMPLE };
  if (national.length < 9) return { ok: false, problem: PHONE_SHORT };
  if (national.length > 10) return { ok: false, problem: PHONE_LONG };
  return { ok: true, e164: `+44${national}` };
}

/** The number as E.164, or what is wrong with it in words that follow the field's label. */
export function readPhone(typed: string): PhoneReading {
  if (CONTROL.test(typed)) return { ok: false, problem: PHONE_CONTROL };
  const trimmed = typed.trim();
  if (trimmed.length > PHONE_MAX_LENGTH) return { ok: false, problem: PHONE_LONG };
  if (!WRITTEN.test(trimmed.replace(/\s/g, ' '))) return { ok: false, problem: PHONE_EXAMPLE };
  const compact = trimmed.replace(/[\s.\-/]/g, '').replace(TRUNK_IN_BRACKETS, '+44');
  // One pair of brackets round a group ("(020) 7946 0958", "+1 (555) 123 4567") is spacing too.
  if (/[()]/.test(compact) && !ONE_BRACKETED_GROUP.test(compact))
    return { ok: false, problem: PHONE_EXAMPLE };
  return fromDigits(compact.replace(/[()]/g, ''));
}

function fromDigits(digits: string): PhoneReading {
  if (!/[0-9]/.test(digits)) return { ok: false, problem: PHONE_EXAMPLE };
  const international = digits.startsWith('+')
    ? digits.slice(1)
    : digits.startsWith('00')
      ? digits.slice(2)
      : null;
  if (international === null) {
    if (!digits.startsWith('0')) return { ok: false, problem: PHONE_PREFIX };
    return ukNumber(digits.slice(1));
  }
  // "+44 07700 900123": the trunk zero written after the country code is not dialled.
  if (international.startsWith('44')) return ukNumber(international.slice(2).replace(/^0/, ''));
  if (international.startsWith('0')) return { ok: false, problem: PHONE_PREFIX };
  // E.164 allows 15 digits; no country's numbers are shorter than 7 with the country code.
  if (international.length < 7) return { ok: false, problem: PHONE_SHORT };
  if (international.length > 15) return { ok: false, problem: PHONE_LONG };
  return { ok: true, e164: `+${international}` };
}

/** Country codes of one digit (1 North America, 7 Russia and Kazakhstan) and of two; the rest have three. */
const TWO_DIGIT_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

const countryCodeLength = (digits: string) =>
  digits[0] === '1' || digits[0] === '7' ? 1 : TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;

/** Splits `digits` into the given group sizes, the last group taking what is left. */
function grouped(digits: string, sizes: number[]): string {
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups[groups.length - 1] += digits.slice(at);
  return groups.join(' ');
}

/** A UK number as the UK writes it: 07700 900123, 020 7946 0958, 0113 496 0000, 0800 123 4567. */
function ukReadable(national: string): string {
  const full = `0${national}`;
  if (/^2/.test(national)) return grouped(full, [3, 4, 4]);
  if (/^7/.test(national)) return grouped(full, [5, 6]);
  if (/^[3589]/.test(national)) return grouped(full, national.length === 9 ? [4, 6] : [4, 3, 4]);
  if (/^1(?:[0-9]1|1[0-9])/.test(national)) return grouped(full, [4, 3, 4]);
  return grouped(full, [5, 6]);
}

/** E.164 shown for reading: a UK number in the UK's own form, another with its country code apart. */
export function readablePhone(e164: string): string {
  if (!/^\+[0-9]+$/.test(e164)) return e164;
  const digits = e164.slice(1);
  if (digits.startsWith('44')) return ukReadable(digits.slice(2));
  const code = countryCodeLength(digits);
  return `+${digits.slice(0, code)} ${grouped(digits.slice(code), [3, 3, 4])}`;
}

/** The tap-to-call address: the E.164 number itself. */
export const phoneHref = (e164: string) => `tel:${e164.replace(/[^+0-9]/g, '')}`;
