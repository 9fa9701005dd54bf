// The admin's analytics reports, the CSV export and retention (docs/product.md#analytics-definitions).
import { addDays, londonDay, londonMidnight, periodDays } from '#shared/london-days.ts';
import type { AnalyticsEventType, AnalyticsSummary } from '#shared/schemas/analytics.ts';
import { toIso } from '../../lib/clock.ts';
import { csvLine } from '../../lib/csv.ts';
import type { AnalyticsDeps } from './deps.ts';
import * as queries from './report-queries.ts';
import * as repo from './repository.ts';

const EXPORT_PAGE_ROWS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The export's columns: when the event arrived, as an instant and as a London date, then what it recorded. */
const CSV_COLUMNS = ['timestamp', 'date', ...repo.RECORDED_FIELDS];

/** Seconds with one decimal, as the Section Engagement list shows them. */
const averageSeconds = (sumMs: number, count: number) => Math.round(sumMs / count / 100) / 10;

export async function summary({ db, clock }: AnalyticsDeps, days: number): Promise<AnalyticsSummary> {
  const [from] = periodDays(clock.now(), days) as [string];
  const [totals, visitors] = await Promise.all([
    queries.periodTotals(db, from),
    queries.countVisitorsSince(db, from),
  ]);
  const count = (type: AnalyticsEventType) =>
    totals.filter((t) => t.event_type === type).reduce((sum, t) => sum + t.events, 0);
  const sections = totals
    .filter((t) => t.event_type === 'section_dwell' && t.dwell_count > 0)
    .map((t) => ({ section: t.section, avg_time: averageSeconds(t.dwell_ms_sum, t.dwell_count) }))
    .sort((a, b) => b.avg_time - a.avg_time || a.section.localeCompare(b.section));
  return {
    total_page_views: count('page_view'),
    unique_visitors: visitors,
    button_clicks: count('button_click'),
    form_submissions: count('form_submit'),
    section_engagement: sections,
  };
}

/** Page views per London day of the period, oldest first, zeros included. */
export async function chart(
  { db, clock }: AnalyticsDeps,
  days: number,
): Promise<{ date: string; views: number }[]> {
  const period = periodDays(clock.now(), days);
  const counts = new Map(
    (await queries.dailyCounts(db, 'page_view', period[0]!)).map((r) => [r.day, r.events]),
  );
  return period.map((date) => ({ date, views: counts.get(date) ?? 0 }));
}

/** The export's file name: analytics_<London date>.csv. */
export const exportFileName = ({ clock }: AnalyticsDeps) => `analytics_${londonDay(clock.now())}.csv`;

/** The raw events of the period as CSV, read page by page so memory stays flat. */
export async function* exportCsv({ db, clock }: AnalyticsDeps, days: number): AsyncGenerator<string> {
  const [from] = periodDays(clock.now(), days) as [string];
  const fromMs = londonMidnight(from);
  yield csvLine(CSV_COLUMNS);
  let after: { created_at: number; id: number } | null = null;
  for (;;) {
    const rows = await queries.eventsPage(db, fromMs, after, EXPORT_PAGE_ROWS);
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        csvLine([
          toIso(r.created_at),
          londonDay(r.created_at),
          ...repo.RECORDED_FIELDS.map((field) => r[field]),
        ]),
      )
      .join('');
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
    if (rows.length < EXPORT_PAGE_ROWS) return;
  }
}

/** Retention: raw events older than the configured days go, with rollups and sessions of those days. */
export async function purgeExpired({ db, clock, options }: AnalyticsDeps): Promise<number> {
  const now = clock.now();
  const beforeMs = now - options.retentionDays * DAY_MS;
  return repo.purgeBefore(db, beforeMs, addDays(londonDay(now), -options.retentionDays));
}
