// Settings › Payments (docs/decisions/0475) on both databases: what a superadmin saves is what the
// confirmation gives; a sort code, account number, link or number of days that is not one is a 400
// naming the field and changes nothing; bank details come whole or not at all; only a superadmin
// sees or changes them.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';

const URL_PATH = '/api/admin/payments';
const VALID = {
  account_name: 'Bullseye Events Ltd',
  sort_code: '12-34-56',
  account_number: '1234 5678',
  payment_link: 'https://pay.example.com/bullseye',
  balance_due_days: 21,
};

describeEachDatabase('payment settings', (ctx) => {
  it('starts with none and a 14-day balance, and keeps what is saved, sort code as six digits', async () => {
    const { token } = await ctx().loginAs();
    const empty = await ctx().request({ method: 'GET', url: URL_PATH, token });
    expect(empty.json()).toEqual({
      success: true,
      account_name: '',
      sort_code: '',
      account_number: '',
      payment_link: '',
      balance_due_days: 14,
      updated_at: null,
    });
    const saved = await ctx().request({ method: 'PUT', url: URL_PATH, token, payload: VALID });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      success: true,
      account_name: 'Bullseye Events Ltd',
      sort_code: '123456',
      account_number: '12345678',
      payment_link: 'https://pay.example.com/bullseye',
      balance_due_days: 21,
      updated_at: '2026-06-15T12:00:00.000Z',
    };
    expect(saved.json()).toEqual(expected);
    expect((await ctx().request({ method: 'GET', url: URL_PATH, token })).json()).toEqual(expected);
    // A link alone is fine: bank details are all or none.
    const linkOnly = { payment_link: 'https://pay.example.com/x', balance_due_days: 0 };
    expect(
      (await ctx().request({ method: 'PUT', url: URL_PATH, token, payload: linkOnly })).json(),
    ).toMatchObject({
      account_name: '',
      sort_code: '',
      payment_link: 'https://pay.example.com/x',
      balance_due_days: 0,
    });
  });

  it('refuses what is not a sort code, account number, https link or number of days, naming it', async () => {
    const { token } = await ctx().loginAs();
    await ctx().request({ method: 'PUT', url: URL_PATH, token, payload: VALID });
    const before = (await ctx().request({ method: 'GET', url: URL_PATH, token })).json();
    const refused: [object, string][] = [
      [{ sort_code: '12-34-5' }, 'sort_code'],
      [{ sort_code: '12-34-5a' }, 'sort_code'],
      [{ account_number: '1234567' }, 'account_number'],
      [{ account_number: '123456789' }, 'account_number'],
      [{ payment_link: 'http://pay.example.com/x' }, 'payment_link'],
      [{ payment_link: 'https://pay.example.com/x\r\nBcc: evil@example.com' }, 'payment_link'],
      [{ payment_link: 'javascript:alert(1)' }, 'payment_link'],
      [{ account_name: 'Bullseye\u0000Ltd' }, 'account_name'],
      [{ account_name: 'x'.repeat(61) }, 'account_name'],
      [{ account_number: '' }, 'account_number'],
      [{ balance_due_days: 91 }, 'balance_due_days'],
      [{ balance_due_days: -1 }, 'balance_due_days'],
      [{ balance_due_days: 1.5 }, 'balance_due_days'],
    ];
    for (const [change, field] of refused) {
      const answer = await ctx().request({
        method: 'PUT',
        url: URL_PATH,
        token,
        payload: { ...VALID, ...change },
      });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json().detail, JSON.stringify(change)).toMatch(new RegExp(`^${field}: `));
    }
    expect((await ctx().request({ method: 'GET', url: URL_PATH, token })).json()).toEqual(before);
  });

  it('is for a superadmin only', async () => {
    const { token } = await ctx().loginAs({ role: 'admin' });
    expect((await ctx().request({ method: 'GET', url: URL_PATH, token })).statusCode).toBe(403);
    expect((await ctx().request({ method: 'PUT', url: URL_PATH, token, payload: VALID })).statusCode).toBe(
      403,
    );
  });
});
