// "Bookings by source" (issue 17): for a report period, how many enquiries each source brought and
// how many of them are now booked — the Analytics screen's panel, its CSV and the weekly e-mail.
// Counted by the same name the enquiry list shows (sourceLabel, then sourceName: "Google" for every
// Google domain, decision 0442); spam is no lead and is left out.
// Beside them, the period's consenting visitors per source (the analytics feature's rollup), for the
// conversion rate. The top sources only, the rest in one "Other sources" row (decision 0435).
import { sql } from 'kysely';
import { TOP_SOURCES_SHOWN } from '#shared/constants.ts';
import { londonDay, londonMidnight, periodDays } from '#shared/london-days.ts';
import {
  NO_SOURCE,
  otherSourcesLabel,
  sourceLabel,
  type SourceCount,
  type SourceReport,
} from '#shared/schemas/enquiry-source.ts';
import { sourceName } from '#shared/source-names.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { csvLine } from '../../lib/csv.ts';
import {
  byCodePoint,
  topVisitorSources,
  visitorSourceTotals,
  visitorsOfSources,
} from '../analytics/source-visitors.ts';

const NOTHING_YET = { enquiries: 0, booked: 0, confirmed: 0, value_pence: 0, received_pence: 0 };

/**
 * What each enquiry's bookings brought in and kept, in any state (docs/decisions/0474): the deposit
 * and balance received less any refund, so a cancelled booking's kept deposit counts and a refunded
 * one does not. One row per enquiry, however many of its bookings were cancelled.
 */
const receivedPerEnquiry = (db: Db) =>
  db
    .selectFrom('bookings')
    .select((eb) => [
      'bookings.enquiry_id',
      eb.fn
        .sum<number | string>(
          sql`coalesce(deposit_paid_pence, 0) + coalesce(balance_paid_pence, 0) - coalesce(refunded_pence, 0)`,
        )
        .as('received'),
    ])
    .where('bookings.enquiry_id', 'is not', null)
    .groupBy('bookings.enquiry_id')
    .as('money');

/** Enquiries and bookings per source label from `since` on, spam left out. */
async function enquiriesBySource(db: Db, since: number): Promise<Map<string, SourceCount>> {
  // One row per distinct (utm_source, referrer host) — the only columns the label reads — so the
  // labelling rule stays the one in TypeScript and the rows read are sources, not enquiries.
  // An enquiry has at most one booking that is not cancelled (a unique index), so the join adds no rows.
  const rows = await db
    .selectFrom('enquiries')
    .leftJoin('bookings', (join) =>
      join
        .onRef('bookings.enquiry_id', '=', 'enquiries.id')
        .on('bookings.state', 'in', ['confirmed', 'completed']),
    )
    .leftJoin(receivedPerEnquiry(db), (join) => join.onRef('money.enquiry_id', '=', 'enquiries.id'))
    .select((eb) => [
      'enquiries.source_utm_source',
      'enquiries.source_referrer_host',
      eb.fn.countAll<number | string>().as('enquiries'),
      eb.fn
        .sum<number | string>(eb.case().when('enquiries.status', '=', 'booked').then(1).else(0).end())
        .as('booked'),
      eb.fn.count<number | string>('bookings.id').as('confirmed'),
      eb.fn.coalesce(eb.fn.sum<number | string>('bookings.price_pence'), eb.lit(0)).as('value_pence'),
      eb.fn.coalesce(eb.fn.sum<number | string>('money.received'), eb.lit(0)).as('received_pence'),
    ])
    .where('enquiries.created_at', '>=', since)
    .where('enquiries.status', '!=', 'spam')
    .groupBy(['enquiries.source_utm_source', 'enquiries.source_referrer_host'])
    .execute();
  const bySource = new Map<string, SourceCount>();
  for (const row of rows) {
    const source = sourceName(
      sourceLabel({
        ...NO_SOURCE,
        utm_source: row.source_utm_source,
        referrer_host: row.source_referrer_host,
      }),
    );
    const count = bySource.get(source) ?? { source, visitors: null, ...NOTHING_YET };
    count.enquiries += Number(row.enquiries);
    count.booked += Number(row.booked);
    count.confirmed += Number(row.confirmed);
    count.value_pence += Number(row.value_pence);
    count.received_pence += Number(row.received_pence);
    bySource.set(source, count);
  }
  return bySource;
}

/** The order of the panel: most enquiries, then most booked, then most visitors, then by name. */
const byMostEnquiries = (a: SourceCount, b: SourceCount) =>
  b.enquiries - a.enquiries ||
  b.booked - a.booked ||
  (b.visitors ?? 0) - (a.visitors ?? 0) ||
  byCodePoint(a.source, b.source);

const sumOf = (rows: SourceCount[], field: 'visitors' | keyof typeof NOTHING_YET) =>
  rows.reduce((sum, row) => sum + (row[field] ?? 0), 0);

/**
 * The period's top TOP_SOURCES_SHOWN sources and the rest summed (decision 0435). Every source with
 * an enquiry comes before every source without, so the ones read are those with enquiries (few:
 * the form is rate-limited and proof-of-work protected) and the visitor sources the database ranks
 * first; the rest is what the period's totals leave.
 */
export async function bookingsBySource(db: Db, clock: Clock, days: number): Promise<SourceReport> {
  const [from] = periodDays(clock.now(), days) as [string];
  // One snapshot for all the reads, so the rest is exactly the totals minus the rows shown even
  // while visits are being written.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => readBookingsBySource(trx, from));
}

async function readBookingsBySource(db: Db, from: string): Promise<SourceReport> {
  const withEnquiries = await enquiriesBySource(db, londonMidnight(from));
  const named = [...withEnquiries.keys()];
  const visitorsOfNamed = await visitorsOfSources(db, from, named);
  const top = await topVisitorSources(db, from, TOP_SOURCES_SHOWN);
  const totals = await visitorSourceTotals(db, from);
  // Without a single attributed visitor in the period (no consent given, or only visits from before
  // sources were recorded) visitors are unknown, not zero.
  const known = totals.sources > 0;
  const rows = [
    ...[...withEnquiries.values()].map((row) => ({
      ...row,
      visitors: known ? (visitorsOfNamed.get(row.source) ?? 0) : null,
    })),
    ...[...top]
      .filter(([source]) => !withEnquiries.has(source))
      .map(([source, visitors]) => ({ source, visitors, ...NOTHING_YET })),
  ].sort(byMostEnquiries);
  const sources = rows.slice(0, TOP_SOURCES_SHOWN);
  const folded = totals.sources + named.length - visitorsOfNamed.size - sources.length;
  if (folded === 0) return { sources, others: null };
  const enquiries = [...withEnquiries.values()];
  return {
    sources,
    others: {
      sources: folded,
      visitors: known ? totals.visitors - sumOf(sources, 'visitors') : null,
      enquiries: sumOf(enquiries, 'enquiries') - sumOf(sources, 'enquiries'),
      booked: sumOf(enquiries, 'booked') - sumOf(sources, 'booked'),
      confirmed: sumOf(enquiries, 'confirmed') - sumOf(sources, 'confirmed'),
      value_pence: sumOf(enquiries, 'value_pence') - sumOf(sources, 'value_pence'),
      received_pence: sumOf(enquiries, 'received_pence') - sumOf(sources, 'received_pence'),
    },
  };
}

/** A share as a whole percentage, or null where there is nothing to divide by. */
export const percentOf = (part: number, whole: number | null) =>
  whole ? Math.round((part / whole) * 100) : null;

/** Pence as pounds with two decimals, for a CSV a spreadsheet sums ("1850.00"). */
const pounds = (pence: number) => (pence / 100).toFixed(2);

/**
 * A source's cells as the panel shows them: visitors, enquiries and their share, bookings and theirs,
 * confirmed bookings and what they are worth (quoted), and the money received.
 */
export const sourceCells = (row: SourceCount) => [
  row.source,
  row.visitors,
  row.enquiries,
  percentOf(row.enquiries, row.visitors),
  row.booked,
  percentOf(row.booked, row.enquiries),
  row.confirmed,
  pounds(row.value_pence),
  pounds(row.received_pence),
];

/** The panel as CSV: one row per source with its booked share, like the screen shows it. */
export function bookingsBySourceCsv({ sources, others }: SourceReport): string {
  const rows = others ? [...sources, { ...others, source: otherSourcesLabel(others) }] : sources;
  return (
    csvLine([
      'source',
      'visitors',
      'enquiries',
      'enquiry_percent',
      'booked',
      'booked_percent',
      'confirmed_bookings',
      'confirmed_value_gbp',
      'received_gbp',
    ]) + rows.map((row) => csvLine(sourceCells(row))).join('')
  );
}

export const bookingsBySourceFileName = (now: number, days: number) =>
  `bookings-by-source_${days}-days_${londonDay(now)}.csv`;
