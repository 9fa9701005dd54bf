// Website Analytics (docs/product.md#analytics-screen): a period (7, 14, 30 or 90 days), four totals, the
// daily page views chart and section engagement, bookings by source (issue 17), CSV export and reset. Toasts
// are sonner's (docs/product.md#toasts). Superadmins also see this instance's ingestion counters.
import { Download, FileSpreadsheet, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from '#shared/constants.ts';
import { Card, Loading, PageHeader } from '../../components/admin-ui.tsx';
import { Button } from '../../components/button.tsx';
import { SelectField } from '../../components/field.tsx';
import { saveFile } from '../../lib/save-file.ts';
import { useAnalyticsChart } from '../api/analytics-chart-data.ts';
import { useExportAnalytics } from '../api/analytics-export.ts';
import { analyticsSummaryFileName, useExportAnalyticsSummary } from '../api/analytics-summary-export.ts';
import { useResetAnalytics } from '../api/analytics-reset.ts';
import { useAnalyticsSummary } from '../api/analytics-summary.ts';
import { useMe } from '../api/me.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { BookingsBySource } from './analytics/bookings-by-source.tsx';
import { DailyChart } from './analytics/daily-chart.tsx';
import { exportFileName } from './analytics/format.ts';
import { IngestCounters } from './analytics/ingest-counters.tsx';
import { SectionEngagement } from './analytics/section-engagement.tsx';
import { SectionHeading } from './analytics/section-heading.tsx';
import { StatCards } from './analytics/stat-cards.tsx';
import { SCREEN_TITLES } from '../screen-titles.ts';

type Period = (typeof ANALYTICS_PERIODS)[number];

const errorToast = (description: string) => toast.error('Error', { description });

/** The period picker, the two CSV exports and Reset Analytics. */
function AnalyticsToolbar({ days, onDaysChange }: { days: Period; onDaysChange: (days: Period) => void }) {
  return (
    <div className="mb-6 grid items-end gap-2 sm:flex sm:flex-wrap">
      <SelectField
        label="Period"
        value={days}
        onChange={(event) => onDaysChange(Number(event.target.value) as Period)}
        className="sm:mr-auto sm:w-48"
      >
        {ANALYTICS_PERIODS.map((period) => (
          <option key={period} value={period}>
            Last {period} days
          </option>
        ))}
      </SelectField>
      <AnalyticsExports days={days} />
      <ResetAnalytics days={days} />
    </div>
  );
}

/** The figures on this screen ("Export summary"), and every raw event of the period ("Export CSV"). */
function AnalyticsExports({ days }: { days: Period }) {
  const exportCsv = useExportAnalytics();
  const exportSummary = useExportAnalyticsSummary();

  function download() {
    exportCsv.mutate(days, {
      onSuccess: (blob) => {
        saveFile(blob, exportFileName());
        toast.success('Success', { description: 'Analytics data exported' });
      },
      onError: () => errorToast('Failed to export data'),
    });
  }

  function downloadSummary() {
    exportSummary.mutate(days, {
      onSuccess: (blob) => {
        saveFile(blob, analyticsSummaryFileName(days));
        toast.success('Success', { description: 'Analytics summary exported' });
      },
      onError: () => errorToast('Failed to export the summary'),
    });
  }

  return (
    <div className="grid gap-2 sm:flex">
      <Button variant="secondary" onClick={downloadSummary} disabled={exportSummary.isPending}>
        <FileSpreadsheet className="size-4" aria-hidden="true" /> Export summary
      </Button>
      <Button
        variant="secondary"
        onClick={download}
        disabled={exportCsv.isPending}
        title="Every page view, click and section time of the period, one per row"
      >
        <Download className="size-4" aria-hidden="true" /> Export CSV
      </Button>
    </div>
  );
}

/** Reset Analytics, asked for in a dialog first (the dialog draws itself over the page). */
function ResetAnalytics({ days }: { days: Period }) {
  const reset = useResetAnalytics();
  const [confirmingReset, setConfirmingReset] = useState(false);
  function resetAll() {
    setConfirmingReset(false);
    reset.mutate(undefined, {
      onSuccess: () => toast.success('Success', { description: 'Analytics data reset successfully' }),
      onError: () => errorToast('Failed to reset analytics'),
    });
  }

  return (
    <>
      <Button variant="ghost" onClick={() => setConfirmingReset(true)} disabled={reset.isPending}>
        <RotateCcw className="size-4" aria-hidden="true" /> Reset Analytics
      </Button>
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
    </>
  );
}

export function AnalyticsScreen() {
  const [days, setDays] = useState<Period>(DEFAULT_ANALYTICS_PERIOD);
  const sourcesHeadingId = useId();
  // Both queries start together: summary and chart are requested in parallel.
  const summary = useAnalyticsSummary(days);
  const chart = useAnalyticsChart(days);
  const me = useMe();

  const failed = summary.error ?? chart.error;
  useEffect(() => {
    if (failed) errorToast('Failed to fetch analytics');
  }, [failed]);

  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.analytics}
        subtitle="Visits from people who accepted cookies on the website."
      />
      <AnalyticsToolbar days={days} onDaysChange={setDays} />

      {summary.isPending && chart.isPending ? (
        <Loading />
      ) : (
        <>
          <StatCards summary={summary.data} />

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
            <SectionEngagement engagement={summary.data?.section_engagement ?? []} />
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
