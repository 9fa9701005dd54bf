// The customer's mail about a change and a cancellation, in a real browser and through a real SMTP
// server (issue 36, item 5; docs/decisions/0475), at 390 and 1280 px with axe: the owner moves a
// confirmed booking and the customer's update names the old and the new date; the owner cancels with
// a reason, the dialog shows the e-mail first, and the mail that arrives carries the reason.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { formatDay } from '#shared/day-names.ts';
import { addDays, londonDay } from '#shared/london-days.ts';
import {
  decodeQuotedPrintable,
  startSmtpTestServer,
  type SmtpTestServer,
} from '../src/server/testing/smtp-test-server.ts';
import { openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { emailOf, seedConfirmedBooking } from './support/bookings.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';

const SIZES: [string, BrowserContextOptions][] = [
  ['390 px', PHONE],
  ['1280 px', DESKTOP],
];

describeE2e('booking mail', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const e2e = useE2eServer(() => ({ SMTP_URL: smtp.url }));

  afterEach(async () => {
    const db = e2e.server.started.db;
    await db.deleteFrom('booking_mails').execute();
    await db.deleteFrom('calendar_days').where('booking_id', 'is not', null).execute();
    await db.deleteFrom('bookings').execute();
    await db.deleteFrom('enquiries').execute();
  });

  async function expectNoAxeViolations(page: Page, where: string) {
    const violations = await axeViolations(page);
    expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
  }

  /** The mails to `email` that arrived since `from`, decoded to text with plain line ends. */
  const mailsTo = (email: string, from: number) =>
    smtp.received
      .slice(from)
      .filter((mail) => mail.to.includes(email))
      .map((mail) =>
        Buffer.from(decodeQuotedPrintable(mail.raw), 'latin1').toString('utf8').replace(/\r\n/g, '\n'),
      );

  /** A confirmed booking for a new customer, its confirmation already in their mailbox; with a page. */
  async function confirmedBooking(name: string, day: string, size: BrowserContextOptions) {
    const email = emailOf(name);
    const page = await (await e2e.browser.newContext(size)).newPage();
    const token = await openSignedIn(page, e2e.server, '/admin');
    const before = smtp.received.length;
    const bookingId = await seedConfirmedBooking(
      e2e.server,
      token,
      { name, organisation: '' },
      { start_date: day, start_time: '10:00', end_time: '16:00', location: 'Hilltop Farm', people: 40 },
    );
    await expect.poll(() => mailsTo(email, before).length).toBe(1);
    await page.goto(`${e2e.server.url}/admin/bookings?month=${day.slice(0, 7)}&booking=${bookingId}`);
    return { page, email, panel: page.getByRole('dialog', { name }) };
  }

  it('sends a change mail that names the old and the new date', async () => {
    for (const [index, [width, size]] of SIZES.entries()) {
      // Days of their own: the first size's booking is still there when the second moves.
      const day = addDays(londonDay(Date.now()), 30 + 3 * index);
      const moved = addDays(day, 1);
      const { page, email, panel } = await confirmedBooking(`Priya Shah ${width.slice(0, 3)}`, day, size);
      await panel.getByRole('button', { name: 'Edit' }).click();
      await panel.getByLabel('Date', { exact: true }).fill(moved);
      await expectNoAxeViolations(page, `the edit form (${width})`);
      const before = smtp.received.length;
      await panel.getByRole('button', { name: 'Save booking' }).click();
      await expect.poll(() => mailsTo(email, before).length).toBe(1);
      const [update] = mailsTo(email, before);
      expect(update).toMatch(/^Subject: Your booking with .* has changed/m);
      expect(update).toContain(`What changed:\nDate: ${formatDay(day)} → ${formatDay(moved)}`);
      await page.context().close();
    }
  });

  it('shows the cancellation with its reason in the dialog, and the mail carries the reason', async () => {
    for (const [index, [width, size]] of SIZES.entries()) {
      const day = addDays(londonDay(Date.now()), 40 + 3 * index);
      const name = `Tom Jones ${width.slice(0, 3)}`;
      const { page, email, panel } = await confirmedBooking(name, day, size);
      await panel.getByRole('button', { name: 'Cancel booking' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await ask.getByText(`${name} is e-mailed at ${email}:`).waitFor();
      const reason = 'The field is flooded and the farm has closed it.';
      await ask.getByLabel('Reason (optional)').fill(reason);
      const shown = ask.getByRole('region', { name: 'The e-mail the customer will receive' });
      await shown.getByText(`Reason: ${reason}`).waitFor();
      await shown.getByText(/is cancelled$/).waitFor();
      await ask.getByRole('button', { name: 'Keep booking' }).waitFor();
      await expectNoAxeViolations(page, `the cancel dialog with its e-mail (${width})`);
      const before = smtp.received.length;
      await ask.getByRole('button', { name: 'Cancel booking' }).click();
      await panel.getByText('Cancelled', { exact: true }).waitFor();
      await panel.getByText(reason).waitFor();
      await expect.poll(() => mailsTo(email, before).length).toBe(1);
      const [cancellation] = mailsTo(email, before);
      // A long Subject is folded onto a second line (RFC 5322), where it breaks depending on the
      // day's name: read the headers unfolded.
      expect(cancellation!.replace(/\n[ \t]+/g, ' ')).toMatch(
        /^Subject: Your booking with .+ is cancelled$/m,
      );
      expect(cancellation).toContain(`Reason: ${reason}`);
      await page.context().close();
    }
  });
});
