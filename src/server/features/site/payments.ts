// Settings › Payments (docs/decisions/0475): the bank details and payment link the customer's
// confirmation gives, and how many days before a booking its balance is due. One row, id 1; none
// until a superadmin saves them, and then the mail says the business will send payment details.
import {
  BALANCE_DUE_DAYS,
  type PaymentSettings,
  type PaymentSettingsUpdate,
} from '#shared/schemas/payments.ts';
import type { Db } from '../../db/database.ts';
import { toIso, type Clock } from '../../lib/clock.ts';

const ROW_ID = 1;

const NONE: PaymentSettings = {
  success: true,
  account_name: '',
  sort_code: '',
  account_number: '',
  payment_link: '',
  balance_due_days: BALANCE_DUE_DAYS.default,
  updated_at: null,
};

export function createPaymentSettings(db: Db, clock: Clock) {
  async function get(): Promise<PaymentSettings> {
    const row = await db
      .selectFrom('payment_settings')
      .selectAll()
      .where('id', '=', ROW_ID)
      .executeTakeFirst();
    if (!row) return NONE;
    return {
      success: true,
      account_name: row.account_name,
      sort_code: row.sort_code,
      account_number: row.account_number,
      payment_link: row.payment_link,
      balance_due_days: row.balance_due_days,
      updated_at: toIso(row.updated_at),
    };
  }

  return {
    get,
    /** Saves all of them at once (what the form shows is what the customer is told). */
    async save(input: PaymentSettingsUpdate, actorId: number): Promise<PaymentSettings> {
      const values = { ...input, updated_at: clock.now(), updated_by: actorId };
      await db
        .insertInto('payment_settings')
        .values({ id: ROW_ID, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      return get();
    },
  };
}

export type PaymentSettingsService = ReturnType<typeof createPaymentSettings>;
