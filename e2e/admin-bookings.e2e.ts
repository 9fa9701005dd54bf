// Bookings in a real browser (docs/product.md#bookings): an enquiry booked from its card, the hold on
// the laptop's calendar and the phone's agenda, confirmed; a second booking on that day refused with
// the server's sentence in the panel; cancelling frees the day. Axe at both widths, and the months
// turned with the keyboard.
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { MONTH_NAMES } from '#shared/day-names.ts';
import { londonDay } from '#shared/london-days.ts';
import { adminApi, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { holdBooking, seedEnquiry } from './support/bookings.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';

/** The 15th of next month: always ahead, and one press of Next month away. */
function nextMonthDay() {
  const [y, m] = londonDay(Date.now()).split('-').map(Number) as [number, number];
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  return {
    day: `${ym}-15`,
    month: ym,
    heading: `${MONTH_NAMES[month - 1]} ${year}`,
    thisMonth: `${MONTH_NAMES[m - 1]} ${y}`,
  };
}

describeE2e('admin bookings', () => {
  const e2e = useE2eServer();
  const target = nextMonthDay();

  afterEach(async () => {
    const db = e2e.server.started.db;
    await db.deleteFrom('calendar_days').where('booking_id', 'is not', null).execute();
    await db.deleteFrom('bookings').execute();
    await db.deleteFrom('enquiries').execute();
  });

  const seed = (
    name: string,
    wishes: { preferred_date?: string; people?: number; date_taken?: number } = {},
  ) => seedEnquiry(e2e.server, { name, ...wishes });

  async function open(path: string, options = DESKTOP): Promise<{ page: Page; token: string }> {
    const page = await (await e2e.browser.newContext(options)).newPage();
    const token = await openSignedIn(page, e2e.server, path);
    return { page, token };
  }

  async function expectNoAxeViolations(page: Page, where: string) {
    const violations = await axeViolations(page);
    expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
  }

  const stored = () => e2e.server.started.db.selectFrom('bookings').selectAll().orderBy('id').execute();

  /** Books an enquiry through its card's form; returns on the booked message. */
  async function bookFromCard(page: Page, name: string) {
    await page.getByRole('button', { name: `Book ${name}` }).click();
    const panel = page.getByRole('dialog', { name: `Book: ${name}` });
    // The day and the people the visitor asked for are already filled in.
    expect(await panel.getByLabel('Date', { exact: true }).inputValue()).toBe(target.day);
    expect(await panel.getByLabel('People').inputValue()).toBe('40');
    await panel.getByLabel('Start time').fill('10:00');
    await panel.getByLabel('End time').fill('16:00');
    await panel.getByLabel('Location').fill('Hilltop Farm');
    await panel.getByLabel('Postcode').fill('sw1a 1aa');
    await panel.getByLabel('Price (£)').fill('1,850.00');
    await panel.getByLabel('Deposit (£)').fill('0.29');
    await panel.getByRole('button', { name: 'Make provisional booking' }).click();
    await panel.getByText(/Booked provisionally for/).waitFor();
    return panel;
  }

  it('books an enquiry, shows it on the calendar and the agenda, confirms it, refuses a second on its day until it is cancelled', async () => {
    const priya = await seed('Priya Shah', { preferred_date: target.day, people: 40 });
    const tom = await seed('Tom Jones', { preferred_date: target.day, date_taken: 1 });
    const { page, token } = await open('/admin/enquiries');
    const tomsCard = page.getByRole('listitem', { name: 'Tom Jones' });
    await tomsCard.getByText('That date was already booked when they asked.').waitFor();
    const panel = await bookFromCard(page, 'Priya Shah');
    const [made] = await stored();
    expect(made).toMatchObject({
      enquiry_id: priya,
      price_pence: 185_000,
      deposit_pence: 29,
      postcode: 'SW1A 1AA',
    });
    await expectNoAxeViolations(page, 'booked from the enquiry card');

    await panel.getByRole('link', { name: 'Open the booking' }).click();
    const booking = page.getByRole('dialog', { name: 'Priya Shah' });
    await booking.getByText('Provisional', { exact: true }).waitFor();
    await booking.getByText('£1,850.00').waitFor();
    await expectNoAxeViolations(page, 'the booking panel');
    await booking.getByRole('button', { name: 'Confirm' }).click();
    await booking.getByText('Confirmed', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    const calendar = page.getByRole('table', { name: target.heading });
    await calendar.getByRole('button', { name: /Priya Shah\s*Confirmed/ }).waitFor();
    await expectNoAxeViolations(page, 'the calendar');

    // Tom wants the same day: his hold is made, but confirming it is refused while Priya has the day.
    await holdBooking(e2e.server, token, tom, { start_date: target.day });
    await page.reload();
    await calendar.getByRole('button', { name: /Tom Jones\s*Provisional/ }).click();
    const second = page.getByRole('dialog', { name: 'Tom Jones' });
    await second.getByRole('button', { name: 'Confirm' }).click();
    await second
      .getByRole('alert')
      .getByText(/is already booked for Priya Shah \(booking \d+\)/)
      .waitFor();
    await expectNoAxeViolations(page, 'the refusal in the panel');
    await page.keyboard.press('Escape');

    // Phone: the month as a list of days, each booking with its state in words.
    const phone = await open(`/admin/bookings?month=${target.month}`, PHONE);
    const agenda = phone.page.getByRole('list', { name: `Bookings in ${target.heading}` });
    await agenda.getByRole('button', { name: /Priya Shah\s*Confirmed/ }).waitFor();
    await agenda.getByRole('button', { name: /Tom Jones\s*Provisional/ }).waitFor();
    await expectNoAxeViolations(phone.page, 'the agenda on a phone');
    await agenda.getByRole('button', { name: /Priya Shah/ }).click();
    await phone.page.getByRole('dialog', { name: 'Priya Shah' }).getByText('Hilltop Farm').waitFor();
    await expectNoAxeViolations(phone.page, 'the booking panel on a phone');
    await phone.page.context().close();

    // Cancelling Priya's booking (after its confirmation) frees the day for Tom.
    await calendar.getByRole('button', { name: /Priya Shah/ }).click();
    await booking.getByRole('button', { name: 'Cancel booking' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    // No mail server here: the confirmation only reached the outbox, so the dialog says the customer
    // is not e-mailed about something they never heard of (docs/decisions/0475); its buttons say
    // what they do.
    await ask.getByText(/^The customer is not e-mailed: the confirmation never reached them/).waitFor();
    await ask.getByRole('button', { name: 'Keep booking' }).waitFor();
    await expectNoAxeViolations(page, 'the cancel dialog');
    await ask.getByRole('button', { name: 'Cancel booking' }).click();
    await booking.getByText('Cancelled', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => calendar.getByRole('button', { name: /Priya Shah/ }).count()).toBe(0);
    await page.getByLabel('Show cancelled').check();
    await calendar.getByRole('button', { name: /Priya Shah\s*Cancelled/ }).waitFor();

    await calendar.getByRole('button', { name: /Tom Jones/ }).click();
    await second.getByRole('button', { name: 'Confirm' }).click();
    await second.getByText('Confirmed', { exact: true }).waitFor();
    expect((await stored()).map((b) => b.state)).toEqual(['cancelled', 'confirmed']);
    await page.context().close();
  });

  it('says on the Book form at once that an event has the day, offers the nearest free days, and shows the event in the month', async () => {
    const db = e2e.server.started.db;
    // The demo's own events keep to their days; this one is the owner's festival on the asked day.
    const clashing = await db.selectFrom('events').select('id').where('date', '=', target.day).execute();
    for (const { id } of clashing)
      await db.updateTable('events').set({ date: '2099-01-01' }).where('id', '=', id).execute();
    await db.deleteFrom('calendar_days').where('day', '=', target.day).execute();
    await seed('Priya Shah', { preferred_date: target.day, people: 40 });

    for (const size of [PHONE, DESKTOP]) {
      const { page, token } = await open('/admin/enquiries', size);
      if (size === PHONE)
        await adminApi(e2e.server, token, 'POST', '/api/admin/events', {
          name: 'Harbour Festival',
          location: 'Poole',
          date: target.day,
        });
      await page.getByRole('button', { name: 'Book Priya Shah' }).click();
      const panel = page.getByRole('dialog', { name: 'Book: Priya Shah' });
      const notice = panel.getByRole('alert');
      await notice.getByText('A day you chose is taken: this booking cannot be confirmed on it.').waitFor();
      await notice.getByRole('link', { name: 'Harbour Festival' }).waitFor();
      await expectNoAxeViolations(page, `the Book form's clash notice (${size.viewport?.width} px)`);
      // The nearest free day after it goes into the form, and the notice goes.
      const free = notice.getByRole('button', { name: /^Use / });
      expect(await free.count()).toBe(2);
      await free.last().click();
      await expect.poll(() => panel.getByLabel('Date', { exact: true }).inputValue()).not.toBe(target.day);
      await expect.poll(() => notice.count()).toBe(0);
      await page.context().close();
    }

    const { page } = await open(`/admin/bookings?month=${target.month}`);
    const calendar = page.getByRole('table', { name: target.heading });
    await calendar.getByRole('link', { name: /Harbour Festival\s*Event · day taken/ }).waitFor();
    await expectNoAxeViolations(page, 'an event in the month');
    await page.context().close();
  });

  it('turns the months with the keyboard', async () => {
    const { page } = await open('/admin/bookings');
    const heading = page.getByRole('heading', { level: 2 });
    await expect.poll(() => heading.textContent()).toBe(target.thisMonth);
    await page.getByRole('button', { name: 'Next month' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading.textContent()).toBe(target.heading);
    expect(page.url()).toContain(`month=${target.month}`);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading.textContent()).toBe(target.thisMonth);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => heading.textContent()).not.toBe(target.thisMonth);
    await page.getByRole('table', { name: (await heading.textContent()) ?? '' }).waitFor();
    await expectNoAxeViolations(page, 'an empty month');
    await page.context().close();
  });
});
