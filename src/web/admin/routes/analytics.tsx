// Website Analytics (SPEC §2): a period (7, 14, 30 or 90 days), four totals, the daily page views
// chart and section engagement, bookings by source (issue 17), CSV export and reset. Toasts are
// sonner's (SPEC §4). Superadmins also see this instance's ingestion counters.
import { ChevronRight, Download, Eye, MousePointerClick, RotateCcw, Send, Users } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from '#shared/constants.ts';
import { Card, EmptyState, Loading, PageHeader } from '../../components/admin-ui.tsx';
import { Button } from '../../components/button.tsx';
import { SelectField } from '../../components/field.tsx';
import { saveFile } from '../../lib/save-file.ts';
import { useAnalyticsChart } from '../api/analytics-chart-data.ts';
import { useExportAnalytics } from '../api/analytics-export.ts';
import { useIngestStats } from '../api/analytics-ingest-stats.ts';
import { useResetAnalytics } from '../api/analytics-reset.ts';
import { useAnalyticsSummary } from '../api/analytics-summary.ts';
import { useMe } from '../api/me.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { BookingsBySource } from './analytics/bookings-by-source.tsx';
import { DailyChart } from './analytics/daily-chart.tsx';
import { count, exportFileName, londonTime, seconds, sectionLabel } from './analytics/format.ts';

type Period = (typeof ANALYTICS_PERIODS)[number];

const errorToast = (description: string) => toast.error('Error', { description });

function StatCard({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-card border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-center justify-between gap-2 text-sm font-semibold text-ink-700">
        <h2 id={id}>{label}</h2>
        <span className="text-accent-600">{icon}</span>
      </div>
      <p className="mt-2 font-display text-3xl font-semibold text-ink-900 sm:text-4xl">
        {value === undefined ? '–' : count(value)}
      </p>
    </section>
  );
}

function SectionHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} className="mb-4 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase">
      {children}
    </h2>
  );
}

function IngestCounters() {
  const stats = useIngestStats(true);
  if (!stats.data) return null;
  const s = stats.data;
  const rows: [string, number][] = [
    ['Accepted', s.accepted],
    ['Written', s.written],
    ['Queue depth', s.queued],
    ['Refused (rate limit)', s.limited],
    ['Not stored (no consent)', s.no_consent],
    ['Dropped (bots)', s.dropped_bots],
    ['Dropped (queue full)', s.dropped_queue_full],
    ['Dropped (refused by the database)', s.dropped_refused],
    ['Lost at shutdown', s.dropped_at_shutdown],
    ['Failed writes (retried)', s.failed_flushes],
  ];
  return (
    <Card className="mt-6">
      <SectionHeading>Event Ingestion</SectionHeading>
      <p className="-mt-2 text-sm text-ink-600">
        How this server handled the website&apos;s tracking since it last started — for whoever looks after
        the server.
      </p>
      {s.database_down_since && (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          The database has not accepted events since {londonTime(s.database_down_since)}. They are kept in the
          queue and written as soon as it answers again.
        </p>
      )}
      <details className="group mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1 rounded font-semibold text-accent-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-400">
          <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
          Details
        </summary>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {rows.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-ink-50 p-3">
              <dt className="text-sm text-ink-600">{label}</dt>
              <dd className="text-xl font-semibold text-ink-900">{count(value)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </Card>
  );
}

export function AnalyticsScreen() {
  const [days, setDays] = useState<Period>(DEFAULT_ANALYTICS_PERIOD);
  const sourcesHeadingId = useId();
  // Both queries start together (SPEC §7: summary and chart are requested in parallel).
  const summary = useAnalyticsSummary(days);
  const chart = useAnalyticsChart(days);
  const exportCsv = useExportAnalytics();
  const reset = useResetAnalytics();
  const me = useMe();

  const failed = summary.error ?? chart.error;
  useEffect(() => {
    if (failed) errorToast('Failed to fetch analytics');
  }, [failed]);

  function download() {
    exportCsv.mutate(days, {
      onSuccess: (blob) => {
        saveFile(blob, exportFileName());
        toast.success('Success', { description: 'Analytics data exported' });
      },
      onError: () => errorToast('Failed to export data'),
    });
  }

  const [confirmingReset, setConfirmingReset] = useState(false);
  function resetAll() {
    setConfirmingReset(false);
    reset.mutate(undefined, {
      onSuccess: () => toast.success('Success', { description: 'Analytics data reset successfully' }),
      onError: () => errorToast('Failed to reset analytics'),
    });
  }

  const data = summary.data;
  const engagement = data?.section_engagement ?? [];
  const longest = Math.max(0, ...engagement.map((s) => s.avg_time));

  return (
    <>
      <PageHeader
        title="Website Analytics"
        subtitle="Visits from people who accepted cookies on the website."
      />
      <div className="mb-6 grid items-end gap-2 sm:flex sm:flex-wrap">
        <SelectField
          label="Period"
          value={days}
          onChange={(event) => setDays(Number(event.target.value) as Period)}
          className="sm:mr-auto sm:w-48"
        >
          {ANALYTICS_PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={download} disabled={exportCsv.isPending}>
          <Download className="size-4" aria-hidden="true" /> Export CSV
        </Button>
        <Button variant="ghost" onClick={() => setConfirmingReset(true)} disabled={reset.isPending}>
          <RotateCcw className="size-4" aria-hidden="true" /> Reset Analytics
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingReset}
        title="Reset analytics?"
        confirmLabel="Reset all analytics"
        onConfirm={resetAll}
        onCancel={() => setConfirmingReset(false)}
      >
        <p>Are you sure you want to reset all analytics data? This action cannot be undone!</p>
        <p>
          Every page view, click and section time ever recorded goes — not only the last {days} days shown
          here. Enquiries are not affected.
        </p>
      </ConfirmDialog>

      {summary.isPending && chart.isPending ? (
        <Loading />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              label="Total Page Views"
              value={data?.total_page_views}
              icon={<Eye className="size-5" aria-hidden="true" />}
            />
            <StatCard
              label="Unique Visitors"
              value={data?.unique_visitors}
              icon={<Users className="size-5" aria-hidden="true" />}
            />
            <StatCard
              label="Button Clicks"
              value={data?.button_clicks}
              icon={<MousePointerClick className="size-5" aria-hidden="true" />}
            />
            <StatCard
              label="Form Submissions"
              value={data?.form_submissions}
              icon={<Send className="size-5" aria-hidden="true" />}
            />
          </div>

          <div className="mt-6 grid gap-6 xl:grid-cols-3">
            <Card className="xl:col-span-2">
              <SectionHeading>Daily Page Views</SectionHeading>
              {chart.data ? (
                <DailyChart points={chart.data} />
              ) : (
                <p className="text-ink-600">
                  {chart.isPending ? 'Loading…' : 'The chart could not be loaded.'}
                </p>
              )}
            </Card>
            <Card>
              <SectionHeading>Section Engagement</SectionHeading>
              {engagement.length === 0 ? (
                <EmptyState>No section data yet. Visit the website to start tracking.</EmptyState>
              ) : (
                <ol className="space-y-3">
                  {engagement.map((section, index) => (
                    <li key={section.section} className="flex items-center gap-3">
                      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sm font-semibold text-white">
                        {index + 1}
                      </span>
                      <div className="min-w-0 flex-1">
                        <div className="flex items-baseline justify-between gap-2">
                          <span className="truncate font-medium text-ink-900">
                            {sectionLabel(section.section)}
                          </span>
                          <span className="shrink-0 text-sm font-semibold text-ink-700">
                            {seconds(section.avg_time)}
                            <span className="sr-only"> average</span>
                          </span>
                        </div>
                        <div
                          aria-hidden="true"
                          className="mt-1 h-1.5 overflow-hidden rounded-full bg-ink-100"
                        >
                          <div
                            className="h-full w-(--share) rounded-full bg-olive-500"
                            ref={(bar) =>
                              bar?.style.setProperty(
                                '--share',
                                `${longest > 0 ? (section.avg_time / longest) * 100 : 0}%`,
                              )
                            }
                          />
                        </div>
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
          </div>
          <Card className="mt-6">
            <SectionHeading id={sourcesHeadingId}>Bookings by source</SectionHeading>
            <BookingsBySource days={days} headingId={sourcesHeadingId} />
          </Card>
          {me.data?.role === 'superadmin' && <IngestCounters />}
        </>
      )}
    </>
  );
}
