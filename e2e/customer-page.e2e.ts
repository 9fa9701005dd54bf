// The customer's page in a real browser (issue 36, item 6; docs/decisions/0473): the owner sends a
// hold as a quote from its panel; the customer opens the link from the mail in the outbox on a phone,
// accepts, and sees the booking confirmed; the owner's panel then says Confirmed. Axe at 390 and
// 1280 px, on the owner's dialog, the customer's page before and after, and the panel.
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { addDays, londonDay } from '#shared/london-days.ts';
import { decodeQuotedPrintable } from '../src/server/testing/smtp-test-server.ts';
import { openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { holdBooking, seedEnquiry } from './support/bookings.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { mailsSince, outboxNames } from './support/server.ts';

describeE2e('the customer page', () => {
  const e2e = useE2eServer();
  // Three weeks ahead: within a hold's time, and clear of the demo's events (moved off it below).
  const day = addDays(londonDay(Date.now()), 21);

  afterEach(async () => {
    const db = e2e.server.started.db;
    await db.deleteFrom('booking_links').execute();
    await db.deleteFrom('booking_mails').execute();
    await db.deleteFrom('calendar_days').where('booking_id', 'is not', null).execute();
    await db.deleteFrom('bookings').execute();
    await db.deleteFrom('enquiries').execute();
  });

  async function expectNoAxeViolations(page: Page, where: string) {
    const violations = await axeViolations(page);
    expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
  }

  /** A hold for Priya on `day`, made through the API as the Book form would. */
  async function hold(token: string): Promise<number> {
    const db = e2e.server.started.db;
    for (const { id } of await db.selectFrom('events').select('id').where('date', '=', day).execute())
      await db.updateTable('events').set({ date: '2099-01-01' }).where('id', '=', id).execute();
    await db.deleteFrom('calendar_days').where('day', '=', day).execute();
    const enquiry = await seedEnquiry(e2e.server, {
      name: 'Priya Shah',
      organisation: 'Shah Events Ltd',
      message: 'A corporate day for our team',
    });
    return holdBooking(e2e.server, token, enquiry, {
      start_date: day,
      start_time: '10:00',
      end_time: '16:00',
      location: 'Hilltop Farm',
      price_pence: 185_000,
      deposit_pence: 50_000,
    });
  }

  /** The page's address from the quote mail the outbox holds (quoted-printable, decoded). */
  async function linkFromQuote(before: string[]): Promise<string> {
    let quote: string | undefined;
    await expect
      .poll(
        () =>
          (quote = mailsSince(e2e.server.outboxDir, before).find((mail) => /Subject: Your quote/.test(mail))),
      )
      .toBeDefined();
    const text = decodeQuotedPrintable(quote!);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/booking\/[A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(link, 'the link in the quote').toBeDefined();
    return link!;
  }

  it('the owner sends a quote, the customer accepts it on their phone, the booking is confirmed; a new link ends the old', async () => {
    const owner = await (await e2e.browser.newContext(DESKTOP)).newPage();
    const token = await openSignedIn(owner, e2e.server, '/admin/bookings');
    const id = await hold(token);
    await owner.goto(`${e2e.server.url}/admin/bookings?month=${day.slice(0, 7)}&booking=${id}`);
    const panel = owner.getByRole('dialog', { name: 'Priya Shah' });
    await panel.getByText('Provisional', { exact: true }).waitFor();
    const before = outboxNames(e2e.server.outboxDir);
    await panel.getByRole('button', { name: 'Send quote' }).click();
    const ask = owner.getByRole('alertdialog', { name: 'Send the quote?' });
    await ask.getByText(/Priya Shah is e-mailed at priya\.shah@example\.co\.uk/).waitFor();
    await expectNoAxeViolations(owner, 'the Send quote dialog');
    await ask.getByRole('button', { name: 'Send quote' }).click();
    await panel.getByText('Quote, with the link to accept it').waitFor();
    const link = await linkFromQuote(before);
    expect(await panel.getByLabel("Link to the customer's page").inputValue()).toBe(link);
    await expectNoAxeViolations(owner, 'the panel with the quote sent');

    // The customer, on a phone, from the link in the mail.
    const phone = await (await e2e.browser.newContext(PHONE)).newPage();
    await phone.goto(link);
    await phone.getByRole('heading', { level: 1 }).waitFor();
    await phone.getByText('Quote: waiting for your answer').waitFor();
    await phone.getByText('£1,850.00').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(phone, 'the quote on a phone');
    await phone.getByRole('button', { name: 'Accept this quote' }).click();
    await phone.getByRole('status').getByText('Thank you — your booking is confirmed.').waitFor();
    await phone.getByText('Confirmed', { exact: true }).waitFor();
    await phone.getByRole('link', { name: 'Add to your calendar' }).waitFor();
    await expectNoAxeViolations(phone, 'the confirmed booking on a phone');

    // The same page on a laptop, and the owner's panel on a phone: Confirmed.
    const laptop = await (await e2e.browser.newContext(DESKTOP)).newPage();
    await laptop.goto(link);
    await laptop.getByText('Confirmed', { exact: true }).waitFor();
    await expectNoAxeViolations(laptop, 'the confirmed booking on a laptop');
    const ownerPhone = await (await e2e.browser.newContext(PHONE)).newPage();
    await openSignedIn(ownerPhone, e2e.server, `/admin/bookings?month=${day.slice(0, 7)}&booking=${id}`);
    await ownerPhone
      .getByRole('dialog', { name: 'Priya Shah' })
      .getByText('Confirmed', { exact: true })
      .waitFor();
    await expectNoAxeViolations(ownerPhone, 'the panel on a phone, confirmed');

    // The link reached the wrong person: the owner makes a new one, and the old one is no page.
    const ownerPanel = ownerPhone.getByRole('dialog', { name: 'Priya Shah' });
    await ownerPanel.getByRole('button', { name: 'New link' }).click();
    const renew = ownerPhone.getByRole('alertdialog', { name: 'Make a new link?' });
    await renew.getByText(/The link in the e-mails Priya Shah already has stops working at once/).waitFor();
    await expectNoAxeViolations(ownerPhone, 'the New link dialog on a phone');
    await renew.getByRole('button', { name: 'Make a new link' }).click();
    await ownerPhone.getByText('New link made').waitFor();
    const field = ownerPanel.getByLabel("Link to the customer's page");
    await expect.poll(() => field.inputValue()).not.toBe(link);
    expect(await field.inputValue()).toMatch(/\/booking\/[A-Za-z0-9_-]{43}$/);
    expect((await laptop.reload())?.status()).toBe(404);
    await laptop.goto(await field.inputValue());
    await laptop.getByText('Confirmed', { exact: true }).waitFor();
    for (const page of [owner, phone, laptop, ownerPhone]) await page.context().close();
  });
});
