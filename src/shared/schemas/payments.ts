// How customers pay (issue 36, item 5; docs/decisions/0475): the bank details and payment link the
// owner saves in Settings › Payments, and when a booking's balance is due. GET and PUT
// /api/admin/payments (superadmin). The confirmation mail gives them with a reference per booking.
import { z } from 'zod';
import { controlRanges } from '../control-characters.ts';
import { successResponse } from './common.ts';

export const BALANCE_DUE_DAYS = { default: 14, min: 0, max: 90 } as const;

// A name as a bank shows it: one line, no control characters.
const ONE_LINE = new RegExp(`^[^${controlRanges()}]*$`);
const SEPARATORS = /[\s-]/g;

/** Digits as people write them (groups split by a space or dash), kept as the digits alone. */
const digits = (pattern: RegExp, message: string) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .regex(pattern, message)
    .transform((value) => value.replace(SEPARATORS, ''))
    .default('');

/** An https address with no spaces or line breaks (it goes into the mail as it is). */
const paymentLink = z
  .string({ error: 'must be text' })
  .trim()
  .max(500, 'must be at most 500 characters')
  .regex(
    new RegExp(`^(?:https://[^\\s${controlRanges()}]+)?$`, 'i'),
    'must be an https:// address, without spaces',
  )
  .refine((link) => link === '' || URL.canParse(link), 'must be an https:// address, without spaces')
  .default('');

export const paymentSettingsInput = z
  .object({
    /** The account's name as the bank has it; with the sort code and account number, or none of them. */
    account_name: z
      .string({ error: 'must be text' })
      .max(60, 'must be at most 60 characters')
      .regex(ONE_LINE, 'must be one line without control characters')
      .transform((value) => value.trim())
      .default(''),
    /** Six digits; dashes and spaces are dropped ("12-34-56" → "123456"). */
    sort_code: digits(/^(?:[0-9]{2}[ -]?[0-9]{2}[ -]?[0-9]{2})?$/, 'must be 6 digits such as 12-34-56'),
    /** Eight digits. */
    account_number: digits(/^(?:[0-9]{4}[ -]?[0-9]{4})?$/, 'must be 8 digits such as 12345678'),
    /** Where customers pay by card: an https address, or empty. */
    payment_link: paymentLink,
    /** Whole days before a booking's first day its balance is due; sooner than that, it is due now. */
    balance_due_days: z
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(BALANCE_DUE_DAYS.min, `must be at least ${BALANCE_DUE_DAYS.min}`)
      .max(BALANCE_DUE_DAYS.max, `must be at most ${BALANCE_DUE_DAYS.max}`)
      .default(BALANCE_DUE_DAYS.default),
  })
  .superRefine((input, ctx) => {
    // Bank details are all three or none: a transfer needs each of them.
    const bank = ['account_name', 'sort_code', 'account_number'] as const;
    if (bank.every((field) => input[field] === '') || bank.every((field) => input[field] !== '')) return;
    for (const field of bank)
      if (input[field] === '')
        ctx.addIssue({ code: 'custom', path: [field], message: 'is needed with the other bank details' });
  });
export type PaymentSettingsInput = z.input<typeof paymentSettingsInput>;
export type PaymentSettingsUpdate = z.output<typeof paymentSettingsInput>;

export const paymentSettings = successResponse.extend({
  account_name: z.string(),
  sort_code: z.string(),
  account_number: z.string(),
  payment_link: z.string(),
  balance_due_days: z.number(),
  /** When they were last saved; null while never. */
  updated_at: z.string().nullable(),
});
export type PaymentSettings = z.infer<typeof paymentSettings>;

/** "123456" → "12-34-56", as banks print a sort code. */
export const sortCodeText = (sortCode: string) => sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
