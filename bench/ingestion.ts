// POST /api/track under load against the same server's cheapest request: every 2xx counted in the
// database, nothing lost, no 503, and the server's resident memory followed throughout (issue 18).
import type { Db } from '../src/server/db/database.ts';
import type { IngestStats } from '../src/shared/schemas/analytics.ts';
import type { ChildServer } from './lib/child-server.ts';
import { GOALS } from './lib/goals.ts';
import {
  compareAlternating,
  requireAll2xx,
  type Comparison,
  type RoundPlan,
  type Side,
  type SideSummary,
} from './lib/load.ts';
import { followMemory, type MemoryTrace } from './lib/memory.ts';
import { syntheticEvents } from './lib/synthetic-events.ts';
import { thousands } from './lib/table.ts';

const TRACK_CONNECTIONS = 64;
/**
 * The reference for POST /api/track: the cheapest request that takes the same way through the server
 * (Fastify's routing, hooks and headers) — a constant answer, no database. The cached public lists are
 * cheaper still, but they are answered before Fastify and have their own comparison with bare Node.
 */
const CHEAPEST = '/api/captcha/config';
const TRACK_BODIES = 1000;
const WRITTEN_WITHIN_MS = 30_000;

/** Page views, clicks, submissions and section views from a thousand visitors, as tracker 1 sends them. */
export function trackBodies(): string[] {
  const bodies: string[] = [];
  for (const event of syntheticEvents({ count: TRACK_BODIES * 4, endMs: Date.now(), spanDays: 1 })) {
    if (event.event_type.startsWith('section_') && event.event_type !== 'section_view') continue;
    const { section: _section, created_at: _createdAt, source: _label, ...body } = event;
    // A page view says where the visit came from, as the tracker sends it (visit-source.ts).
    const source =
      event.event_type === 'page_view'
        ? {
            utm_source: null,
            utm_medium: null,
            utm_campaign: null,
            referrer_host: event.referrer ? new URL(event.referrer).hostname : null,
          }
        : undefined;
    bodies.push(JSON.stringify({ ...body, source }));
    if (bodies.length === TRACK_BODIES) break;
  }
  return bodies;
}

const countEvents = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Waits (boundedly) until the server has written every event it accepted; what it never writes shows as lost. */
async function waitUntilWritten(server: ChildServer, token: string): Promise<void> {
  const deadline = Date.now() + WRITTEN_WITHIN_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${server.origin}/api/admin/analytics/ingest-stats`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // A batch being written has left the queue already: done once everything accepted is written.
    const stats = (await response.json()) as IngestStats;
    if (stats.written >= stats.accepted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What the server itself spent: on this 2-core machine the load generator shares the CPU, so the
 * req/s ratio also measures autocannon's own cost per request. CPU time per answer is the server's
 * alone; "busy" says how close to one full core the server ran (below 100 % the client was the limit).
 */
function serverCost({ subject, reference }: Comparison): string {
  if (subject.cpuPerAnswerUs === undefined || reference.cpuPerAnswerUs === undefined) return '';
  const percent = (share: number | undefined) => `${Math.round((share ?? 0) * 100)} %`;
  const loop = (side: SideSummary) => side.eventLoopCpuPerAnswerUs ?? 0;
  return (
    `; server CPU per answer ${subject.cpuPerAnswerUs.toFixed(0)} vs ${reference.cpuPerAnswerUs.toFixed(0)} µs ` +
    `(**${(reference.cpuPerAnswerUs / subject.cpuPerAnswerUs).toFixed(2)}×**), of it on the event loop ` +
    `${loop(subject).toFixed(0)} vs ${loop(reference).toFixed(0)} µs (**${(loop(reference) / loop(subject)).toFixed(2)}×**); ` +
    `server busy ${percent(subject.serverBusy)} vs ${percent(reference.serverBusy)}`
  );
}

export async function benchIngestion(server: ChildServer, token: string, db: Db, plan: RoundPlan) {
  const bodies = trackBodies();
  let next = 0;
  const track: Side = {
    name: 'POST /api/track',
    serverPid: server.pid,
    options: {
      url: `${server.origin}/api/track`,
      method: 'POST',
      connections: TRACK_CONNECTIONS,
      // As navigator.sendBeacon sends it from a browser that accepted cookies (without the consent
      // cookie nothing is stored).
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        cookie: 'cookie_consent=true',
      },
      requests: [
        {
          setupRequest: (request) => {
            next = (next + 1) % bodies.length;
            return { ...request, body: bodies[next] };
          },
        },
      ],
    },
  };
  const cheapest: Side = {
    name: `GET ${CHEAPEST}`,
    serverPid: server.pid,
    options: { url: `${server.origin}${CHEAPEST}`, connections: TRACK_CONNECTIONS },
  };

  const before = await countEvents(db);
  const memory = followMemory(server.pid);
  const comparison = await compareAlternating(track, cheapest, plan);
  await waitUntilWritten(server, token);
  const trace: MemoryTrace = memory.stop();
  requireAll2xx(cheapest, comparison.reference);
  const stored = (await countEvents(db)) - before;
  const answered =
    comparison.subject.warmUp.ok + comparison.subject.runs.reduce((sum, run) => sum + run.ok, 0);
  const refused = [comparison.subject.warmUp, ...comparison.subject.runs].flatMap((run) =>
    Object.entries(run.refused),
  );
  const lost = Math.max(0, answered - stored);
  return {
    trackMaxRps: comparison.subject.rps,
    track: {
      met: comparison.ratio >= GOALS.minThroughputRatio && refused.length === 0,
      text:
        `**${comparison.ratio.toFixed(2)}×** — ${thousands(comparison.subject.rps)} vs ${thousands(comparison.reference.rps)} req/s ` +
        `(GET ${CHEAPEST}), p99 ${comparison.subject.p99} ms${serverCost(comparison)}` +
        (refused.length ? `, refused ${JSON.stringify(Object.fromEntries(refused))}` : ''),
    },
    loss: {
      met: lost === 0,
      // Requests in flight when a round ended are stored but not counted as answered.
      text: `**${thousands(lost)}** lost — ${thousands(answered)} answered 2xx, ${thousands(stored)} stored`,
    },
    memory: {
      met: trace.peakMiB <= GOALS.maxLoadedRssMiB,
      text: `before ${trace.beforeMiB.toFixed(0)}, peak **${trace.peakMiB.toFixed(0)}**, after ${trace.afterMiB.toFixed(0)} MiB`,
    },
  };
}
