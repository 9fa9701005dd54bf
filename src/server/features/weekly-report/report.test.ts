import { describe, expect, it } from 'vitest';
import type { AnalyticsSummary } from '#shared/schemas/analytics.ts';
import type { Enquiry } from '#shared/schemas/enquiries.ts';
import type { SetupStatus } from '#shared/schemas/setup.ts';
import { weeklyReportMail } from './mail.ts';
import { buildWeeklyReport, type ReportSources } from './report.ts';

const NOW = Date.parse('2026-11-30T08:00:00Z'); // Monday 08:00 in London (winter time)
const DAY = 24 * 60 * 60 * 1000;
const admin = { id: 1, username: 'owner', email: 'owner@example.co.uk', role: 'superadmin' as const };

const enquiry = (name: string, status: Enquiry['status'], daysAgo: number) =>
  ({ name, status, created_at: new Date(NOW - daysAgo * DAY).toISOString() }) as Enquiry;

/** The Analytics summary with these counts (none unless given) and each section's average seconds, in order. */
const summaryOf = (
  counts: Partial<AnalyticsSummary>,
  seconds: Record<string, number> = {},
): AnalyticsSummary => ({
  total_page_views: 0,
  unique_visitors: 0,
  button_clicks: 0,
  form_submissions: 0,
  ...counts,
  section_engagement: Object.entries(seconds).map(([section, avg_time]) => ({ section, avg_time })),
});

const sources: ReportSources = {
  now: () => NOW,
  businessName: async () => 'Target Range Ltd',
  analyticsSummary: async () =>
    summaryOf(
      { total_page_views: 120, unique_visitors: 41, button_clicks: 9, form_submissions: 3 },
      { 'game-modes': 31, hero: 12, gallery: 8, footer: 2 },
    ),
  enquiries: async () => [
    enquiry('Priya <Shah>', 'new', 3),
    enquiry('Sam Booked', 'booked', 2),
    enquiry('Fresh One', 'new', 1), // new, but less than 48 h old
    enquiry('Last Month', 'closed', 30), // outside the week
  ],
  bookingsBySource: async () => ({
    sources: [
      {
        source: 'Facebook',
        visitors: 40,
        enquiries: 2,
        booked: 1,
        confirmed: 1,
        value_pence: 185_050,
        received_pence: 50_000,
      },
      {
        source: 'instagram.com',
        visitors: 12,
        enquiries: 0,
        booked: 0,
        confirmed: 0,
        value_pence: 0,
        received_pence: 0,
      },
    ],
    others: {
      sources: 1234,
      visitors: 2000,
      enquiries: 1,
      booked: 0,
      confirmed: 0,
      value_pence: 0,
      received_pence: 0,
    },
  }),
  comingBookings: async () => [
    {
      start_date: '2026-12-01',
      end_date: '2026-12-01',
      customer_name: 'Ann <Lee>',
      location: '',
      state: 'provisional',
    },
    {
      start_date: '2026-12-04',
      end_date: '2026-12-06',
      customer_name: 'Tom Jones',
      location: 'Henley',
      state: 'confirmed',
    },
  ],
  notificationsPending: async () => 2,
  upcomingEvents: async () => [{ name: 'Winter Fair', date: '2026-12-05', location: 'Leeds' }],
  setupStatus: async () =>
    ({
      problems: ['mail_not_delivered', 'two_factor_off'],
      notifications: { failing: 0, last_failure: null },
    }) as unknown as SetupStatus,
};

describe('the weekly report', () => {
  it('counts the week as the screens do and lists what needs the owner, most urgent first', async () => {
    const report = await buildWeeklyReport(sources, admin);
    expect(report).toMatchObject({
      business: 'Target Range Ltd',
      from: '2026-11-24',
      to: '2026-11-30',
      visitors: 41,
      pageViews: 120,
      enquiries: { total: 3, byStatus: { new: 2, booked: 1, contacted: 0, closed: 0, spam: 0 } },
      topSections: [
        { section: 'game-modes', avg_time: 31 },
        { section: 'hero', avg_time: 12 },
        { section: 'gallery', avg_time: 8 },
      ],
    });
    expect(report.needsAction).toEqual([
      '1 new enquiry has had no answer for over 48 hours: Priya <Shah> (2026-11-27).',
      '2 enquiry e-mails are still waiting to be sent.',
      expect.stringContaining('Not delivered — no mail server yet: e-mail is only saved as files'),
      expect.stringContaining('two-factor login is off'),
    ]);
  });

  it('reads the same in plain text and HTML, with every value escaped in HTML', async () => {
    const report = await buildWeeklyReport(sources, admin);
    const links = {
      admin: 'https://range.test/admin',
      settings: 'https://range.test/admin/settings#settings-weekly-report',
    };
    const mail = weeklyReportMail(report, admin.email, links, { preview: false });
    expect(mail.subject).toBe(
      'Target Range Ltd weekly report, Tue 24 Nov – Mon 30 Nov: 41 visitors, 3 enquiries',
    );
    for (const line of [
      'Visitors: 41',
      'Page views: 120',
      'Total: 3',
      'Now booked: 1',
      'Facebook: 40 visitors, 2 enquiries, 1 booked, 1 confirmed worth £1,850.50, £500.00 received',
      'Tue 1 Dec: Ann <Lee> (provisional hold)',
      'Fri 4 Dec to Sun 6 Dec: Tom Jones, Henley',
      'instagram.com: 12 visitors, 0 enquiries, 0 booked',
      'Other sources (1,234): 2,000 visitors, 1 enquiry, 0 booked',
      'Game modes: 31 s on average',
      'Sat 5 Dec: Winter Fair, Leeds',
      '- 1 new enquiry has had no answer for over 48 hours: Priya <Shah> (2026-11-27).',
      links.settings,
    ])
      expect(mail.text).toContain(line);
    expect(mail.text).not.toContain('game-modes');
    expect(mail.html).toContain('Priya &lt;Shah&gt;');
    expect(mail.html).not.toContain('<Shah>');
    expect(mail.html).toContain('<strong>41</strong>');
    expect(weeklyReportMail(report, admin.email, links, { preview: true }).subject).toMatch(/^\[Preview\] /);
  });

  it('says so when the week was quiet', async () => {
    const quiet: ReportSources = {
      ...sources,
      analyticsSummary: async () => summaryOf({}),
      enquiries: async () => [],
      bookingsBySource: async () => ({ sources: [], others: null }),
      notificationsPending: async () => 0,
      upcomingEvents: async () => [],
      comingBookings: async () => [],
      setupStatus: async () => ({ problems: [] }) as unknown as SetupStatus,
    };
    const mail = weeklyReportMail(
      await buildWeeklyReport(quiet, admin),
      admin.email,
      { admin: 'a', settings: 's' },
      {
        preview: false,
      },
    );
    expect(mail.text).toContain('Nothing needs your attention.');
    expect(mail.text).toContain('No enquiries this week.');
    expect(mail.text).toContain('No upcoming events on the website');
    expect(mail.text).toContain('No bookings in the coming week.');
    expect(mail.subject).toMatch(/: 0 visitors, 0 enquiries$/);
  });

  it('agrees its nouns with one', async () => {
    const single: ReportSources = {
      ...sources,
      analyticsSummary: async () => summaryOf({ total_page_views: 1, unique_visitors: 1 }),
      enquiries: async () => [enquiry('Only One', 'new', 1)],
      bookingsBySource: async () => ({
        sources: [
          {
            source: 'Direct or unknown',
            visitors: 1,
            enquiries: 1,
            booked: 0,
            confirmed: 0,
            value_pence: 0,
            received_pence: 0,
          },
        ],
        others: null,
      }),
    };
    const mail = weeklyReportMail(
      await buildWeeklyReport(single, admin),
      admin.email,
      { admin: 'a', settings: 's' },
      {
        preview: false,
      },
    );
    expect(mail.subject).toMatch(/: 1 visitor, 1 enquiry$/);
    expect(mail.text).toContain('Direct or unknown: 1 visitor, 1 enquiry, 0 booked');
  });
});
