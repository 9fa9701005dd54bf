// What the weekly report says, gathered from the same services the admin screens read — so a number
// in the e-mail is the number the owner finds on Analytics, Enquiries or the dashboard.
import { ENQUIRY_STATUSES, WEEKLY_REPORT } from '#shared/constants.ts';
import { londonDay, londonMidnight, periodDays } from '#shared/london-days.ts';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import type { AnalyticsSummary } from '#shared/schemas/analytics.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import type { SourceReport } from '#shared/schemas/enquiry-source.ts';
import type { Enquiry, EnquiryStatus } from '#shared/schemas/enquiries.ts';
import type { SetupProblem, SetupStatus } from '#shared/schemas/setup.ts';
import type { ReportRecipient } from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The services the report reads, as the screens do. */
export interface ReportSources {
  now(): number;
  businessName(): Promise<string>;
  analyticsSummary(days: number): Promise<AnalyticsSummary>;
  enquiries(): Promise<Enquiry[]>;
  bookingsBySource(days: number): Promise<SourceReport>;
  notificationsPending(): Promise<number>;
  upcomingEvents(): Promise<{ name: string; date: string; location: string }[]>;
  /** Confirmed bookings and provisional holds with a day in the next 7 days, in date order. */
  comingBookings(): Promise<ComingBooking[]>;
  setupStatus(admin: ReportRecipient): Promise<SetupStatus>;
}

export type ComingBooking = Pick<Booking, 'start_date' | 'end_date' | 'customer_name' | 'location' | 'state'>;

export interface WeeklyReport {
  business: string;
  /** First and last London day of the period (the Analytics screen's last 7 days). */
  from: string;
  to: string;
  visitors: number;
  pageViews: number;
  enquiries: { total: number; byStatus: Record<EnquiryStatus, number> };
  /** Bookings by source as the Analytics screen shows it: the top sources and "Other sources". */
  sources: SourceReport;
  topSections: { section: string; avg_time: number }[];
  nextEvents: { name: string; date: string; location: string }[];
  comingBookings: ComingBooking[];
  /** Sentences, most urgent first; empty when nothing needs the owner. */
  needsAction: string[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const PROBLEM_SENTENCES: Record<SetupProblem, (status: SetupStatus) => string> = {
  mail_not_delivered: () =>
    `${NOT_DELIVERED}: e-mail is only saved as files on the server, so nobody receives enquiry notices. Set up the mail server in Settings › Mail.`,
  no_notification_address: () =>
    'There is no address to send enquiry notices to: add the business e-mail in Settings › Business details.',
  mail_failing: (status) =>
    `${plural(status.notifications.failing, 'enquiry', 'enquiries')} could not be e-mailed (retried automatically): ${status.notifications.last_failure ?? 'the mail server refused'}.`,
  placeholder_details: () => 'The website still shows placeholder business details.',
  two_factor_off: () => 'Your two-factor login is off: turn it on in Settings › Two-factor login.',
};

function unansweredSentence(enquiries: Enquiry[], now: number): string | undefined {
  const cutoff = now - WEEKLY_REPORT.unansweredHours * HOUR_MS;
  const waiting = enquiries.filter((e) => e.status === 'new' && Date.parse(e.created_at) < cutoff);
  if (waiting.length === 0) return undefined;
  const names = waiting
    .slice(0, 5)
    .map((e) => `${e.name} (${londonDay(Date.parse(e.created_at))})`)
    .join(', ');
  return `${plural(waiting.length, 'new enquiry has', 'new enquiries have')} had no answer for over ${WEEKLY_REPORT.unansweredHours} hours: ${names}${waiting.length > 5 ? ', …' : ''}.`;
}

export async function buildWeeklyReport(
  sources: ReportSources,
  admin: ReportRecipient,
): Promise<WeeklyReport> {
  const now = sources.now();
  const period = periodDays(now, WEEKLY_REPORT.days);
  const [business, summary, enquiries, bySource, pending, events, setup, bookings] = await Promise.all([
    sources.businessName(),
    sources.analyticsSummary(WEEKLY_REPORT.days),
    sources.enquiries(),
    sources.bookingsBySource(WEEKLY_REPORT.days),
    sources.notificationsPending(),
    sources.upcomingEvents(),
    sources.setupStatus(admin),
    sources.comingBookings(),
  ]);
  const periodStart = londonMidnight(period[0]!);
  const received = enquiries.filter((e) => Date.parse(e.created_at) >= periodStart);
  const byStatus = Object.fromEntries(ENQUIRY_STATUSES.map((s) => [s, 0])) as Record<EnquiryStatus, number>;
  for (const enquiry of received) byStatus[enquiry.status] += 1;

  const needsAction = [
    unansweredSentence(enquiries, now),
    pending > 0
      ? `${plural(pending, 'enquiry e-mail is', 'enquiry e-mails are')} still waiting to be sent.`
      : undefined,
    ...setup.problems.map((problem) => PROBLEM_SENTENCES[problem](setup)),
  ].filter((sentence) => sentence !== undefined);

  return {
    business,
    from: period[0]!,
    to: period.at(-1)!,
    visitors: summary.unique_visitors,
    pageViews: summary.total_page_views,
    enquiries: { total: received.length, byStatus },
    sources: bySource,
    topSections: summary.section_engagement.slice(0, 3),
    nextEvents: events.slice(0, WEEKLY_REPORT.nextEvents),
    comingBookings: bookings,
    needsAction,
  };
}
