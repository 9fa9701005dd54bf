// Where the weekly report's numbers come from: the very service calls behind the admin screens
// (Analytics summary and Bookings by source, the enquiry list, the dashboard's setup card).
import { WEEKLY_REPORT, BUSINESS_NAME } from '#shared/constants.ts';
import { londonDay } from '#shared/london-days.ts';
import { isShownAt } from '#shared/schedule.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AnalyticsService } from '../analytics/service.ts';
import type { ContentService } from '../content/service.ts';
import type { EnquiriesService } from '../enquiries/service.ts';
import type { SetupService } from '../setup/service.ts';
import type { SiteService } from '../site/service.ts';
import type { ReportSources } from './report.ts';

export function weeklyReportSources(services: {
  clock: Clock;
  site: SiteService;
  analytics: AnalyticsService;
  enquiries: EnquiriesService;
  content: ContentService;
  setup: SetupService;
}): ReportSources {
  const { clock, site, analytics, enquiries, content, setup } = services;
  return {
    now: () => clock.now(),
    businessName: async () => (await site.get()).trading_name.trim() || BUSINESS_NAME,
    analyticsSummary: (days) => analytics.summary(days),
    enquiries: () => enquiries.list(),
    bookingsBySource: (days) => enquiries.bySource(days),
    notificationsPending: async () => (await enquiries.notificationStatus()).pending,
    // The public page's "upcoming": events shown now (active, within their schedule) from today on.
    async upcomingEvents() {
      const today = londonDay(clock.now());
      return (await content.adminList('events'))
        .filter((event) => isShownAt(event, clock.now()) && event.date >= today)
        .sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order)
        .slice(0, WEEKLY_REPORT.nextEvents);
    },
    setupStatus: (admin) => setup.status(admin),
  };
}
