// "Bookings by source" (issue 17): for a report period, how many enquiries each source brought and
// how many of them are now booked — the Analytics screen's panel and its CSV. Counted by the same
// label the enquiry list shows (sourceLabel); spam is no lead and is left out. Beside them, the
// period's consenting visitors per source (the analytics feature's rollup), for the conversion rate.
import { londonDay, londonMidnight, periodDays } from '#shared/london-days.ts';
import { sourceLabel, type SourceCount } from '#shared/schemas/enquiry-source.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { csvLine } from '../../lib/csv.ts';
import { visitorsBySourceSince } from '../analytics/repository.ts';

export async function bookingsBySource(db: Db, clock: Clock, days: number): Promise<SourceCount[]> {
  const [from] = periodDays(clock.now(), days) as [string];
  // A business gets tens of enquiries a week, not millions: read the period's rows and count here,
  // with the one labelling rule, rather than repeat it in SQL for two dialects.
  const rows = await db
    .selectFrom('enquiries')
    .select([
      'status',
      'source_utm_source',
      'source_utm_medium',
      'source_utm_campaign',
      'source_referrer_host',
    ])
    .where('created_at', '>=', londonMidnight(from))
    .where('status', '!=', 'spam')
    .execute();
  const visitors = await visitorsBySourceSince(db, from);
  // Without a single attributed visitor in the period (no consent given, or only visits from before
  // sources were recorded) visitors are unknown, not zero.
  const visitorsOf = (source: string) => (visitors.size === 0 ? null : (visitors.get(source) ?? 0));
  const bySource = new Map<string, SourceCount>();
  const countOf = (source: string) =>
    bySource.get(source) ?? { source, visitors: visitorsOf(source), enquiries: 0, booked: 0 };
  for (const source of visitors.keys()) bySource.set(source, countOf(source));
  for (const row of rows) {
    const source = sourceLabel({
      utm_source: row.source_utm_source,
      utm_medium: row.source_utm_medium,
      utm_campaign: row.source_utm_campaign,
      referrer_host: row.source_referrer_host,
    });
    const count = countOf(source);
    count.enquiries += 1;
    if (row.status === 'booked') count.booked += 1;
    bySource.set(source, count);
  }
  return [...bySource.values()].sort(
    (a, b) =>
      b.enquiries - a.enquiries ||
      b.booked - a.booked ||
      (b.visitors ?? 0) - (a.visitors ?? 0) ||
      a.source.localeCompare(b.source),
  );
}

/** A share as a whole percentage, or null where there is nothing to divide by. */
export const percentOf = (part: number, whole: number | null) =>
  whole ? Math.round((part / whole) * 100) : null;

/** The panel as CSV: one row per source with its booked share, like the screen shows it. */
export function bookingsBySourceCsv(rows: readonly SourceCount[]): string {
  return (
    csvLine(['source', 'visitors', 'enquiries', 'enquiry_percent', 'booked', 'booked_percent']) +
    rows
      .map((row) =>
        csvLine([
          row.source,
          row.visitors,
          row.enquiries,
          percentOf(row.enquiries, row.visitors),
          row.booked,
          percentOf(row.booked, row.enquiries),
        ]),
      )
      .join('')
  );
}

export const bookingsBySourceFileName = (now: number, days: number) =>
  `bookings-by-source_${days}-days_${londonDay(now)}.csv`;
