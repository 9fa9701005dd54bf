// The Analytics screen as a file (issue 28, docs/decisions/0442): "Export summary" beside the raw
// events of "Export CSV" — the period's four totals, page views per day, section engagement and
// bookings by source, each a small table under a heading row, separated by an empty line, in the
// words and order the screen uses. Read through the same functions as the screen's calls.
import { londonDay, periodDays } from '#shared/london-days.ts';
import { allSources, otherSourcesLabel, type SourceCount } from '#shared/schemas/enquiry-source.ts';
import { sectionName } from '#shared/report-words.ts';
import { csvLine } from '../../lib/csv.ts';
import { bookingsBySource, sourceCells } from '../enquiries/sources.ts';
import type { AnalyticsDeps } from './deps.ts';
import { chart, summary } from './reports.ts';

type Row = (string | number | null)[];

/** The bookings table's rows as on the screen: the top sources, "Other sources", "All sources". */
const sourceRows = (rows: SourceCount[]): Row[] => [...rows, allSources(rows)].map(sourceCells);

export async function summaryCsv(deps: AnalyticsDeps, days: number): Promise<string> {
  const [totals, daily, bySource] = await Promise.all([
    summary(deps, days),
    chart(deps, days),
    bookingsBySource(deps.db, deps.clock, days),
  ]);
  const period = periodDays(deps.clock.now(), days);
  const sources = bySource.others
    ? [...bySource.sources, { ...bySource.others, source: otherSourcesLabel(bySource.others) }]
    : bySource.sources;
  const tables: Row[][] = [
    [['Website analytics summary', `Last ${days} days`, `${period[0]} to ${period.at(-1)}`]],
    [
      ['Total', 'Value'],
      ['Total Page Views', totals.total_page_views],
      ['Unique Visitors', totals.unique_visitors],
      ['Button Clicks', totals.button_clicks],
      ['Form Submissions', totals.form_submissions],
    ],
    [['Day', 'Page views'], ...daily.map((day): Row => [day.date, day.views])],
    [
      ['Section', 'Average seconds'],
      ...totals.section_engagement.map((s): Row => [sectionName(s.section), s.avg_time.toFixed(1)]),
    ],
    [
      [
        'Source',
        'Visitors',
        'Enquiries',
        'Visitor → enquiry %',
        'Booked',
        'Booked %',
        'Confirmed',
        'Quoted £',
        'Received £',
      ],
      ...sourceRows(sources),
    ],
  ];
  return tables.map((rows) => rows.map((row) => csvLine(row)).join('')).join('\r\n');
}

/** analytics-summary_7-days_2026-06-15.csv, dated in London like the other exports. */
export const summaryFileName = ({ clock }: AnalyticsDeps, days: number) =>
  `analytics-summary_${days}-days_${londonDay(clock.now())}.csv`;
