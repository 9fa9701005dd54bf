import { afterAll, expect, it } from 'vitest';
import { TOP_SOURCES_SHOWN } from '#shared/constants.ts';
import { describeEachDatabase } from '../../testing/harness.ts';
import { outboxMails, previewWeeklyReport } from '../../testing/outbox.ts';
import { startSmtpTestServer } from '../../testing/smtp-test-server.ts';

const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());

describeEachDatabase(
  'weekly report by e-mail',
  (ctx) => {
    const setting = (token: string, enabled?: unknown) =>
      ctx().request({
        method: enabled === undefined ? 'GET' : 'PUT',
        url: '/api/admin/weekly-report',
        token,
        ...(enabled === undefined ? {} : { payload: { enabled } }),
      });

    it('is each admin’s own choice, off until they turn it on', async () => {
      const owner = await ctx().loginAs();
      const staff = await ctx().loginAs({ role: 'admin' });
      expect((await setting(owner.token)).json()).toEqual({ success: true, enabled: false });

      expect((await setting(staff.token, true)).json()).toEqual({ success: true, enabled: true });
      expect((await setting(staff.token)).json()).toEqual({ success: true, enabled: true });
      expect((await setting(owner.token)).json()).toEqual({ success: true, enabled: false });

      const refused = await setting(staff.token, 'yes');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ detail: 'enabled: must be true or false' });
      expect((await setting(staff.token)).json()).toMatchObject({ enabled: true });
      await setting(staff.token, false);
    });

    it('goes out once on Monday at 08:00 London time to those who asked, even when two instances run the job', async () => {
      const wants = await ctx().loginAs({ email: 'wants@example.co.uk' });
      await ctx().loginAs({ email: 'does-not@example.co.uk' });
      expect((await setting(wants.token, true)).statusCode).toBe(200);
      const { weeklyReport } = ctx().services;
      const outbox = ctx().config.outboxDir;
      const before = outboxMails(outbox).length;

      ctx().clock.set(Date.parse('2026-03-30T06:59:00Z')); // 07:59 BST, the day after the clocks went forward
      expect(await weeklyReport.sendDue()).toEqual({ sent: 0, failed: 0 });
      ctx().clock.set(Date.parse('2026-03-30T07:00:00Z'));
      const runs = await Promise.all([weeklyReport.sendDue(), weeklyReport.sendDue()]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
      expect(await weeklyReport.sendDue()).toEqual({ sent: 0, failed: 0 });

      const mails = outboxMails(outbox).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/^To: wants@example\.co\.uk/m);
      expect(mails[0]).toContain('VISITORS');
      expect(mails[0]).toContain('NEEDS YOUR ATTENTION');

      ctx().clock.set(Date.parse('2026-04-06T07:30:00Z')); // the next Monday
      expect(await weeklyReport.sendDue()).toEqual({ sent: 1, failed: 0 });
      await setting(wants.token, false);
    });

    it('stays small when strangers invented ten thousand sources: the top ones and "Other sources"', async () => {
      const flood = Array.from({ length: 10_000 }, (_, i) => ({
        last_day: '2026-06-15',
        source: `campaign-${String(i).padStart(5, '0')}`,
        sessions: 1,
      }));
      for (let i = 0; i < flood.length; i += 500)
        await ctx()
          .db.insertInto('analytics_sessions_by_source')
          .values(flood.slice(i, i + 500))
          .execute();
      const admin = await ctx().loginAs({ email: 'owner@example.co.uk' });
      const { preview, saved } = await previewWeeklyReport(ctx(), admin);
      expect(preview.statusCode, preview.body).toBe(200);
      const [mail] = saved;
      expect(mail!.length).toBeLessThan(40_000);
      const textLines = mail!.split(/\r?\n/).filter((line) => /^ {2}campaign-\d+: /.test(line));
      expect(textLines).toHaveLength(TOP_SOURCES_SHOWN);
      expect(mail).toContain(
        `  Other sources (${(10_000 - TOP_SOURCES_SHOWN).toLocaleString('en-GB')}): 9,975 visitors, 0 enquiries, 0 booked`,
      );
      expect(mail!.match(/<tr><td[^>]*>campaign-\d+<\/td>/g)).toHaveLength(TOP_SOURCES_SHOWN);
      expect(mail).toMatch(/<td[^>]*>Other sources \(9,975\)<\/td>/);
    });

    it('sends a preview to the signed-in admin only, and says it was not delivered without a mail server', async () => {
      const admin = await ctx().loginAs({ role: 'admin', email: 'preview@example.co.uk' });
      const { preview, saved: mails } = await previewWeeklyReport(ctx(), admin);
      expect(preview.statusCode).toBe(200);
      // Without a mail server it went to a file: said as not delivered, never as sent.
      expect(preview.json()).toMatchObject({
        success: true,
        sent_to: 'preview@example.co.uk',
        outcome: 'saved',
        failure: null,
      });
      expect(preview.json<{ detail: string }>().detail).toMatch(
        /^Not delivered — no mail server yet\. It was saved as a file on the server/,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/^To: preview@example\.co\.uk/m);

      // A preview is an e-mail on demand: limited like the test e-mail.
      for (let i = 0; i < 2; i += 1)
        await ctx().request({ method: 'POST', url: '/api/admin/weekly-report/preview', token: admin.token });
      const limited = await ctx().request({
        method: 'POST',
        url: '/api/admin/weekly-report/preview',
        token: admin.token,
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ detail: string }>().detail).toMatch(/previews in the last minute/);
    });

    it('through the mail server set in Settings › Mail, the preview says it was sent', async () => {
      const admin = await ctx().loginAs({ email: 'preview@example.co.uk' });
      const saved = await ctx().request({
        method: 'PUT',
        url: '/api/admin/mail/settings',
        token: admin.token,
        payload: {
          host: '127.0.0.1',
          port: Number(new URL(smtp.url).port),
          security: 'none',
          from_address: 'office@example.co.uk',
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const arriving = smtp.waitForMail();
      const preview = await ctx().request({
        method: 'POST',
        url: '/api/admin/weekly-report/preview',
        token: admin.token,
      });
      expect(preview.json()).toEqual({
        success: true,
        sent_to: 'preview@example.co.uk',
        outcome: 'sent',
        failure: null,
        detail:
          'Sent to preview@example.co.uk. If it has not arrived in a few minutes, look in the spam or junk folder.',
      });
      expect((await arriving).to).toEqual(['preview@example.co.uk']);
    });

    // Issue 35, item 8: the preview answered 503 when the mail server could not be reached, while the
    // test e-mail answers 200 with the failure. One convention: 200, the failure in the body.
    it('says in a 200 that the preview was not sent when the mail server cannot be found', async () => {
      const admin = await ctx().loginAs({ email: 'preview@example.co.uk' });
      const server = {
        host: 'mail.invalid',
        port: 587,
        security: 'starttls',
        from_address: 'office@example.co.uk',
      };
      const saved = await ctx().request({
        method: 'PUT',
        url: '/api/admin/mail/settings',
        token: admin.token,
        payload: server,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { preview, saved: files } = await previewWeeklyReport(ctx(), admin);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toEqual({
        success: true,
        sent_to: 'preview@example.co.uk',
        outcome: 'failed',
        failure: 'host_not_found',
        detail:
          "The preview was not sent to preview@example.co.uk. The mail server's name (mail.invalid) could not be found — check the server name in Settings › Mail.",
      });
      expect(files).toEqual([]);
    });
  },
  // The test mail server listens on a port of its own, which the operator would have to allow.
  { env: { MAIL_EXTRA_PORTS: new URL(smtp.url).port } },
);
