// Issue 28, item 11: the audit log names the enquiry an entry is about — its sender and the day it
// came — read from the live enquiry when the log is shown, never written into the log (no personal
// data in its rows); once the enquiry is gone the entry says so, and a restore names it again.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';

interface Entry {
  action: string;
  target_id: string | null;
  detail: string | null;
  target_exists: boolean | null;
  target_label: string | null;
}

describeEachDatabase(
  'audit log: enquiries by name',
  (ctx) => {
    async function enquiryFrom(name: string, email: string): Promise<number> {
      const sent = await ctx().request({
        method: 'POST',
        url: '/api/enquiries',
        payload: { name, email, organisation: 'Acme Events', message: 'We would like to book the range.' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const rows = await ctx().db.selectFrom('enquiries').select('id').where('email', '=', email).execute();
      return rows[0]!.id;
    }

    const enquiryEntries = async (token: string) =>
      (await ctx().request({ method: 'GET', url: '/api/admin/audit', token }))
        .json<{ entries: Entry[] }>()
        .entries.filter((entry) => entry.action.includes('/api/admin/enquiries/:id'));

    it('names a live enquiry by its sender and day, and writes no personal data into the log', async () => {
      const id = await enquiryFrom('Priya Shah', 'priya@example.com');
      const boss = await ctx().loginAs();
      const marked = await ctx().request({
        method: 'PATCH',
        url: `/api/admin/enquiries/${id}`,
        token: boss.token,
        payload: { status: 'booked' },
      });
      expect(marked.statusCode, marked.body).toBe(200);

      expect(await enquiryEntries(boss.token)).toEqual([
        expect.objectContaining({
          action: 'PATCH /api/admin/enquiries/:id',
          target_id: String(id),
          detail: JSON.stringify({ status: 'booked' }),
          target_exists: true,
          target_label: 'Priya Shah (15 Jun 2026)',
        }),
      ]);
      const rows = await ctx().db.selectFrom('audit_log').selectAll().execute();
      expect(JSON.stringify(rows)).not.toMatch(/Priya|Shah|priya@example\.com/);
    });

    it('says the enquiry is gone once deleted or erased, and names it again after a restore', async () => {
      const id = await enquiryFrom('Tom Jones', 'tom@example.com');
      const boss = await ctx().loginAs();
      const request = (method: 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
        ctx().request({ method, url, token: boss.token, ...(payload ? { payload } : {}) });
      await request('PATCH', `/api/admin/enquiries/${id}`, { status: 'contacted' });
      await request('DELETE', `/api/admin/enquiries/${id}`);

      const gone = await enquiryEntries(boss.token);
      expect(gone.map((entry) => [entry.action, entry.target_exists, entry.target_label])).toEqual([
        ['DELETE /api/admin/enquiries/:id', false, null],
        ['PATCH /api/admin/enquiries/:id', false, null],
      ]);
      expect(JSON.stringify(await ctx().db.selectFrom('audit_log').selectAll().execute())).not.toContain(
        'Tom',
      );

      const restored = await request('POST', '/api/admin/trash/restore', {
        items: [{ kind: 'enquiries', id }],
      });
      expect(restored.statusCode, restored.body).toBe(200);
      expect((await enquiryEntries(boss.token)).map((entry) => entry.target_label)).toEqual([
        'Tom Jones (15 Jun 2026)',
        'Tom Jones (15 Jun 2026)',
      ]);

      const erased = await request('DELETE', '/api/admin/data-subject?email=tom%40example.com');
      expect(erased.statusCode, erased.body).toBe(200);
      expect((await enquiryEntries(boss.token)).map((entry) => entry.target_label)).toEqual([null, null]);
    });

    it('names nothing for entries about no single enquiry, nor for content (their names are in the entry)', async () => {
      const boss = await ctx().loginAs();
      await ctx().request({
        method: 'POST',
        url: '/api/admin/events',
        token: boss.token,
        payload: { name: 'Fest', location: 'Leeds', date: '2026-08-01' },
      });
      const { entries } = (
        await ctx().request({ method: 'GET', url: '/api/admin/audit', token: boss.token })
      ).json<{
        entries: Entry[];
      }>();
      expect(entries.map((entry) => entry.target_label)).toEqual(entries.map(() => null));
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', ENQUIRY_RATE_LIMIT_MAX: '1000' } },
);
