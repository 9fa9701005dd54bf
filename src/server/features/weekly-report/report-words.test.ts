// Issue 28, item 10 (docs/decisions/0442): the weekly e-mail says "1 visitor, 1 enquiry", names
// sections and sources as the Analytics screen does ("Action gallery", "Direct or unknown", "Google").
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { previewWeeklyReport } from '../../testing/outbox.ts';

describeEachDatabase(
  'the weekly e-mail’s words',
  (ctx) => {
    it('counts in proper plurals and names sections and sources as the screen does', async () => {
      const { analytics } = ctx().services;
      const visit = { page: '/', element: null, view_id: null, referrer: null, user_agent: 'Mozilla/5.0' };
      analytics.enqueue({
        ...visit,
        event_type: 'page_view',
        section: null,
        session_id: 'one',
        dwell_ms: null,
        source: 'direct',
      });
      analytics.enqueue({
        ...visit,
        event_type: 'section_dwell',
        section: 'action-gallery',
        session_id: 'one',
        dwell_ms: 12_500,
      });
      await analytics.flush();
      const sent = await ctx().request({
        method: 'POST',
        url: '/api/enquiries',
        payload: {
          name: 'Sam Smith',
          email: 'sam@example.com',
          organisation: 'Acme Events',
          message: 'We would like to book the range for our festival in August.',
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);

      const admin = await ctx().loginAs({ email: 'owner@example.co.uk' });
      const { preview, saved } = await previewWeeklyReport(ctx(), admin);
      expect(preview.statusCode, preview.body).toBe(200);
      const [mail] = saved;
      // The subject, MIME-encoded: "…: 1 visitor, 1 enquiry".
      expect(mail).toContain(':_1_visitor,_1_enquiry');
      for (const line of [
        '  Visitors: 1',
        '  Direct or unknown: 1 visitor, 1 enquiry, 0 booked',
        '  Action gallery: 12.5 s on average',
      ])
        expect(mail).toContain(line);
      expect(mail).not.toContain('action-gallery');
      expect(mail).not.toMatch(/\b1 (visitors|enquiries)\b|\bdirect:/);
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off' } },
);
