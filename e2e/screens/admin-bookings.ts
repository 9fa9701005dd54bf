// The bookings screens (docs/product.md#bookings) for `npm run screenshots` and the CSP and axe walk:
// the month with a confirmed booking, holds and a festival over three days; a confirmed booking's
// panel with the e-mail to its customer (saved as a file: these servers have no mail server); and the
// dashboard's booking cards, with the holds whose day is within two weeks and when each lapses; and a
// hold being moved onto an event's day, with the form's clash notice; the customer's own page for a
// hold sent as a quote; a booking's money received in its form, and Analytics' Bookings by source
// with what was quoted beside what came in; cancelling with a reason, the dialog showing the
// customer's e-mail; and Settings › Payments.
import type { Page } from 'playwright-core';
import { addDays, londonDay } from '../../src/shared/london-days.ts';
import { NOT_DELIVERED } from '../../src/shared/mail-delivery.ts';
import { adminApi, openSignedIn } from '../support/admin.ts';
import { confirmBooking, holdBooking, seedEnquiry } from '../support/bookings.ts';
import type { TestServer } from '../support/server.ts';
import type { Screen } from './screen.ts';

const CUSTOMERS = [
  { name: 'Priya Shah', days: 3, length: 1, confirm: true, location: 'Hilltop Farm, Surrey' },
  { name: 'Tom Jones', days: 5, length: 1, confirm: false, location: 'Village hall, Henley' },
  { name: 'Northfield Festival', days: 8, length: 3, confirm: true, location: 'Festival field' },
  // Two more holds: one within two weeks (on the dashboard), one beyond (not).
  { name: 'Greenwood Scouts', days: 12, length: 1, confirm: false, location: 'Scout camp, Marlow' },
  { name: 'Oakham Rugby Club', days: 40, length: 1, confirm: false, location: 'Clubhouse field' },
];

/** Books the customers (once per server): two confirmed, three holds; returns the first booking's id. */
export async function seedBookings(server: TestServer, token: string): Promise<number> {
  const db = server.started.db;
  const existing = await db
    .selectFrom('bookings')
    .select('id')
    .where('customer_name', '=', 'Priya Shah')
    .executeTakeFirst();
  if (existing) return existing.id;
  const today = londonDay(Date.now());
  const ids: number[] = [];
  for (const customer of CUSTOMERS) {
    const enquiry = await seedEnquiry(server, {
      name: customer.name,
      organisation: customer.name,
      message: 'We would like to book the range.',
    });
    const start = addDays(today, customer.days);
    const booking = await holdBooking(server, token, enquiry, {
      start_date: start,
      end_date: addDays(start, customer.length - 1),
      start_time: '10:00',
      end_time: '16:00',
      location: customer.location,
      postcode: 'GU1 1AA',
      people: 40,
      price_pence: 185_000,
      deposit_pence: 50_000,
    });
    if (customer.confirm) await confirmBooking(server, token, booking);
    ids.push(booking);
  }
  return ids[0]!;
}

async function openBookings(page: Page, server: TestServer, withPanel: boolean) {
  const token = await openSignedIn(page, server, '/admin/dashboard');
  const first = await seedBookings(server, token);
  const month = addDays(londonDay(Date.now()), 3).slice(0, 7);
  await page.goto(`${server.url}/admin/bookings?month=${month}${withPanel ? `&booking=${first}` : ''}`);
  if (withPanel)
    await page
      .getByRole('dialog', { name: 'Priya Shah' })
      // These servers have no mail server: the confirmation is only saved as a file (issue 28).
      .getByText(`${NOT_DELIVERED}. Saved as a file on the server`)
      .waitFor();
  else
    await page
      .getByRole('button', { name: /Priya Shah/ })
      .first()
      .waitFor();
}

async function openDashboard(page: Page, server: TestServer) {
  const token = await openSignedIn(page, server, '/admin/dashboard');
  await seedBookings(server, token);
  // Seeded after the page asked: ask again, so the cards show them.
  await page.reload();
  await page
    .getByRole('region', { name: 'Bookings' })
    .getByRole('link', { name: /Greenwood Scouts/ })
    .waitFor();
}

/** Tom's hold being moved onto the demo's next event: the form says so at once (decision 0469). */
async function openClash(page: Page, server: TestServer) {
  const token = await openSignedIn(page, server, '/admin/dashboard');
  await seedBookings(server, token);
  const db = server.started.db;
  const tom = await db
    .selectFrom('bookings')
    .select('id')
    .where('customer_name', '=', 'Tom Jones')
    .executeTakeFirstOrThrow();
  const event = await db
    .selectFrom('calendar_days')
    .select('day')
    .where('event_id', 'is not', null)
    .where('day', '>', londonDay(Date.now()))
    .orderBy('day')
    .executeTakeFirstOrThrow();
  await page.goto(`${server.url}/admin/bookings?month=${event.day.slice(0, 7)}&booking=${tom.id}&edit=1`);
  const form = page.getByRole('form', { name: 'Save booking' });
  await form.getByLabel('Date', { exact: true }).fill(event.day);
  await form.getByText('A day you chose is taken: this booking cannot be confirmed on it.').waitFor();
}

/**
 * Tom's hold sent as a quote, and his own page from its link (decision 0473): what he reads on his
 * phone before pressing Accept. No admin session in this browser: the link is all it takes.
 */
async function openCustomerPage(page: Page, server: TestServer) {
  const token = await openSignedIn(page, server, '/admin/dashboard');
  await seedBookings(server, token);
  const tom = await server.started.db
    .selectFrom('bookings')
    .select('id')
    .where('customer_name', '=', 'Tom Jones')
    .executeTakeFirstOrThrow();
  const { booking } = await adminApi<{ booking: { customer_link: string } }>(
    server,
    token,
    'POST',
    `/api/admin/bookings/${tom.id}/quote`,
  );
  await page.goto(booking.customer_link);
  await page.getByRole('button', { name: 'Accept this quote' }).waitFor();
}

/** Priya's deposit and balance recorded and Northfield's deposit, through the money call (decision 0474). */
async function recordMoney(server: TestServer, token: string) {
  const db = server.started.db;
  const today = londonDay(Date.now());
  const bookings = await db.selectFrom('bookings').select(['id', 'customer_name']).execute();
  const idOf = (name: string) => bookings.find((booking) => booking.customer_name === name)!.id;
  await adminApi(server, token, 'PUT', `/api/admin/bookings/${idOf('Priya Shah')}/money`, {
    deposit_paid_on: addDays(today, -10),
    balance_paid_on: today,
  });
  await adminApi(server, token, 'PUT', `/api/admin/bookings/${idOf('Northfield Festival')}/money`, {
    deposit_paid_on: addDays(today, -3),
    deposit_paid_pence: 40_000,
  });
  return idOf('Northfield Festival');
}

/** Northfield's edit form at its money: a deposit received short of the one asked, the rest to pay. */
async function openMoneyForm(page: Page, server: TestServer) {
  const token = await openSignedIn(page, server, '/admin/dashboard');
  await seedBookings(server, token);
  const northfield = await recordMoney(server, token);
  const month = addDays(londonDay(Date.now()), 8).slice(0, 7);
  await page.goto(`${server.url}/admin/bookings?month=${month}&booking=${northfield}&edit=1`);
  const form = page.getByRole('form', { name: 'Save booking' });
  await form.getByText('Still to pay: £1,450.00').scrollIntoViewIfNeeded();
}

/** Analytics' Bookings by source with what was quoted and what came in (the money first on a phone). */
async function openMoneyBySource(page: Page, server: TestServer) {
  const token = await openSignedIn(page, server, '/admin/dashboard');
  await seedBookings(server, token);
  await recordMoney(server, token);
  await page.goto(`${server.url}/admin/analytics`);
  const table = page.getByRole('table', { name: 'Bookings by source' });
  await table.getByText('£2,250').filter({ visible: true }).first().waitFor();
  await table.scrollIntoViewIfNeeded();
}

/**
 * Cancelling Priya's booking with a reason: the dialog shows the e-mail she will receive (decision
 * 0475). These servers have no mail server, so her confirmation is marked as delivered first — as it
 * would be with one — or the dialog would rightly say she is not e-mailed.
 */
async function openCancel(page: Page, server: TestServer) {
  const token = await openSignedIn(page, server, '/admin/dashboard');
  const priya = await seedBookings(server, token);
  const month = addDays(londonDay(Date.now()), 3).slice(0, 7);
  await page.goto(`${server.url}/admin/bookings?month=${month}&booking=${priya}`);
  const panel = page.getByRole('dialog', { name: 'Priya Shah' });
  const db = server.started.db;
  const told = await db
    .selectFrom('booking_mails')
    .select('state')
    .where('booking_id', '=', priya)
    .where('state', '=', 'sent')
    .executeTakeFirst();
  if (!told) {
    // Once the confirmation has been saved as a file (the first width), it is marked as delivered.
    await panel.getByText(`${NOT_DELIVERED}. Saved as a file on the server`).waitFor();
    await db.updateTable('booking_mails').set({ state: 'sent' }).where('booking_id', '=', priya).execute();
  }
  await panel.getByRole('button', { name: 'Cancel booking' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await ask.getByLabel('Reason (optional)').fill('The farm has closed the field after the storm.');
  await ask.getByText('Reason: The farm has closed the field after the storm.').waitFor();
}

/** Settings › Payments with bank details and a payment link saved (decision 0475). */
async function openPayments(page: Page, server: TestServer) {
  const token = await openSignedIn(page, server, '/admin/dashboard');
  await adminApi(server, token, 'PUT', '/api/admin/payments', {
    account_name: 'Airsoft Target Range Ltd',
    sort_code: '12-34-56',
    account_number: '12345678',
    payment_link: 'https://pay.example.com/airsoft-target-range',
    balance_due_days: 14,
  });
  await page.goto(`${server.url}/admin/settings#settings-payments`);
  await page.getByRole('button', { name: 'Save payment details' }).waitFor();
  await page.evaluate(() => document.getElementById('settings-payments')?.scrollIntoView());
}

export const ADMIN_BOOKINGS_SCREENS: Screen[] = [
  { name: 'admin-bookings', open: (page, server) => openBookings(page, server, false) },
  { name: 'admin-bookings-panel', open: (page, server) => openBookings(page, server, true) },
  { name: 'admin-dashboard-bookings', open: openDashboard },
  { name: 'admin-bookings-clash', open: openClash },
  { name: 'customer-page', open: openCustomerPage },
  { name: 'admin-bookings-money', open: openMoneyForm, fullPage: false },
  { name: 'admin-analytics-by-source', open: openMoneyBySource, fullPage: false },
  { name: 'admin-bookings-cancel', fullPage: false, open: openCancel },
  { name: 'admin-settings-payments', fullPage: false, open: openPayments },
];
