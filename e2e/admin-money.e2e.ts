// Money received in a real browser (issue 36, item 7; docs/decisions/0474): on a laptop the owner
// records a confirmed booking's deposit and balance in its form and sees it paid in full; on a phone
// they record a cancelled booking's deposit as kept; Analytics by source sets what was quoted beside
// what came in, the money first on the phone. Axe at both widths.
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { addDays, londonDay } from '#shared/london-days.ts';
import { adminApi, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { seedConfirmedBooking } from './support/bookings.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';

describeE2e('money received', () => {
  const e2e = useE2eServer();
  const today = londonDay(Date.now());

  afterEach(async () => {
    const db = e2e.server.started.db;
    await db.deleteFrom('calendar_days').where('booking_id', 'is not', null).execute();
    await db.deleteFrom('booking_mails').execute();
    await db.deleteFrom('bookings').execute();
    await db.deleteFrom('enquiries').execute();
  });

  /** An enquiry from the newsletter, booked through the API at £1,850 with a £500 deposit asked. */
  const booked = (token: string, name: string, start: string) =>
    seedConfirmedBooking(
      e2e.server,
      token,
      { name, source_utm_source: 'newsletter' },
      { start_date: start, price_pence: 185_000, deposit_pence: 50_000 },
    );

  async function open(path: string, options: typeof DESKTOP): Promise<{ page: Page; token: string }> {
    const page = await (await e2e.browser.newContext(options)).newPage();
    const token = await openSignedIn(page, e2e.server, path);
    return { page, token };
  }

  async function expectNoAxeViolations(page: Page, where: string) {
    const violations = await axeViolations(page);
    expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
  }

  /** The newsletter's row of Bookings by source, as shown (hidden cells left out). */
  async function newsletterRow(page: Page) {
    await page.goto(`${e2e.server.url}/admin/analytics`);
    const table = page.getByRole('table', { name: 'Bookings by source' });
    await table.waitFor();
    const read = (name: string) =>
      table
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .locator('th, td')
        .evaluateAll((cells) => cells.filter((c) => c.checkVisibility()).map((c) => c.textContent?.trim()));
    return { heading: await read('Source'), row: await read('newsletter') };
  }

  it('records a deposit and a balance on a laptop, a kept deposit on a phone, and sees them by source', async () => {
    const laptop = await open('/admin/bookings', DESKTOP);
    const id = await booked(laptop.token, 'Priya Shah', addDays(today, 20));
    await laptop.page.goto(`${e2e.server.url}/admin/bookings?booking=${id}`);
    const panel = laptop.page.getByRole('dialog', { name: 'Priya Shah' });
    await panel.getByText('Still to pay').waitFor();
    await panel.getByRole('button', { name: 'Edit' }).click();
    const form = laptop.page.getByRole('dialog', { name: 'Edit booking: Priya Shah' });
    // Giving the day fills in the deposit asked; the balance's is the rest of the price.
    await form.getByLabel('Deposit received on').fill(today);
    expect(await form.getByLabel('Deposit received (£)').inputValue()).toBe('500.00');
    await form.getByText('Still to pay: £1,350.00').waitFor();
    await form.getByLabel('Balance received on').fill(today);
    expect(await form.getByLabel('Balance received (£)').inputValue()).toBe('1,350.00');
    await form.getByText('Paid in full').waitFor();
    await expectNoAxeViolations(laptop.page, 'the money in the edit form');
    await form.getByRole('button', { name: 'Save booking' }).click();
    await panel.getByText('Paid in full').waitFor();
    await panel.getByText(/^£1,350\.00 on /).waitFor();
    await expectNoAxeViolations(laptop.page, 'the money in the panel');
    const stored = await e2e.server.started.db
      .selectFrom('bookings')
      .select(['deposit_paid_pence', 'balance_paid_pence'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ deposit_paid_pence: 50_000, balance_paid_pence: 135_000 });

    expect(await newsletterRow(laptop.page)).toEqual({
      heading: ['Source', 'Enquiries', 'Booked', 'Booked %', 'Confirmed', 'Quoted', 'Received'],
      row: ['newsletter', '1', '1', '100%', '1', '£1,850', '£1,850'],
    });
    await expectNoAxeViolations(laptop.page, 'bookings by source (laptop)');
    await laptop.page.context().close();

    // Tom cancels after paying his deposit; the owner keeps it, and records so on a phone.
    const phone = await open('/admin/bookings', PHONE);
    const tom = await booked(phone.token, 'Tom Jones', addDays(today, 30));
    await adminApi(e2e.server, phone.token, 'POST', `/api/admin/bookings/${tom}/cancel`);
    await phone.page.goto(`${e2e.server.url}/admin/bookings?booking=${tom}`);
    const cancelled = phone.page.getByRole('dialog', { name: 'Tom Jones' });
    await cancelled.getByRole('button', { name: 'Record money' }).click();
    const money = phone.page.getByRole('dialog', { name: 'Money received: Tom Jones' });
    await money.getByLabel('Deposit received on').fill(today);
    await money.getByLabel('Deposit received (£)').fill('400');
    await money.getByText('Kept: £400.00').waitFor();
    await expectNoAxeViolations(phone.page, 'the money form of a cancelled booking (phone)');
    await money.getByRole('button', { name: 'Save money' }).click();
    await cancelled.getByText('No: the deposit was kept').waitFor();
    await expectNoAxeViolations(phone.page, 'the cancelled booking panel (phone)');

    // On a phone the money comes first: what came in, then what was quoted.
    expect(await newsletterRow(phone.page)).toEqual({
      heading: ['Source', 'Received', 'Quoted', 'Enquiries', 'Booked', 'Booked %', 'Confirmed'],
      row: ['newsletter', '£2,250', '£1,850', '2', '1', '50%', '1'],
    });
    await expectNoAxeViolations(phone.page, 'bookings by source (phone)');
    await phone.page.context().close();
  });
});
