// Prometheus metrics (issue 20), with prom-client: every answer by route and status with a latency
// histogram (the fast lane's included), tracking ingestion, mail, the database pool, and Node's own
// process and event-loop figures. Each app has its own registry (tests build many apps in one
// process); the server exposes it on METRICS_PORT, bound to 127.0.0.1 unless told otherwise, never on
// the public port. What other parts already count (the ingest stats, pending notices, the pool) is
// read when Prometheus scrapes, so the hot paths pay nothing for it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { IngestStats } from '#shared/schemas/analytics.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Answer } from './answer.ts';

/** What the scrape reads from the rest of the app. */
export interface MetricSources {
  ingest(): IngestStats;
  /** Enquiry notices and visitor acknowledgements still owed (a database count). */
  mailOwed(): Promise<{ notices: number; acknowledgements: number }>;
  /** PostgreSQL pool connections; null on SQLite (one connection, no pool). */
  pool(): { total: number; idle: number; waiting: number } | null;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** From a fast-lane hit (~0.1 ms) to a slow export or upload. */
const LATENCY_BUCKETS_S = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** The ingest counters as outcomes of one `tracking_events_total` counter. */
const TRACKING_OUTCOMES = {
  accepted: 'accepted',
  written: 'written',
  limited: 'limited',
  no_consent: 'no_consent',
  dropped_bots: 'dropped_bot',
  dropped_queue_full: 'dropped_queue_full',
  dropped_refused: 'dropped_refused',
  dropped_at_shutdown: 'dropped_at_shutdown',
} as const satisfies Partial<Record<keyof IngestStats, string>>;

/** Where the scrape reads from: set by readFrom() once the rest of the app is built. */
interface Scrape {
  sources: MetricSources | undefined;
}

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const scrape: Scrape = { sources: undefined };
  // Registered in this order, which is the order a scrape lists them in.
  const observeAnswer = answerMetrics(registers);
  const mail = new Counter({
    name: 'mail_messages_total',
    help: 'E-mails handed to the transport, by outcome (sent, failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  registerTrackingMetrics(registers, scrape);
  registerDatabaseMetrics(registers, scrape);

  return {
    registry,
    observeAnswer,

    mailSent(): void {
      mail.inc({ outcome: 'sent' });
    },
    mailFailed(): void {
      mail.inc({ outcome: 'failed' });
    },

    /** Connects the figures other parts keep; read at each scrape. */
    readFrom(from: MetricSources): void {
      scrape.sources = from;
    },

    /** Node's process and event-loop metrics: only for the running server (they start timers). */
    collectProcessMetrics(): void {
      collectDefaultMetrics({ register: registry });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Every answer's count and latency, by route and status; returns what observes one answer. */
function answerMetrics(registers: Registry[]): (answer: Answer) => void {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answers sent, by method, route pattern and status (fast lane included)',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS_S,
    registers,
  });

  // prom-client hashes the labels on every call; the lane answers tens of thousands a second with a
  // handful of label sets, so each set's child is kept.
  type Child = { inc(): void };
  type Timer = { observe(value: number): void };
  const requestChildren = new Map<string, Child>();
  const durationChildren = new Map<string, Timer>();

  return (answer) => {
    const method = METHODS.has(answer.method) ? answer.method : 'OTHER';
    const route = `${method} ${answer.route}`;
    const key = `${route} ${answer.status}`;
    let child = requestChildren.get(key);
    if (!child)
      requestChildren.set(key, (child = requests.labels(method, answer.route, String(answer.status))));
    child.inc();
    let timer = durationChildren.get(route);
    if (!timer) durationChildren.set(route, (timer = duration.labels(method, answer.route)));
    timer.observe(answer.durationMs / 1000);
  };
}

/** The ingest stats, read at each scrape. */
function registerTrackingMetrics(registers: Registry[], scrape: Scrape): void {
  new Counter({
    name: 'tracking_events_total',
    help: 'Tracking events since start, by outcome (accepted and queued, written, or why not stored)',
    labelNames: ['outcome'] as const,
    registers,
    collect() {
      if (!scrape.sources) return;
      const stats = scrape.sources.ingest();
      this.reset();
      for (const [field, outcome] of Object.entries(TRACKING_OUTCOMES))
        this.inc({ outcome }, stats[field as keyof typeof TRACKING_OUTCOMES]);
    },
  });
  new Counter({
    name: 'tracking_failed_flushes_total',
    help: 'Analytics writes that failed and were retried, split or put back in the queue',
    registers,
    collect() {
      if (!scrape.sources) return;
      this.reset();
      this.inc(scrape.sources.ingest().failed_flushes);
    },
  });
  new Gauge({
    name: 'tracking_queue_depth',
    help: 'Accepted tracking events waiting to be written',
    registers,
    collect() {
      if (scrape.sources) this.set(scrape.sources.ingest().queued);
    },
  });
  new Gauge({
    name: 'tracking_database_down',
    help: '1 while analytics writes fail because the database does not answer',
    registers,
    collect() {
      if (scrape.sources) this.set(scrape.sources.ingest().database_down_since ? 1 : 0);
    },
  });
}

/** The e-mails owed (a database count) and the pool's connections, read at each scrape. */
function registerDatabaseMetrics(registers: Registry[], scrape: Scrape): void {
  new Gauge({
    name: 'mail_owed',
    help: 'E-mails still owed: enquiry notices and visitor acknowledgements',
    labelNames: ['kind'] as const,
    registers,
    async collect() {
      if (!scrape.sources) return;
      try {
        const owed = await scrape.sources.mailOwed();
        this.set({ kind: 'notice' }, owed.notices);
        this.set({ kind: 'acknowledgement' }, owed.acknowledgements);
      } catch {
        // The database does not answer: the other metrics still matter most now, so this one keeps
        // its last value (tracking_database_down and /api/ready say why).
      }
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle) and requests waiting for one',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = scrape.sources?.pool();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
}

/** The mailer, counting what the transport accepted and refused. */
export function countingMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(mail) {
      try {
        const receipt = await mailer.send(mail);
        metrics.mailSent();
        return receipt;
      } catch (error) {
        metrics.mailFailed();
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}

const METRICS_PATH = '/metrics';

/** The metrics endpoint on its own port; resolves once listening. */
export async function startMetricsServer(
  registry: Registry,
  at: { port: number; host: string },
  log: { error(obj: object, msg: string): void },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`Metrics are at ${METRICS_PATH}\n`);
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
