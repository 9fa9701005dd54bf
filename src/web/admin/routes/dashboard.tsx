// Dashboard (docs/product.md#dashboard): a setup card while the site cannot really reach people (issue 15),
// then the enquiry count (new ones highlighted), upcoming events and last week's page views, notification
// e-mails still owed, each linking to its screen, plus quick links. A failed stats load is only logged: the
// card shows a dash (and a failed setup status shows no card).
import type { UseQueryResult } from '@tanstack/react-query';
import {
  ArrowRight,
  CalendarDays,
  CalendarPlus,
  ChartColumn,
  Images,
  Inbox,
  MailWarning,
  MailX,
  MessageSquareQuote,
  Settings,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Loading, PageHeader } from '../../components/admin-ui.tsx';
import { buttonClasses } from '../../components/button.tsx';
import { DEFAULT_ANALYTICS_PERIOD } from '#shared/constants.ts';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import { londonDay } from '#shared/london-days.ts';
import type { AnalyticsSummary } from '#shared/schemas/analytics.ts';
import type { Enquiry } from '#shared/schemas/enquiries.ts';
import { useAnalyticsSummary } from '../api/analytics-summary.ts';
import { useBookingsAround } from '../api/bookings.ts';
import { useContentList, type ContentItem } from '../api/content-list.ts';
import { useEnquiries } from '../api/enquiries-list.ts';
import { useMe } from '../api/me.ts';
import { useSetupStatus } from '../api/setup-status.ts';
import { BookingsCards } from './dashboard/bookings-cards.tsx';
import { SavedMailCard } from './dashboard/saved-mail-card.tsx';
import { SetupCard } from './dashboard/setup-card.tsx';
import { EDIT_PARAM } from './content/use-editor.ts';
import { useWelcome } from './dashboard/welcome.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { SCREEN_TITLES } from '../screen-titles.ts';

/** The default analytics period: the last 7 days (docs/product.md#constants). */
const DASHBOARD_PERIOD_DAYS = DEFAULT_ANALYTICS_PERIOD;

const numberFormat = new Intl.NumberFormat('en-GB');

/** A failed stats load is only logged. */
function useLogFailure(label: string, query: UseQueryResult<unknown>) {
  useEffect(() => {
    // eslint-disable-next-line no-console
    if (query.error) console.error(`Failed to load ${label}`, query.error);
  }, [label, query.error]);
}

function StatCard({
  label,
  to,
  icon: Icon,
  value,
  loading,
  warning = false,
  children,
}: {
  label: string;
  to: string;
  icon: LucideIcon;
  value: number | undefined;
  loading: boolean;
  /** Something is not as it should be (mail only saved as files): an amber frame. */
  warning?: boolean;
  children?: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={`group block rounded-card ${warning ? 'border-2 border-amber-400' : 'border border-ink-200'} bg-white p-5 shadow-sm transition hover:border-accent-600 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400`}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold text-ink-700">{label}</p>
        <span className="rounded-lg bg-ink-100 p-2 text-ink-700 group-hover:bg-accent-600 group-hover:text-white">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-2 font-display text-4xl font-semibold text-ink-900" aria-live="polite">
        {loading ? (
          <span className="text-ink-500">…</span>
        ) : value === undefined ? (
          '—'
        ) : (
          numberFormat.format(value)
        )}
      </p>
      <div className="mt-2 min-h-6 text-sm text-ink-600">{children}</div>
    </Link>
  );
}

/** A content screen with its add form open (the open form lives in the address, use-editor.ts). */
const addFormOf = (path: string) => `${path}?${EDIT_PARAM}=new`;

const QUICK_LINKS: readonly { label: string; to: string; icon: LucideIcon }[] = [
  { label: 'Add event', to: addFormOf(ADMIN_PATHS.events), icon: CalendarPlus },
  { label: 'Read enquiries', to: ADMIN_PATHS.enquiries, icon: Inbox },
  { label: 'Add gallery photo', to: addFormOf(ADMIN_PATHS.gallery), icon: Images },
  { label: 'Add testimonial', to: addFormOf(ADMIN_PATHS.testimonials), icon: MessageSquareQuote },
  { label: 'Business details', to: ADMIN_PATHS.settings, icon: Settings },
];

/** All enquiries, the new ones, and those with e-mails still owed. */
const countEnquiries = (list: Enquiry[]) => ({
  total: list.length,
  fresh: list.filter((enquiry) => (enquiry.status ?? 'new') === 'new').length,
  // E-mails still owed: waiting for an address, for a retry, or being sent (the Enquiries screen says which).
  pendingNotifications: list.filter((enquiry) => enquiry.notification_pending).length,
});

/** Events dated today or later, and how many of those are hidden from the site (or private). */
function countUpcoming(events: ContentItem<'events'>[]) {
  const today = londonDay(Date.now());
  const upcoming = events.filter((event) => event.date.slice(0, 10) >= today);
  const hidden = upcoming.filter((event) => !event.is_active || event.is_private);
  return { total: upcoming.length, hidden: hidden.length };
}

/** Each count's title, screen and icon. */
const TILES = {
  enquiries: { label: 'Enquiries', to: ADMIN_PATHS.enquiries, icon: Inbox },
  upcoming: { label: 'Upcoming events', to: ADMIN_PATHS.events, icon: CalendarDays },
  pageViews: { label: 'Page views', to: ADMIN_PATHS.analytics, icon: ChartColumn },
  notifications: { label: 'Pending notifications', to: ADMIN_PATHS.enquiries, icon: MailWarning },
} satisfies Record<string, { label: string; to: string; icon: LucideIcon }>;

/** What the enquiries tile says under its count. */
function FreshCount({ fresh }: { fresh: number }) {
  if (fresh === 0) return <>No new enquiries</>;
  return (
    <span className="inline-flex items-center rounded-full bg-accent-600 px-2.5 py-0.5 text-sm font-semibold text-white">
      {fresh} new
    </span>
  );
}

/** What the notifications tile says under its count: never "sent" while mail only reaches files. */
function NotificationsNote({ pending, mailToFiles }: { pending: number; mailToFiles: boolean }) {
  if (mailToFiles)
    return (
      <span className="inline-flex items-start gap-1.5 font-semibold text-amber-800">
        <MailX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {NOT_DELIVERED}
      </span>
    );
  return <>{pending > 0 ? 'E-mails still to send — see why on Enquiries' : 'Every e-mail sent'}</>;
}

/** The four counts, each linking to its screen. */
function AtAGlance({
  enquiries,
  events,
  summary,
  mailToFiles,
}: {
  enquiries: UseQueryResult<Enquiry[]>;
  events: UseQueryResult<ContentItem<'events'>[]>;
  summary: UseQueryResult<AnalyticsSummary>;
  /** No mail server: every e-mail is only saved as a file (setup status). */
  mailToFiles: boolean;
}) {
  const enquiryCounts = enquiries.data && countEnquiries(enquiries.data);
  const upcoming = events.data && countUpcoming(events.data);

  return (
    <section aria-label="At a glance" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard {...TILES.enquiries} value={enquiryCounts?.total} loading={enquiries.isPending}>
        {enquiryCounts && <FreshCount fresh={enquiryCounts.fresh} />}
      </StatCard>
      <StatCard {...TILES.upcoming} value={upcoming?.total} loading={events.isPending}>
        {upcoming &&
          (upcoming.hidden > 0 ? `${upcoming.hidden} hidden from the site` : 'Dated today or later')}
      </StatCard>
      <StatCard {...TILES.pageViews} value={summary.data?.total_page_views} loading={summary.isPending}>
        Last {DASHBOARD_PERIOD_DAYS} days
      </StatCard>
      <StatCard
        {...TILES.notifications}
        value={enquiryCounts?.pendingNotifications}
        loading={enquiries.isPending}
        warning={mailToFiles}
      >
        {enquiryCounts && (
          <NotificationsNote pending={enquiryCounts.pendingNotifications} mailToFiles={mailToFiles} />
        )}
      </StatCard>
    </section>
  );
}

function QuickLinks() {
  return (
    <Card className="mt-8">
      <h2 className="font-display text-xl font-semibold tracking-wide text-ink-900 uppercase">Quick links</h2>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {QUICK_LINKS.map(({ label, to, icon: Icon }) => (
          <li key={label}>
            <Link to={to} className={`${buttonClasses('secondary')} w-full justify-between!`}>
              <span className="inline-flex items-center gap-2">
                <Icon className="size-5" aria-hidden="true" />
                {label}
              </span>
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function DashboardScreen() {
  const me = useMe();
  const welcome = useWelcome(me.data);
  // The same queries as the enquiry, events and analytics screens, so their changes show here too.
  const enquiries = useEnquiries();
  const events = useContentList('events');
  const summary = useAnalyticsSummary(DASHBOARD_PERIOD_DAYS);
  const setup = useSetupStatus();
  const bookings = useBookingsAround();
  useLogFailure('setup status', setup);
  useLogFailure('enquiries', enquiries);
  useLogFailure('events', events);
  useLogFailure('analytics', summary);

  return (
    <>
      <PageHeader title={SCREEN_TITLES.dashboard} subtitle={welcome} />
      {/* Nothing below the header until it is known whether the setup card is there: it never pops in
          late and pushes the counts down (issue 28). A failed status shows no card. */}
      {setup.isPending ? (
        <Loading />
      ) : (
        <>
          {setup.data && <SetupCard status={setup.data} />}
          <AtAGlance
            enquiries={enquiries}
            events={events}
            summary={summary}
            mailToFiles={setup.data?.mail.transport === 'outbox'}
          />
          <SavedMailCard />
          <BookingsCards bookings={bookings} />
          <QuickLinks />
        </>
      )}
    </>
  );
}
