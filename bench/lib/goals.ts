// The goals of issue 10, in one place: each is printed beside its figure, never asserted by a test.
export const GOALS = {
  /** Our requests/s over the reference's (bare node:http, or the server's cheapest request). */
  minThroughputRatio: 0.8,
  /** Median and p95 of each 90-day report. */
  maxReportMs: 100,
  /** After start-up and one request to each public list and page. */
  maxIdleRssMiB: 120,
  /** The same after the very first start (migrations, first admin, demo media drawn; issue 18). */
  maxFirstStartIdleRssMiB: 150,
  /**
   * Peak resident memory while POST /api/track is loaded as hard as the machine allows: the queue
   * bounds what ingestion holds (ANALYTICS_QUEUE_LIMIT events); the rest is V8's heap, which grows
   * under allocation pressure and shrinks when idle. A 512 MB machine keeps half for the database.
   */
  maxLoadedRssMiB: 256,
  /** From the start of the process to the first healthy answer, on an existing database. */
  maxRestartMs: 1000,
  /** From a content change's answer on one instance to another serving it (issue 20, item 6). */
  maxCrossInstanceMs: 100,
} as const;
