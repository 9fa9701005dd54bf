// The customer's phone number in a real browser (issue 36, item 4): on a phone, a visitor gives a
// number on the enquiry form — a wrong one is said beside the field — and sends; at 1280 px the admin's
// enquiry card offers it as a tap-to-call link to the number kept as E.164. The captcha is off here:
// the captcha's own path is public-enquiry.e2e.ts's.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';

describeE2e('customer phone', () => {
  const e2e = useE2eServer({ CAPTCHA_PROVIDER: 'off' });

  const form = (page: Page) => page.getByRole('form', { name: 'Booking enquiry' });
  const textbox = (page: Page, name: string) => form(page).getByRole('textbox', { name, exact: true });

  it('a visitor sends a phone number with the enquiry; the admin sees a tel: link', async () => {
    const visitor = await e2e.browser.newContext(PHONE);
    await visitor.addCookies([{ name: 'cookie_consent', value: 'false', url: e2e.server.url }]);
    const page = await visitor.newPage();
    await page.goto(`${e2e.server.url}/#contact`);
    await page.waitForLoadState('networkidle');
    await textbox(page, 'Name').fill('Sam Carter');
    await textbox(page, 'Email').fill('sam.carter@example.co.uk');
    await textbox(page, 'Organisation or occasion').fill('Northfield Summer Festival');
    await textbox(page, 'Message').fill('Both days of our festival, about 3,000 visitors a day.');

    // A number too short is said beside the field when it is left, and nothing is sent.
    await textbox(page, 'Phone (optional)').fill('0770 090');
    await textbox(page, 'Message').focus();
    await form(page).getByText('Phone has too few digits for a phone number').waitFor();
    expect(await textbox(page, 'Phone (optional)').getAttribute('aria-invalid')).toBe('true');

    await textbox(page, 'Phone (optional)').fill('07700 900123');
    await textbox(page, 'Message').focus();
    await form(page).getByText('Phone has too few digits for a phone number').waitFor({ state: 'detached' });
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await form(page).getByRole('button', { name: 'SEND ENQUIRY' }).click();
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor();
    await visitor.close();

    const [row] = await e2e.server.started.db
      .selectFrom('enquiries')
      .select(['name', 'phone'])
      .where('email', '=', 'sam.carter@example.co.uk')
      .execute();
    expect(row).toEqual({ name: 'Sam Carter', phone: '+447700900123' });

    const owner = await e2e.browser.newContext(DESKTOP);
    const admin = await owner.newPage();
    await openSignedIn(admin, e2e.server, '/admin/enquiries');
    const call = admin.getByRole('link', { name: 'Call Sam Carter on 07700 900123' });
    await call.waitFor();
    expect(await call.getAttribute('href')).toBe('tel:+447700900123');
    expect(await call.innerText()).toBe('07700 900123');
    const adminViolations = await axeViolations(admin);
    expect(adminViolations, describeViolations(adminViolations)).toEqual([]);
    await owner.close();
  });
});
