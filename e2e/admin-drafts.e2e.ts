// Work that survives a sign-out (issue 28, item 2): a form's unsaved changes are kept in the browser
// per admin, brought back ('Draft restored — Discard') when the same admin opens the same form again,
// and dropped on save, Cancel, Discard and a logout the admin chose; signing in again after the
// inactivity sign-out returns to the same screen, path and query. The booking form keeps one draft
// per booking and one per enquiry being booked, and the version of the booking it was typed on: a
// draft brought back after someone else saved the booking says so, and is not saved over their change
// unless the admin chooses to (decision 0485).
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { londonDay } from '#shared/london-days.ts';
import { createAdmin, deleteAdmin, fillLogin, freshPage, type TestAdmin } from './admin-core-fixtures.ts';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, framesDrawn, PHONE } from './support/browser.ts';
import { holdBooking, seedEnquiry } from './support/bookings.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { ADMIN, type TestServer } from './support/server.ts';

/** Every draft the browser holds, as key and text. */
const storedDrafts = (page: Page) =>
  page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.startsWith('adminDraft:')));

/** A page with the browser clock under the test's control; every alert is answered. */
async function clockedPage(server: TestServer, browser: Parameters<typeof freshPage>[0], options = DESKTOP) {
  const { context, page } = await freshPage(browser, options);
  await page.clock.install();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${server.url}/admin/login`);
  return { context, page };
}

async function signIn(page: Page, who: { email: string; password: string }, landing: RegExp) {
  await fillLogin(page, who);
  await page.waitForURL(landing);
}

/**
 * Past the 5-minute limit with nothing happening: the inactivity sign-out. A scroll counts as
 * activity, so the page must be still first (a smooth scroll to the form, a section loading above).
 */
async function idleOut(page: Page) {
  const position = () => page.evaluate(() => `${scrollY}/${document.documentElement.scrollHeight}`);
  await expect
    .poll(async () => {
      const before = await position();
      await framesDrawn(page);
      return (await position()) === before;
    })
    .toBe(true);
  await page.clock.runFor('05:01');
  await page.waitForURL(/\/admin\/login$/);
}

/** A day of next month: always ahead. */
function nextMonthDay(day: number) {
  const [y, m] = londonDay(Date.now()).split('-').map(Number) as [number, number];
  const month = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}`;
  return { month, day: `${month}-${String(day).padStart(2, '0')}` };
}

const idOf = async (server: TestServer, who: { email: string; password: string }) =>
  (await adminApi<{ id: number }>(server, await apiLogin(server, who), 'GET', '/api/admin/me')).id;

describeE2e('admin drafts', () => {
  const e2e = useE2eServer();

  it('keeps a half-typed event through an inactivity sign-out, reopens it after sign-in, and drops it once saved', async () => {
    const name = `Draft Fest ${Date.now()}`;
    const { context, page } = await clockedPage(e2e.server, e2e.browser);
    try {
      await signIn(page, ADMIN, /\/admin\/dashboard$/);
      await page.getByRole('link', { name: 'Events', exact: true }).click();
      await page.getByRole('button', { name: 'Add Event' }).click();
      await page.getByLabel('Event name').fill(name);
      await page.getByLabel('Location').fill('Leeds');
      await page.waitForURL(/\/admin\/events\?edit=new$/);
      await expect.poll(async () => JSON.stringify(await storedDrafts(page))).toContain('Leeds');

      await idleOut(page);
      const drafts = await storedDrafts(page);
      expect(drafts.map(([key]) => key)).toEqual([
        expect.stringMatching(/^adminDraft:\d+:content:events:new$/),
      ]);
      expect(JSON.stringify(drafts)).not.toContain(ADMIN.password);

      // The same screen, the form open, the draft in it — and said so.
      await signIn(page, ADMIN, /\/admin\/events\?edit=new$/);
      const form = page.getByRole('form', { name: 'Add Event' });
      await form.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
      expect(await form.getByLabel('Event name').inputValue()).toBe(name);
      expect(await form.getByLabel('Location').inputValue()).toBe('Leeds');
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);

      await form.getByLabel('Date').fill('2031-05-01');
      await form.getByRole('button', { name: 'Create Event' }).click();
      await page.getByRole('listitem').filter({ hasText: name }).waitFor();
      expect(await storedDrafts(page)).toEqual([]);
      await page.getByRole('button', { name: 'Add Event' }).click();
      expect(await page.getByLabel('Event name').inputValue()).toBe('');
      expect(await page.getByText('Draft restored').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows a draft to its own admin only, and a logout the admin chooses drops theirs', async () => {
    const other: TestAdmin = await createAdmin(e2e.server, { ready: true });
    const ownerId = await idOf(e2e.server, ADMIN);
    const { context, page } = await clockedPage(e2e.server, e2e.browser);
    try {
      await signIn(page, ADMIN, /\/admin\/dashboard$/);
      await page.getByRole('link', { name: 'Events', exact: true }).click();
      await page.getByRole('button', { name: 'Add Event' }).click();
      await page.getByLabel('Event name').fill("The owner's draft");
      await expect.poll(async () => (await storedDrafts(page)).length).toBe(1);
      await idleOut(page);

      // Someone else on the same browser: the start page, and an empty form.
      await signIn(page, other, /\/admin\/dashboard$/);
      await page.getByRole('link', { name: 'Events', exact: true }).click();
      await page.getByRole('button', { name: 'Add Event' }).click();
      expect(await page.getByLabel('Event name').inputValue()).toBe('');
      expect(await page.getByText('Draft restored').count()).toBe(0);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/admin\/login$/);
      expect((await storedDrafts(page)).map(([key]) => key)).toEqual([
        `adminDraft:${ownerId}:content:events:new`,
      ]);

      await signIn(page, ADMIN, /\/admin\/dashboard$/);
      await page.getByRole('link', { name: 'Events', exact: true }).click();
      await page.getByRole('button', { name: 'Add Event' }).click();
      await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
      expect(await page.getByLabel('Event name').inputValue()).toBe("The owner's draft");
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/admin\/login$/);
      expect(await storedDrafts(page)).toEqual([]);
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, other);
    }
  });

  it('keeps business details but never a password; Discard and Cancel drop a draft', async () => {
    const secret = 'Typed-But-Never-Kept-42';
    const { context, page } = await clockedPage(e2e.server, e2e.browser, PHONE);
    try {
      await signIn(page, ADMIN, /\/admin\/dashboard$/);
      await page.goto(`${e2e.server.url}/admin/settings`);
      const phone = page.getByLabel('Phone', { exact: true });
      // The form fills in once the saved details have loaded: what it shows then is what Discard brings back.
      const saved = (await e2e.server.started.services.site.get()).phone ?? '';
      await expect.poll(() => phone.inputValue()).toBe(saved);
      await phone.fill('01632 960123');
      await page.getByLabel('Current password').fill(secret);
      await expect.poll(async () => JSON.stringify(await storedDrafts(page))).toContain('01632 960123');
      await idleOut(page);
      expect(JSON.stringify(await storedDrafts(page))).not.toContain(secret);

      await signIn(page, ADMIN, /\/admin\/settings$/);
      const business = page.getByRole('region', { name: 'Business details' });
      await business.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
      expect(await phone.inputValue()).toBe('01632 960123');
      expect(await page.getByLabel('Current password').inputValue()).toBe('');
      await business.getByRole('button', { name: 'Discard' }).click();
      expect(await phone.inputValue()).toBe(saved);
      expect(await storedDrafts(page)).toEqual([]);

      // An edited event: kept over a reload, dropped by Cancel.
      const token = await apiLogin(e2e.server);
      const event = await adminApi<{ id: number }>(e2e.server, token, 'POST', '/api/admin/events', {
        name: 'Drafted Edit Fair',
        location: 'York',
        date: '2031-06-01',
      });
      await page.goto(`${e2e.server.url}/admin/events?edit=${event.id}`);
      const form = page.getByRole('form', { name: 'Edit Event' });
      await form.getByLabel('Location').fill('Harrogate');
      // Kept once the admin is known (GET /api/admin/me may still be on its way): then reloaded.
      await expect.poll(async () => JSON.stringify(await storedDrafts(page))).toContain('Harrogate');
      await page.reload();
      await form.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
      expect(await form.getByLabel('Location').inputValue()).toBe('Harrogate');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'detached' });
      expect(await storedDrafts(page)).toEqual([]);
      await adminApi(e2e.server, token, 'DELETE', `/api/admin/events/${event.id}`);
    } finally {
      await context.close();
    }
  });

  it('keeps a half-typed booking per booking and per enquiry through an inactivity sign-out, reopens its form after sign-in, and drops it once saved', async () => {
    const db = e2e.server.started.db;
    const seed = (name: string, preferred_date: string) =>
      seedEnquiry(e2e.server, { name, organisation: `${name} Ltd`, preferred_date, people: 40 });
    const first = nextMonthDay(10);
    const booked = await seed('Ada Drafting', first.day);
    const toBook = await seed('Ben Drafting', nextMonthDay(20).day);
    const token = await apiLogin(e2e.server);
    const bookingId = await holdBooking(e2e.server, token, booked, {
      start_date: first.day,
      price_pence: 150_000,
      notes: 'Saved notes',
    });
    const { context, page } = await clockedPage(e2e.server, e2e.browser);
    const draftKeys = async () => (await storedDrafts(page)).map(([key]) => key).sort();
    try {
      await signIn(page, ADMIN, /\/admin\/dashboard$/);
      const userId = await idOf(e2e.server, ADMIN);

      // Ben's booking begun from his enquiry card, then the panel closed: the draft stays.
      await page.goto(`${e2e.server.url}/admin/enquiries`);
      await page.getByRole('button', { name: 'Book Ben Drafting' }).click();
      await page.waitForURL(new RegExp(`/admin/enquiries\\?book=${toBook}$`));
      const bookBen = page.getByRole('dialog', { name: 'Book: Ben Drafting' });
      await bookBen.getByLabel('Price (£)').fill('975.00');
      await bookBen.getByLabel('Notes').fill("Ben's field, by the river");
      await page.keyboard.press('Escape');
      await bookBen.waitFor({ state: 'detached' });
      await expect.poll(draftKeys).toEqual([`adminDraft:${userId}:bookings:enquiry:${toBook}`]);

      // Ada's booking edited: its own form, nothing of Ben's in it.
      await page.goto(`${e2e.server.url}/admin/bookings?month=${first.month}&booking=${bookingId}`);
      const panel = page.getByRole('dialog', { name: 'Ada Drafting' });
      await panel.getByRole('button', { name: 'Edit' }).click();
      const editAt = new RegExp(`/admin/bookings\\?month=${first.month}&booking=${bookingId}&edit=1$`);
      await page.waitForURL(editAt);
      const edit = page.getByRole('form', { name: 'Save booking' });
      expect(await edit.getByLabel('Price (£)').inputValue()).toBe('1,500.00');
      expect(await edit.getByText('Draft restored').count()).toBe(0);
      await edit.getByLabel('Price (£)').fill('2,400.00');
      await edit.getByLabel('Notes').fill('Gate by the barn, ring on arrival');
      await expect.poll(draftKeys).toHaveLength(2);

      await idleOut(page);
      expect(await draftKeys()).toEqual([
        `adminDraft:${userId}:bookings:${bookingId}`,
        `adminDraft:${userId}:bookings:enquiry:${toBook}`,
      ]);

      // The same booking, its form open, the typed values back — and said so.
      await signIn(page, ADMIN, editAt);
      await edit.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
      expect(await edit.getByLabel('Price (£)').inputValue()).toBe('2,400.00');
      expect(await edit.getByLabel('Notes').inputValue()).toBe('Gate by the barn, ring on arrival');
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await edit.getByRole('button', { name: 'Save booking' }).click();
      await page.getByText('Booking saved').waitFor();
      await page.waitForURL(new RegExp(`/admin/bookings\\?month=${first.month}&booking=${bookingId}$`));
      await panel.getByText('£2,400.00').waitFor();
      expect(await draftKeys()).toEqual([`adminDraft:${userId}:bookings:enquiry:${toBook}`]);
      const saved = await db
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow();
      expect(saved).toMatchObject({ price_pence: 240_000, notes: 'Gate by the barn, ring on arrival' });
      await panel.getByRole('button', { name: 'Edit' }).click();
      expect(await edit.getByLabel('Price (£)').inputValue()).toBe('2,400.00');
      expect(await edit.getByText('Draft restored').count()).toBe(0);
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // Ben's draft is his own, and an inactivity sign-out in his form returns to it too.
      await page.goto(`${e2e.server.url}/admin/enquiries`);
      await page.getByRole('button', { name: 'Book Ben Drafting' }).click();
      await bookBen.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
      await idleOut(page);
      await signIn(page, ADMIN, new RegExp(`/admin/enquiries\\?book=${toBook}$`));
      await bookBen.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
      expect(await bookBen.getByLabel('Price (£)').inputValue()).toBe('975.00');
      expect(await bookBen.getByLabel('Notes').inputValue()).toBe("Ben's field, by the river");
      await bookBen.getByRole('button', { name: 'Make provisional booking' }).click();
      await bookBen.getByText(/Booked provisionally for/).waitFor();
      expect(await storedDrafts(page)).toEqual([]);
      const made = await db
        .selectFrom('bookings')
        .selectAll()
        .where('enquiry_id', '=', toBook)
        .executeTakeFirstOrThrow();
      expect(made).toMatchObject({ price_pence: 97_500, notes: "Ben's field, by the river" });
    } finally {
      await context.close();
      await db.deleteFrom('calendar_days').execute();
      await db.deleteFrom('bookings').execute();
      await db.deleteFrom('enquiries').where('id', 'in', [booked, toBook]).execute();
    }
  });

  it('says when someone else saved the booking after its draft was typed, and saves the draft over it only when asked', async () => {
    const db = e2e.server.started.db;
    const day = nextMonthDay(14);
    const enquiry = await seedEnquiry(e2e.server, { name: 'Cora Outdated', preferred_date: day.day });
    const token = await apiLogin(e2e.server);
    const bookingId = await holdBooking(e2e.server, token, enquiry, {
      start_date: day.day,
      price_pence: 150_000,
      notes: 'Saved notes',
    });
    const stored = () =>
      db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow();
    const { context, page } = await freshPage(e2e.browser, PHONE);
    try {
      const editAt = `/admin/bookings?month=${day.month}&booking=${bookingId}&edit=1`;
      await openSignedIn(page, e2e.server, editAt);
      const edit = page.getByRole('form', { name: 'Save booking' });
      await edit.getByLabel('Notes').fill('Mine: the gate by the barn');
      await expect.poll(async () => (await storedDrafts(page)).length).toBe(1);

      // Meanwhile someone else saves the booking (another admin, another browser).
      await adminApi(e2e.server, token, 'PUT', `/api/admin/bookings/${bookingId}`, {
        start_date: day.day,
        price_pence: 300_000,
        notes: 'Theirs: ring the farm first',
      });

      // The form opened again brings the draft back, and says it was typed before their change.
      await page.reload();
      const notice = edit.getByRole('status').filter({ hasText: 'Draft restored' });
      await notice.getByText('someone else has saved this since you typed it').waitFor();
      expect(await edit.getByLabel('Notes').inputValue()).toBe('Mine: the gate by the barn');
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);

      // Saved as it is, it is refused: their change stays, and so does the draft.
      await edit.getByRole('button', { name: 'Save booking' }).click();
      await edit.getByText(/^Someone else changed this booking after you opened it/).waitFor();
      expect(await stored()).toMatchObject({ price_pence: 300_000, notes: 'Theirs: ring the farm first' });
      expect(await storedDrafts(page)).toHaveLength(1);

      // Kept on purpose, it saves over theirs.
      await notice.getByRole('button', { name: 'Keep mine' }).click();
      await notice.filter({ hasText: 'the changes you had not saved yet' }).waitFor();
      await edit.getByRole('button', { name: 'Save booking' }).click();
      await page.getByText('Booking saved').waitFor();
      expect(await stored()).toMatchObject({ price_pence: 150_000, notes: 'Mine: the gate by the barn' });
      expect(await storedDrafts(page)).toEqual([]);
    } finally {
      await context.close();
      await db.deleteFrom('calendar_days').execute();
      await db.deleteFrom('bookings').execute();
      await db.deleteFrom('enquiries').where('id', '=', enquiry).execute();
    }
  });

  it("keeps what was typed before the admin's own details had arrived, over a draft kept from before", async () => {
    const token = await apiLogin(e2e.server);
    const event = await adminApi<{ id: number }>(e2e.server, token, 'POST', '/api/admin/events', {
      name: 'Slow Signal Fair',
      location: 'York',
      date: '2031-07-01',
    });
    const { context, page } = await freshPage(e2e.browser, PHONE);
    try {
      const editAt = `/admin/events?edit=${event.id}`;
      await openSignedIn(page, e2e.server, editAt);
      const form = page.getByRole('form', { name: 'Edit Event' });
      await form.getByLabel('Location').fill('Whitby');
      await expect.poll(async () => (await storedDrafts(page)).length).toBe(1);

      // A weak signal: the form is there from the events list before GET /api/admin/me answers.
      let releaseMe = () => {};
      const meHeld = new Promise<void>((resolve) => (releaseMe = resolve));
      await page.route('**/api/admin/me', async (route) => {
        await meHeld;
        await route.continue();
      });
      await page.reload();
      await form.getByLabel('Location').fill('Scarborough');
      releaseMe();
      await expect.poll(async () => JSON.stringify(await storedDrafts(page))).toContain('Scarborough');
      expect(await form.getByLabel('Location').inputValue()).toBe('Scarborough');

      await page.unroute('**/api/admin/me');
      await page.reload();
      await form.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
      expect(await form.getByLabel('Location').inputValue()).toBe('Scarborough');
    } finally {
      await context.close();
      await adminApi(e2e.server, token, 'DELETE', `/api/admin/events/${event.id}`);
    }
  });
});
