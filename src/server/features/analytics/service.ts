// First-party analytics: ingestion through a bounded in-memory queue written in batched
// transactions, and the admin reports (docs/product.md#analytics-definitions; docs/decisions/0203). The
// work lives in the named functions of this folder; the service binds them to one database, clock
// and queue (decision 0425).
import type { Db } from '../../db/database.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import type { Clock } from '../../lib/clock.ts';
import { inlineWriter } from './event-writer.ts';
import { newIngestState, type AnalyticsLog, type AnalyticsOptions, type EventWriter } from './deps.ts';
import {
  countBot,
  countLimited,
  countNoConsent,
  enqueue,
  flush,
  ingestStats,
  resetAnalytics,
  startFlushing,
} from './ingest-queue.ts';
import { stopIngesting } from './ingest-shutdown.ts';
import { chart, exportCsv, exportFileName, purgeExpired, summary } from './reports.ts';
import { summaryCsv, summaryFileName } from './summary-export.ts';

export function createAnalyticsService(
  db: Db,
  clock: Clock,
  options: AnalyticsOptions,
  log: AnalyticsLog,
  writer: EventWriter = inlineWriter(db),
) {
  const bind = bindDeps({ db, clock, options, log, writer, ingest: newIngestState() });
  return {
    enqueue: bind(enqueue),
    countBot: bind(countBot),
    countLimited: bind(countLimited),
    countNoConsent: bind(countNoConsent),
    flush: bind(flush),
    startFlushing: bind(startFlushing),
    stop: bind(stopIngesting),
    stats: bind(ingestStats),
    summary: bind(summary),
    chart: bind(chart),
    exportFileName: bind(exportFileName),
    exportCsv: bind(exportCsv),
    summaryCsv: bind(summaryCsv),
    summaryFileName: bind(summaryFileName),
    reset: bind(resetAnalytics),
    purgeExpired: bind(purgeExpired),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
