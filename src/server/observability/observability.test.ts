// The access log and the Prometheus metrics (issue 20), over a real socket so the fast lane answers
// too: one line per answer with what an operator greps for, successful beacons counted not logged,
// and counters that move when the site is used.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../testing/harness.ts';
import { startMetricsServer } from './metrics.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const logLines: string[] = [];

interface LogLine {
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  route?: string;
  status?: number;
  bytes?: number;
  ms?: number;
  client?: string;
  lane?: boolean;
}
const accessLines = () =>
  logLines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'answered');

/** One sample of a Prometheus text exposition, e.g. `http_requests_total{method="GET",…}`; 0 if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describeEachDatabase(
  'access log and metrics',
  (ctx) => {
    let base = '';
    let scrapeUrl = '';
    let closeMetrics: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const { app, metrics } = ctx();
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const server = await startMetricsServer(metrics.registry, { port: 0, host: '127.0.0.1' }, console);
      scrapeUrl = `http://127.0.0.1:${server.port}/metrics`;
      closeMetrics = server.close;
    });
    afterAll(() => closeMetrics());

    const track = (body: object) =>
      fetch(`${base}/api/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER, cookie: 'cookie_consent=true' },
        body: JSON.stringify(body),
      });

    it('writes one line per answer, from the fast lane and from Fastify, and none for a good beacon', async () => {
      logLines.length = 0;
      await ctx().services.content.clearCache();
      const cold = await fetch(`${base}/api/cms/events`, { headers: { 'x-request-id': 'log-cold-1' } });
      const warm = await fetch(`${base}/api/cms/events`, { headers: { 'x-request-id': 'log-warm-1' } });
      await fetch(`${base}/api/nothing-here?token=secret-value`, {
        headers: { 'x-request-id': 'log-404-1' },
      });
      const good = await track({ event_type: 'page_view', page: '/', session_id: 's-1' });
      const bad = await track({ event_type: 'no-such-type', page: '/' });
      expect(good.status).toBe(204);
      expect(bad.status).toBe(400);
      // A line is written once the answer has gone (onResponse), so it may come after the client has
      // it: wait for the line of each answer that is logged. The good beacon was answered before the
      // refused one, so a line for it, were there one, would be in by then too.
      const byId = (id: string) => accessLines().filter((line) => line.reqId === id);
      await vi.waitFor(() => {
        for (const id of ['log-cold-1', 'log-warm-1', 'log-404-1']) expect(byId(id), id).not.toEqual([]);
        expect(accessLines().some((line) => line.route === '/api/track')).toBe(true);
      }, 5000);

      const lines = accessLines();
      expect(byId('log-cold-1')).toEqual([
        expect.objectContaining({
          method: 'GET',
          url: '/api/cms/events',
          route: '/api/cms/events',
          status: 200,
          bytes: Number(cold.headers.get('content-length')), // on the wire, compressed
          client: '127.0.0.1',
          ms: expect.any(Number),
        }),
      ]);
      expect(byId('log-cold-1')[0]!.lane).toBeUndefined();
      expect(byId('log-warm-1')).toEqual([
        expect.objectContaining({ route: '/api/cms/events', status: 200, lane: true, client: '127.0.0.1' }),
      ]);
      expect(byId('log-warm-1')[0]!.bytes).toBe(Number(warm.headers.get('content-length')));
      // A 404 is logged with its path, the query's values never.
      expect(byId('log-404-1')).toEqual([
        expect.objectContaining({ status: 404, route: '(unmatched)', url: '/api/nothing-here?token=…' }),
      ]);
      expect(JSON.stringify(lines)).not.toContain('secret-value');
      // Tracking: the refusal is logged, the accepted beacon only counted.
      const tracking = lines.filter((line) => line.route === '/api/track');
      expect(tracking.map((line) => line.status)).toEqual([400]);
      // Fastify's own "incoming request" / "request completed" pair is gone.
      expect(logLines.some((line) => line.includes('request completed'))).toBe(false);
    });

    it("never writes the owner's calendar feed secret, however the feed's path is written", async () => {
      logLines.length = 0;
      const feed = new URL(await ctx().services.bookings.feedUrl((await ctx().loginAs()).id));
      const secret = /bookings-(.+)\.ics$/.exec(feed.pathname)![1]!;
      // As served, with a query, and as spelled otherwise (escaped, doubled slash) by a client.
      const asked = [
        feed.pathname,
        `${feed.pathname}?x=1`,
        feed.pathname.replace('calendar', '%63alendar'),
        `/${feed.pathname}`,
        // A wrong guess is logged the same way: the path says nothing of what was tried.
        `/calendar/bookings-${'a'.repeat(30)}.ics`,
      ];
      const statuses: number[] = [];
      for (const [i, path] of asked.entries()) {
        const answer = await fetch(`${base}${path}`, { headers: { 'x-request-id': `calendar-feed-${i}` } });
        statuses.push(answer.status);
        await answer.text();
      }
      expect(statuses[0]).toBe(200);
      const logged = () =>
        asked.map((_, i) => accessLines().find((line) => line.reqId === `calendar-feed-${i}`));
      await vi.waitFor(() => expect(logged().map((l) => l?.url ?? null)).not.toContain(null));
      expect(logged().map((line) => line?.url)).toEqual([
        '/calendar/…',
        '/calendar/…?x=…',
        '/calendar/…',
        '/calendar/…',
        '/calendar/…',
      ]);
      expect(logged().map((line) => line?.status)).toEqual(statuses);
      expect(logLines.join('\n')).not.toContain(secret);
      expect(logLines.join('\n')).not.toContain('a'.repeat(30));
    });

    it('counts answers, tracking and mail, scraped from the metrics port (not the public one)', async () => {
      await ctx().services.analytics.flush(); // what earlier tests queued
      const before = await (await fetch(scrapeUrl)).text();
      await fetch(`${base}/api/cms/events`); // fills the cache (or finds it warm)
      for (let i = 0; i < 5; i += 1) await fetch(`${base}/api/cms/events`);
      for (let i = 0; i < 3; i += 1)
        await track({ event_type: 'page_view', page: '/', session_id: `m-${i}` });
      await ctx().services.analytics.flush();
      const enquiry = await fetch(`${base}/api/enquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Sam Smith',
          email: 'sam@example.com',
          organisation: 'Acme Events',
          message: 'We would like to book the range for our festival in August.',
          recaptchaToken: 'unused-with-captcha-off',
        }),
      });
      expect(enquiry.status).toBe(200);
      await ctx().services.enquiries.settled();

      const after = await (await fetch(scrapeUrl)).text();
      const moved = (name: string, labels: Record<string, string> = {}) =>
        sample(after, name, labels) - sample(before, name, labels);
      const events = { method: 'GET', route: '/api/cms/events', status: '200' };
      expect(moved('http_requests_total', events)).toBe(6);
      expect(moved('http_request_duration_seconds_count', { method: 'GET', route: '/api/cms/events' })).toBe(
        6,
      );
      expect(moved('http_requests_total', { method: 'POST', route: '/api/track', status: '204' })).toBe(3);
      expect(moved('tracking_events_total', { outcome: 'accepted' })).toBe(3);
      expect(moved('tracking_events_total', { outcome: 'written' })).toBe(3);
      expect(sample(after, 'tracking_queue_depth')).toBe(0);
      // The notice to NOTIFY_EMAIL and the visitor's acknowledgement, both into the outbox.
      expect(moved('mail_messages_total', { outcome: 'sent' })).toBe(2);
      expect(sample(after, 'mail_owed', { kind: 'notice' })).toBe(0);
      if (ctx().dialect === 'postgres') expect(after).toContain('db_pool_connections{state="idle"}');

      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(scrapeUrl.replace('/metrics', '/other'))).status).toBe(404);
    });
  },
  {
    env: { CAPTCHA_PROVIDER: 'off', NOTIFY_EMAIL: 'owner@example.com', LOG_LEVEL: 'info' },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  },
);
