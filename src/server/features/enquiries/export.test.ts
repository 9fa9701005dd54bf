// Issue 16: the enquiry list filtered by status and search, exported as formula-safe CSV.
import { expect, it } from 'vitest';
import { matchesEnquiryFilter } from '#shared/enquiry-filter.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

describeEachDatabase('enquiry export', (ctx) => {
  async function seed() {
    const now = ctx().clock.now();
    const row = (
      name: string,
      email: string,
      organisation: string,
      message: string,
      status: string,
      i: number,
    ) => ({
      name,
      email,
      organisation,
      message,
      status,
      spam_reason: null,
      created_at: now - i * 60_000,
      updated_at: now,
      notify_pending: 0,
      notify_attempts: 0,
    });
    await ctx()
      .db.insertInto('enquiries')
      .values([
        row(
          'Priya Shah',
          'priya@example.com',
          'Leeds Scouts',
          'Summer camp,\nabout 40 "keen" kids',
          'new',
          3,
        ),
        row('=HYPERLINK("x")', 'evil@example.com', '+cmd', '@SUM(A1)', 'new', 2),
        row('Tom Jones', 'tom@acme.example', 'Acme Ltd', 'Christmas party', 'booked', 1),
      ])
      .execute();
  }

  const exportCsv = async (query: string) => {
    const { token } = await ctx().loginAs();
    return ctx().request({ method: 'GET', url: `/api/admin/enquiries/export${query}`, token });
  };

  it('exports the filtered list as an attachment, formulas defused, line breaks kept in quotes', async () => {
    await seed();
    const all = await exportCsv('');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="enquiries_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(all.headers['cache-control']).toBe('no-store');
    const lines = all.body.split('\r\n');
    expect(lines[0]).toBe(
      'received,status,name,email,organisation,message,notification_pending,' +
        'source,utm_source,utm_medium,utm_campaign,referrer_host,' +
        'preferred_date,event_type,people,date_taken,phone',
    );
    expect(all.body).toContain('"Summer camp,\nabout 40 ""keen"" kids"');
    expect(all.body).toContain(`"'=HYPERLINK(""x"")",evil@example.com,'+cmd,'@SUM(A1)`);

    const booked = await exportCsv('?status=booked');
    expect(booked.body.trim().split('\r\n')).toHaveLength(2);
    expect(booked.body).toContain('Tom Jones');

    const searched = await exportCsv('?q=leeds%20KEEN');
    expect(
      searched.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[2]),
    ).toEqual(['Priya Shah']);
  });

  it('refuses an unknown status or an over-long search, and needs an admin', async () => {
    expect((await exportCsv('?status=maybe')).statusCode).toBe(400);
    expect((await exportCsv(`?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await ctx().request({ method: 'GET', url: '/api/admin/enquiries/export' })).statusCode).toBe(401);
  });
});

it('matches every word of the search in any of the four fields, ignoring case', () => {
  const e = { status: 'new', name: 'Priya', email: 'p@x.com', organisation: 'Leeds Scouts', message: 'Camp' };
  expect(matchesEnquiryFilter(e, {})).toBe(true);
  expect(matchesEnquiryFilter(e, { q: 'scouts camp' })).toBe(true);
  expect(matchesEnquiryFilter(e, { q: 'scouts party' })).toBe(false);
  expect(matchesEnquiryFilter(e, { status: 'booked' })).toBe(false);
});
