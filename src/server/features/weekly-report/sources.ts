// Where the weekly report's numbers come from: the very service calls behind the admin screens
// (Analytics summary and Bookings by source, the enquiry list, the dashboard's setup card).
import { WEEKLY_REPORT, BUSINESS_NAME } from '#shared/constants.ts';
import { addDays, londonDay } from '#shared/london-days.ts';
import { upcomingEvents } from '#shared/event-channels.ts';
import { isPublicAt } from '#shared/schedule.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AnalyticsService } from '../analytics/service.ts';
import type { BookingsService } from '../bookings/service.ts';
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
  bookings: BookingsService;
}): ReportSources {
  const { clock, site, analytics, enquiries, content, setup, bookings } = services;
  return {
    now: () => clock.now(),
    businessName: async () => (await site.get()).trading_name.trim() || BUSINESS_NAME,
    analyticsSummary: (days) => analytics.summary(days),
    enquiries: () => enquiries.list(),
    bookingsBySource: (days) => enquiries.bySource(days),
    notificationsPending: async () => (await enquiries.notificationStatus()).pending,
    // The website's "upcoming": public events (active, within their schedule, not private) from today
    // on, in the page's order — the section says "on the website" (decision 0442).
    async upcomingEvents() {
      const now = clock.now();
      const publicEvents = (await content.adminList('events')).filter((event) => isPublicAt(event, now));
      return upcomingEvents(publicEvents, londonDay(now), WEEKLY_REPORT.nextEvents);
    },
    setupStatus: (admin) => setup.status(admin),
    async comingBookings() {
      const today = londonDay(clock.now());
      const week = await bookings.list(today, addDays(today, WEEKLY_REPORT.days - 1));
      return week.filter((booking) => booking.state === 'confirmed' || booking.state === 'provisional');
    },
  };
}
