// Admin access in a real browser (docs/product.md#sign-in, docs/product.md#password-reset): login with and
// without 2FA, wrong password, forced change on first login, forgot/reset through the mail outbox, the guard,
// logout that revokes the session, and the inactivity logout with the browser clock fast-forwarded.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createAdmin,
  deleteAdmin,
  enableTwoFactor,
  fillLogin,
  freshPage,
  resetLinkFor,
  totpCode,
} from './admin-core-fixtures.ts';
import { addDays, londonDay } from '#shared/london-days.ts';
import { apiLogin, openSignedIn } from './support/admin.ts';
import { holdBooking, seedEnquiry } from './support/bookings.ts';
import { ADMIN } from './support/server.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, PHONE } from './support/browser.ts';

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

/**
 * Holds back every script of the app until `releaseScripts()` (a phone on a weak signal), and collects
 * what the page logs as an error meanwhile and after.
 */
async function holdScripts(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return { errors, releaseScripts };
}

describeE2e('admin access', () => {
  // Captcha off so the dashboard test can file enquiries through the service.
  const e2e = useE2eServer({ CAPTCHA_PROVIDER: 'off' });

  it('signs in with the right password and lands on the dashboard', async () => {
    const { context, page } = await freshPage(e2e.browser);
    await page.goto(`${e2e.server.url}/admin/login`);
    await fillLogin(page);
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
    // The token survives a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/dashboard$/);
    await context.close();
  });

  it('shows the sign-in form before the admin script arrives, keeps what was typed and signs in once it has', async () => {
    const { context, page } = await freshPage(e2e.browser, PHONE);
    try {
      // Every script is held until the form has been filled in: the phone on a weak signal.
      const { errors, releaseScripts } = await holdScripts(page);
      await page.goto(`${e2e.server.url}/admin/login`, { waitUntil: 'commit' });
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      const signIn = page.getByRole('button', { name: 'Sign in' });
      // Sent without its script the form would put the password in the address: it waits.
      expect(await signIn.isDisabled()).toBe(true);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      expect(page.url()).toBe(`${e2e.server.url}/admin/login`);

      releaseScripts();
      await expect.poll(() => signIn.isEnabled()).toBe(true);
      expect(await page.getByLabel('Email').inputValue()).toBe(ADMIN.email);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(ADMIN.password);
      await signIn.click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      // Opened again while signed in, the written-in form gives way to the dashboard.
      await page.goto(`${e2e.server.url}/admin/login`);
      await page.waitForURL(/\/admin\/dashboard$/);
      expect(errors, 'hydrating the written-in form logs nothing').toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints the signed-in frame before any script, then draws the screen in its place; without a session, the sign-in', async () => {
    for (const [where, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page } = await freshPage(e2e.browser, options);
      try {
        const { errors, releaseScripts } = await holdScripts(page);
        const token = await apiLogin(e2e.server);
        await page.addInitScript((value) => localStorage.setItem('adminToken', value), token);
        await page.goto(`${e2e.server.url}/admin/bookings`, { waitUntil: 'commit' });
        // Before any script: the admin's frame, the screen's entry marked, nobody's name.
        const nav = page.getByRole('navigation', { name: 'Admin' });
        if (where === 'phone') {
          await page.getByRole('banner').getByText('CMS Admin').waitFor();
          expect(await page.getByRole('button', { name: 'Menu' }).isDisabled()).toBe(true);
        } else {
          expect(await nav.getByRole('link', { name: 'Bookings' }).getAttribute('aria-current')).toBe('page');
        }
        await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
        expect(await page.getByText('Signed in as').count()).toBe(0);
        expect(await page.getByText(/^Provisional holds, confirmed bookings/).count()).toBe(0);
        await expectNoAxeViolations(page, `signed-in frame (${where})`);

        // The screen is drawn where the frame was: one layout, not two.
        releaseScripts();
        await page.getByText(/^Provisional holds, confirmed bookings/).waitFor();
        await page.getByText('Signed in as').first().waitFor({ state: 'attached' });
        expect(await page.locator('main').count()).toBe(1);
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
        expect(
          await page.getByRole('button', { name: where === 'phone' ? 'Menu' : 'Logout' }).isEnabled(),
        ).toBe(true);
        expect(await page.locator('#root').getAttribute('data-signed-in-frame')).toBeNull();

        expect(errors, 'the frame replaced without a console error').toEqual([]);
      } finally {
        await context.close();
      }
    }
    // Without a session the frame gives way to the sign-in screen.
    const { context, page } = await freshPage(e2e.browser, PHONE);
    try {
      await page.goto(`${e2e.server.url}/admin/dashboard`);
      await page.waitForURL(/\/admin\/login$/);
      await page.getByLabel('Email').waitFor();
      expect(await page.locator('main#main').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("draws the calendar with the admin's own bookings before any script, from the session its pages carry; never for an ended session", async () => {
    const token = await apiLogin(e2e.server);
    const day = addDays(londonDay(Date.now()), 40);
    // Markup, a replacement pattern and a script's end in a name: text on the page, nothing more.
    const name = 'Ada </script><img src=x onerror=alert(1)> $& Drawn';
    await holdBooking(e2e.server, token, await seedEnquiry(e2e.server, { name, preferred_date: day }), {
      start_date: day,
    });
    const bookingsAt = `${e2e.server.url}/admin/bookings?month=${day.slice(0, 7)}`;
    const { context, page } = await freshPage(e2e.browser, DESKTOP);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      // Signing in keeps the session for the admin's pages too: their cookie, which no script but
      // the admin's own reads and no other site sends.
      await page.goto(`${e2e.server.url}/admin/login`);
      await fillLogin(page);
      await page.waitForURL(/\/admin\/dashboard$/);
      const session = (await context.cookies()).find((cookie) => cookie.name === 'adminSession');
      expect(session).toMatchObject({ path: '/admin', sameSite: 'Strict' });
      expect(session?.value).toBe(await page.evaluate(() => localStorage.getItem('adminToken')));

      // On a weak signal: the calendar with the booking and the admin's name, before any script.
      const { errors, releaseScripts } = await holdScripts(page);
      await page.goto(bookingsAt, { waitUntil: 'commit' });
      await page.getByText(/^Provisional holds, confirmed bookings/).waitFor();
      await page.getByText(name).first().waitFor();
      expect(await page.getByText('Signed in as').count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Logout' }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page, 'bookings drawn on the server');

      // The client takes over where the drawn screen was: the same booking, one layout.
      releaseScripts();
      await expect.poll(() => page.getByRole('button', { name: 'Logout' }).isEnabled()).toBe(true);
      await page.getByText(name).first().waitFor();
      expect(await page.locator('main').count()).toBe(1);
      expect(await page.locator('#root').getAttribute('data-drawn-on-server')).toBeNull();
      expect(errors, 'the drawn screen replaced without a console error').toEqual([]);
      expect(alerts).toEqual([]);

      // The API never takes the cookie for a token.
      const cookieOnly = await fetch(`${e2e.server.url}/api/admin/me`, {
        headers: { cookie: `adminSession=${session?.value}` },
      });
      expect(cookieOnly.status).toBe(401);

      // Logout ends the session and takes the cookie away; the ended session's cookie, sent again,
      // draws nothing of the admin's: the page without a screen, then the sign-in.
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/admin\/login$/);
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('adminSession');
      const ended = await fetch(bookingsAt, { headers: { cookie: `adminSession=${session?.value}` } });
      const endedPage = await ended.text();
      expect(endedPage).toContain('data-signed-in-frame');
      expect(endedPage).not.toContain('Ada ');
    } finally {
      await context.close();
    }
  });

  it("shows the server's detail for a wrong password", async () => {
    const admin = await createAdmin(e2e.server, { ready: true });
    const { context, page } = await freshPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.url}/admin/login`);
      await fillLogin(page, { email: admin.email, password: 'not-the-password' });
      await expect(page.getByRole('alert').textContent()).resolves.toContain('Invalid email or password');
      expect(page.url()).toMatch(/\/admin\/login$/);
      await expect(page.getByLabel('2FA code').count()).resolves.toBe(0);
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, admin);
    }
  });

  it('asks for the 2FA code after the first attempt and signs in with a fresh code', async () => {
    const admin = await createAdmin(e2e.server, { ready: true });
    const { context, page } = await freshPage(e2e.browser);
    try {
      const secret = await enableTwoFactor(e2e.server, admin);
      await page.goto(`${e2e.server.url}/admin/login`);
      await expect(page.getByLabel('2FA code').count()).resolves.toBe(0);
      await fillLogin(page, admin);
      const codeField = page.getByLabel('2FA code');
      await codeField.waitFor();
      // A normal next step, said calmly: a status, not a red alert (issue 16).
      await expect(page.getByRole('status').textContent()).resolves.toContain('authenticator app');
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      // Shown and focused, digits only and at most 6.
      expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
      await codeField.pressSequentially('12ab3456789');
      expect(await codeField.inputValue()).toBe('123456');
      // The enrolment used the current step; the app's next code is still accepted (±30 s).
      await codeField.fill(totpCode(secret, 30));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/admin\/dashboard$/);
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, admin);
    }
  });

  it('sends a new admin to Settings until the forced password change is done', async () => {
    const admin = await createAdmin(e2e.server);
    const { context, page } = await freshPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.url}/admin/login`);
      await fillLogin(page, admin);
      await page.waitForURL(/\/admin\/settings$/);
      await page.getByText('Please choose a new password before you continue.').waitFor();
      // Other pages redirect back to Settings, and only Settings and Logout are links.
      await page.goto(`${e2e.server.url}/admin/events`);
      await page.waitForURL(/\/admin\/settings$/);
      const nav = page.getByRole('navigation', { name: 'Admin' });
      await nav.getByRole('link', { name: 'Settings' }).waitFor();
      await expect(nav.getByRole('link').allTextContents()).resolves.toEqual(['Settings']);

      await page.getByLabel('Current password').fill(admin.password);
      await page.getByLabel('New password', { exact: true }).fill('A-brand-new-password-9');
      await page.getByLabel('Confirm new password').fill('A-brand-new-password-9');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password has been changed.').waitFor();

      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL(/\/admin\/dashboard$/);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, admin);
    }
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const admin = await createAdmin(e2e.server, { ready: true });
    const { context, page } = await freshPage(e2e.browser, PHONE);
    try {
      await page.goto(`${e2e.server.url}/admin/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(/\/admin\/forgot-password$/);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
      await expect(page.getByRole('status').textContent()).resolves.toMatch(
        /If an account exists.*expires in 1 hour/s,
      );

      const link = await resetLinkFor(e2e.server, admin.email);
      expect(link.startsWith(`${e2e.server.url}/admin/reset-password?token=`)).toBe(true);
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Confirm new password').fill('short');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('Password must be at least 8 characters long').waitFor();
      await page.getByLabel('New password', { exact: true }).fill('Reset-by-mail-2026');
      await page.getByLabel('Confirm new password').fill('Reset-by-mail-2027');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await page.getByLabel('Confirm new password').fill('Reset-by-mail-2026');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByRole('heading', { name: 'Password Reset Successful!' }).waitFor();
      const shownAt = Date.now();
      await page.waitForURL(/\/admin\/login$/);
      expect(Date.now() - shownAt).toBeGreaterThan(2500);

      await fillLogin(page, { email: admin.email, password: 'Reset-by-mail-2026' });
      await page.waitForURL(/\/admin\/dashboard$/);
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, admin);
    }
  });

  it('explains a reset link without a token, and a used one', async () => {
    const { context, page } = await freshPage(e2e.browser);
    await page.goto(`${e2e.server.url}/admin/reset-password`);
    await page.getByText('Invalid reset link. Please request a new password reset.').waitFor();
    await page.goto(`${e2e.server.url}/admin/reset-password?token=not-a-real-token`);
    await page.getByLabel('New password', { exact: true }).fill('Reset-by-mail-2026');
    await page.getByLabel('Confirm new password').fill('Reset-by-mail-2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.length).toBeGreaterThan(0);
    await context.close();
  });

  it('sends visitors without a session to the login screen, and signing in opens the screen they asked for', async () => {
    const { context, page } = await freshPage(e2e.browser);
    const screenTitle = () => page.getByRole('heading', { level: 1 }).textContent();
    await page.goto(`${e2e.server.url}/admin`);
    await page.waitForURL(/\/admin\/login$/);
    await expect.poll(screenTitle).toBe('Admin Login');
    await page.goto(`${e2e.server.url}/admin/events`);
    await page.waitForURL(/\/admin\/login$/);
    await expect.poll(screenTitle).toBe('Admin Login');
    await fillLogin(page);
    await page.waitForURL(/\/admin\/events$/);
    await expect.poll(screenTitle).toBe('Events');
    await context.close();
  });

  it('logs out: the token leaves the browser and no longer works on the server', async () => {
    const token = await apiLogin(e2e.server);
    const { context, page } = await freshPage(e2e.browser);
    await page.goto(`${e2e.server.url}/admin/login`);
    await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
    await page.goto(`${e2e.server.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('forcePasswordChange'))).toBeNull();
    await expect
      .poll(
        async () =>
          (await fetch(`${e2e.server.url}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } }))
            .status,
      )
      .toBe(401);
    await context.close();
  });

  it('logs out after more than 5 minutes without activity, with the alert', async () => {
    const { context, page } = await freshPage(e2e.browser);
    await page.clock.install();
    const messages: string[] = [];
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    const token = await openSignedIn(page, e2e.server, '/admin/dashboard');
    // The client's own layout, which counts the idle time, not the frame before it (decision 0486).
    await expect.poll(() => page.getByRole('button', { name: 'Logout' }).isEnabled()).toBe(true);
    // Just under the limit nothing happens.
    await page.clock.runFor('04:50');
    expect(messages).toEqual([]);
    expect(page.url()).toMatch(/\/admin\/dashboard$/);
    // The last minute is announced, with a way to stay.
    await page
      .getByRole('alertdialog')
      .getByText(/signed out in \d+ s/)
      .waitFor();
    await page.clock.runFor('00:41');
    await page.waitForURL(/\/admin\/login$/);
    expect(messages).toEqual(['You have been logged out due to inactivity.']);
    // The login screen says why.
    await page.getByRole('status').getByText('signed out after 5 minutes without activity').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await expect
      .poll(
        async () =>
          (await fetch(`${e2e.server.url}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } }))
            .status,
      )
      .toBe(401);
    await context.close();
  });

  it('warns a minute before the inactivity logout, and any activity keeps the admin signed in', async () => {
    const { context, page } = await freshPage(e2e.browser);
    await page.clock.install();
    const messages: string[] = [];
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await openSignedIn(page, e2e.server, '/admin/dashboard');
    await expect.poll(() => page.getByRole('button', { name: 'Logout' }).isEnabled()).toBe(true);
    await page.clock.runFor('03:50');
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    await page.clock.runFor('00:12');
    const warning = page.getByRole('alertdialog');
    const secondsLeft = async () =>
      Number(/signed out in (\d+) s/.exec((await warning.textContent()) ?? '')?.[1] ?? NaN);
    await warning.getByText(/You will be signed out in \d+ s/).waitFor();
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    await page.clock.runFor('00:10');
    await expect.poll(secondsLeft).toBeLessThanOrEqual(first - 9);
    // Keyboard only: the button has focus, Enter keeps the session.
    expect(
      await warning
        .getByRole('button', { name: 'Stay signed in' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await warning.waitFor({ state: 'detached' });
    await page.clock.runFor('03:00');
    expect(page.url()).toMatch(/\/admin\/dashboard$/);
    expect(messages).toEqual([]);
    await context.close();
  });

  it('keeps a busy admin signed in', async () => {
    const { context, page } = await freshPage(e2e.browser);
    await page.clock.install();
    const messages: string[] = [];
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await openSignedIn(page, e2e.server, '/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    for (let minute = 0; minute < 7; minute++) {
      await page.clock.runFor('01:00');
      await page.mouse.move(100 + minute * 10, 200);
    }
    expect(messages).toEqual([]);
    expect(page.url()).toMatch(/\/admin\/dashboard$/);
    await context.close();
  });

  it('shows the enquiry count with the new ones, upcoming events and page views on the dashboard', async () => {
    const { enquiries } = e2e.server.started.services;
    const enquiry = { name: 'Dana', email: 'dana@example.co.uk', organisation: 'Fete', message: 'Hello' };
    const first = await enquiries.submit({ ...enquiry, recaptchaToken: null });
    const second = await enquiries.submit({ ...enquiry, recaptchaToken: null });
    await enquiries.setStatus(first.id, 'contacted');
    const total = (await enquiries.list()).length;
    const fresh = (await enquiries.list()).filter((item) => item.status === 'new').length;
    const { context, page } = await freshPage(e2e.browser);
    try {
      await openSignedIn(page, e2e.server, '/admin/dashboard');
      const card = page.getByRole('link', { name: /^Enquiries/ }).filter({ hasText: 'new' });
      await card.getByText(`${fresh} new`).waitFor();
      expect(await card.textContent()).toContain(String(total));
      await page
        .getByRole('link', { name: /^Upcoming events/ })
        .getByText('4', { exact: true })
        .waitFor();
      await page
        .getByRole('link', { name: /^Page views/ })
        .getByText('Last 7 days')
        .waitFor();
      await card.click();
      await page.waitForURL(/\/admin\/enquiries$/);
    } finally {
      await context.close();
      await enquiries.removeMany([first.id, second.id]);
    }
  });

  it('only logs a failed stats load: the card shows a dash', async () => {
    const { context, page } = await freshPage(e2e.browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/api/admin/analytics/summary*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await openSignedIn(page, e2e.server, '/admin/dashboard');
    await page
      .getByRole('link', { name: /^Page views/ })
      .getByText('—')
      .waitFor();
    expect(errors.some((text) => text.includes('Failed to load analytics'))).toBe(true);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await context.close();
  });

  it('has no axe violations on the sign-in screens and the dashboard, phone and desktop', async () => {
    for (const [label, options] of [
      ['390', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      const { context, page } = await freshPage(e2e.browser, options);
      for (const path of [
        '/admin/login',
        '/admin/forgot-password',
        '/admin/reset-password?token=x',
        '/admin/reset-password',
      ]) {
        await page.goto(`${e2e.server.url}${path}`);
        await page.getByRole('heading').first().waitFor();
        const violations = await axeViolations(page);
        expect(violations, `${path} at ${label}: ${describeViolations(violations)}`).toEqual([]);
      }
      await openSignedIn(page, e2e.server, '/admin/dashboard');
      await page.getByText('Quick links').waitFor();
      await page.waitForLoadState('networkidle');
      const violations = await axeViolations(page);
      expect(violations, `dashboard at ${label}: ${describeViolations(violations)}`).toEqual([]);
      await context.close();
    }
  });
});
