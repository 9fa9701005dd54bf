// Issue 17 in a real browser: content scheduled in UK time from the admin form (the card says when it
// appears, the public site follows to the moment without a write), the weekly report setting with its
// preview, and deletions undone from the toast or from Recently deleted.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { londonLocalValue } from '#shared/london-time.ts';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { ADMIN, mailHeader, mailsSince, outboxNames } from './support/server.ts';

const MINUTE = 60 * 1000;

describeE2e('scheduled content, the weekly report and undoing deletions', () => {
  const e2e = useE2eServer();
  let token: string;
  beforeAll(async () => {
    token = await apiLogin(e2e.server);
  });

  async function open(adminPath: string, options = DESKTOP): Promise<Page> {
    const page = await (await e2e.browser.newContext(options)).newPage();
    await openSignedIn(page, e2e.server, adminPath);
    return page;
  }

  const publicClients = async () =>
    (
      (await (await fetch(`${e2e.server.url}/api/cms/testimonials`)).json()) as {
        testimonials: { client_name: string }[];
      }
    ).testimonials.map((t) => t.client_name);

  it('schedules a testimonial in UK time from the form, and the site shows it from then on', async () => {
    const page = await open('/admin/testimonials', PHONE);
    await page.getByRole('button', { name: 'Add Testimonial' }).first().click();
    await page.getByLabel('Client name').fill('Scheduled Sam');
    await page.getByLabel('Company').fill('Later Ltd');
    await page.getByLabel('Testimonial', { exact: true }).fill('Worth the wait');
    await page.locator('label').filter({ hasText: '5 stars' }).click();
    // Tomorrow at 09:00 UK time, typed as the owner types it.
    const tomorrowNine = `${londonLocalValue(Date.now() + 24 * 60 * MINUTE).slice(0, 10)}T09:00`;
    await page.getByLabel('Show from (optional)').fill(tomorrowNine);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.getByRole('button', { name: 'Add Testimonial' }).last().click();

    const card = page.getByRole('listitem').filter({ hasText: 'Scheduled Sam' });
    await card.getByText(/^Scheduled — appears \w{3} \d{1,2} \w{3} 09:00$/).waitFor();
    expect(await publicClients()).not.toContain('Scheduled Sam');

    // Brought forward to a few seconds from now: the public list follows with no other write.
    const [saved] = (
      await adminApi<{ id: number; client_name: string }[]>(
        e2e.server,
        token,
        'GET',
        '/api/admin/testimonials',
      )
    ).filter((t) => t.client_name === 'Scheduled Sam');
    const soon = new Date(Date.now() + 3000).toISOString();
    await adminApi(e2e.server, token, 'PUT', `/api/admin/testimonials/${saved!.id}`, { show_from: soon });
    expect(await publicClients()).not.toContain('Scheduled Sam');
    await expect.poll(publicClients, { interval: 250 }).toContain('Scheduled Sam');
    await page.context().close();
  });

  it('refuses a hide-after time before the show-from time, beside the field', async () => {
    const logos = async () =>
      (await adminApi<{ id: number }[]>(e2e.server, token, 'GET', '/api/admin/logos')).length;
    const logosBefore = await logos();
    const page = await open('/admin/logos');
    await page.getByRole('button', { name: 'Add Logo' }).first().click();
    const showFrom = page.getByLabel('Show from (optional)');
    const hideAfter = page.getByLabel('Hide after (optional)');
    await showFrom.fill('2099-06-01T10:00');
    await hideAfter.fill('2099-06-01T09:00');
    await showFrom.focus();
    await page.getByRole('button', { name: 'Add Logo' }).last().click();
    // The message is the one a screen reader reads for the hide-after field, and only that field is marked.
    await expect.poll(() => hideAfter.getAttribute('aria-invalid')).toBe('true');
    const saidBeside = await hideAfter.evaluate(
      (control) => document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(saidBeside).toBe('Hide after must be after show from');
    expect(await showFrom.getAttribute('aria-invalid')).toBeNull();
    expect(await logos()).toBe(logosBefore);
    await page.context().close();
  });

  it('turns the weekly report on for the signed-in admin and sends them a preview', async () => {
    const page = await open('/admin/settings#settings-weekly-report');
    const toggle = page.getByRole('switch', { name: 'E-mail me the weekly report' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText(/You will get the weekly report Mondays at 08:00/).waitFor();
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    const outboxBefore = outboxNames(e2e.server.outboxDir);
    await page.getByRole('button', { name: 'Send me a preview now' }).click();
    // No mail server here: the preview only reached the outbox, and the toast says so (issue 28).
    await page.getByText(/^Not delivered — no mail server yet$/).waitFor();
    const sent = mailsSince(e2e.server.outboxDir, outboxBefore);
    expect(sent).toHaveLength(1);
    expect(mailHeader(sent[0]!, 'To')).toBe(ADMIN.email);
    expect(mailHeader(sent[0]!, 'Subject')).toMatch(/^\[Preview\] .+ weekly report, /);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.context().close();
  });

  it('undoes a deletion from the toast, and restores from Recently deleted', async () => {
    const page = await open('/admin/badges');
    page.on('dialog', (dialog) => void dialog.accept());
    const [badge] = await adminApi<{ id: number; name: string }[]>(
      e2e.server,
      token,
      'GET',
      '/api/admin/badges',
    );
    await page.getByRole('button', { name: `Delete ${badge!.name}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Badge deleted' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await page.getByText('Badge restored').waitFor();
    await page.getByRole('button', { name: `Delete ${badge!.name}` }).waitFor();
    const badges = await adminApi<{ id: number }[]>(e2e.server, token, 'GET', '/api/admin/badges');
    expect(badges.map((b) => b.id)).toContain(badge!.id);

    // Deleted again and left: it waits in Recently deleted, from where Restore brings it back.
    await page.getByRole('button', { name: `Delete ${badge!.name}` }).click();
    await page.getByText('Badge deleted').waitFor();
    await page.getByRole('link', { name: 'Recently deleted' }).first().click();
    const restore = page.getByRole('button', { name: `Restore ${badge!.name}` });
    await restore.waitFor();
    expect(describeViolations(await axeViolations(page))).toBe('');
    await restore.click();
    await page.getByText(`${badge!.name} is back`).waitFor();
    await page.getByText('Nothing deleted in the last 30 days.').waitFor();
    const again = await adminApi<{ id: number }[]>(e2e.server, token, 'GET', '/api/admin/badges');
    expect(again.map((b) => b.id)).toContain(badge!.id);
    await page.context().close();
  });
});
