import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compressBody } from '../lib/compressed-body.ts';
import { describeEachDatabase } from '../testing/harness.ts';
import { createFastLane, headerSetsOf, type CachedRoute } from './public-fast-lane.ts';
import { createSecurityHeaders } from './security-headers.ts';

// Over a real socket: the first request goes through Fastify and fills the cache, the next ones are
// answered by the fast lane. A visitor must not be able to tell the two apart.
describeEachDatabase('public lists over HTTP (fast lane)', (ctx) => {
  const baseUrl = async () => {
    const { app } = ctx();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  /** Every header but the ones that differ between any two answers. */
  const headersOf = (response: Response) =>
    Object.fromEntries(
      [...response.headers].filter(([name]) => !['date', 'x-request-id', 'keep-alive'].includes(name)),
    );

  /** The bytes exactly as sent (fetch would decompress them). */
  const rawGet = (url: string, acceptEncoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('sends lists brotli- or gzip-compressed as accepted, cold and warm, with the same content', async () => {
    const url = `${await baseUrl()}/api/cms/events`;
    await ctx().services.content.clearCache();
    const coldBr = await rawGet(url, 'gzip, deflate, br');
    const warmBr = await rawGet(url, 'gzip, deflate, br');
    const gzip = await rawGet(url, 'gzip');
    const plain = await rawGet(url, 'identity');
    for (const answer of [coldBr, warmBr]) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(zlib.brotliDecompressSync(answer.body).equals(plain.body)).toBe(true);
    }
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toMatchObject({ success: true, events: expect.any(Array) });
  });

  it('answers a warm list exactly as the route does, and never serves a list older than the last write', async () => {
    const url = `${await baseUrl()}/api/cms/testimonials`;
    const { token } = await ctx().loginAs();
    const create = (client_name: string) =>
      ctx().request({
        method: 'POST',
        url: '/api/admin/testimonials',
        token,
        payload: { client_name, company: 'Acme', testimonial_text: 'Great', rating: 5 },
      });

    await create('First');
    const throughFastify = vi.spyOn(ctx().services.content, 'publicList');
    const cold = await fetch(url);
    const coldBody = await cold.text();
    const warm = await fetch(url, { headers: { 'x-request-id': 'warm-request-1' } });
    expect(throughFastify).toHaveBeenCalledTimes(1); // the warm one never reached the route
    throughFastify.mockRestore();
    expect(await warm.text()).toBe(coldBody);
    expect(headersOf(warm)).toEqual(headersOf(cold));
    expect(warm.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(warm.headers.get('x-content-type-options')).toBe('nosniff');
    expect(warm.headers.get('x-request-id')).toBe('warm-request-1');

    const notModified = await fetch(url, { headers: { 'if-none-match': warm.headers.get('etag')! } });
    expect(notModified.status).toBe(304);

    await create('Second');
    const afterWrite = (await (await fetch(url)).json()) as { testimonials: { client_name: string }[] };
    expect(afterWrite.testimonials.map((t) => t.client_name)).toEqual(['First', 'Second']);
  });

  it('leaves other methods and query strings to the app', async () => {
    const base = await baseUrl();
    await fetch(`${base}/api/cms/events`); // warm the cache
    const throughFastify = vi.spyOn(ctx().services.content, 'publicList');
    const post = await fetch(`${base}/api/cms/events`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(post.status).toBe(405);
    const withQuery = await fetch(`${base}/api/cms/events?x=1`);
    expect(withQuery.status).toBe(200);
    expect(throughFastify).toHaveBeenCalledTimes(1);
    throughFastify.mockRestore();
  });
});

/** An answer exactly as sent: status, every header, the body's bytes (undecoded). */
interface ExactAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function exactRequest(url: string, method: string, headers: Record<string, string>): Promise<ExactAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/** Headers that differ between any two answers. */
const comparable = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'x-request-id'].includes(name)));

describeEachDatabase('one send path for cached answers (issue 20)', (ctx) => {
  it('sends the same answer from the lane as from the route: GET and HEAD, 200 and 304, each encoding', async () => {
    const { app, services } = ctx();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/cms/events`;
    const etag = (await exactRequest(url, 'GET', {})).headers.etag!;
    const throughFastify = vi.spyOn(services.content, 'publicList');
    let pairs = 0;
    for (const method of ['GET', 'HEAD'])
      for (const encoding of ['br', 'gzip', 'identity'])
        for (const conditional of [false, true]) {
          const headers = { 'accept-encoding': encoding, ...(conditional ? { 'if-none-match': etag } : {}) };
          const label = `${method} ${encoding}${conditional ? ' if-none-match' : ''}`;
          await services.content.clearCache();
          const viaRoute = await exactRequest(url, method, headers); // cold: Fastify's route fills it
          const viaLane = await exactRequest(url, method, headers); // warm: answered before Fastify
          pairs += 1;
          expect(throughFastify, label).toHaveBeenCalledTimes(pairs);
          expect(viaLane.status, label).toBe(conditional ? 304 : 200);
          expect(viaRoute.status, label).toBe(viaLane.status);
          expect(comparable(viaLane.headers), label).toEqual(comparable(viaRoute.headers));
          expect(viaLane.body.equals(viaRoute.body), label).toBe(true);
          if (method === 'HEAD' || conditional) expect(viaLane.body.length, label).toBe(0);
          if (conditional) expect(viaLane.headers['content-length'], label).toBeUndefined();
        }
    throughFastify.mockRestore();
  });
});

describe('the fast lane on its own failures and at shutdown', () => {
  const security = createSecurityHeaders({ publicUrl: 'http://range.test', captchaProvider: 'off' });
  const errors: object[] = [];
  const answered: { route: string; status: number; lane: boolean }[] = [];
  let failing = false;
  const route: CachedRoute = {
    path: '/list',
    type: 'application/json',
    securityHeaders: 'api',
    peek: () => {
      if (failing) throw new Error('a bug in the cache');
      return compressBody(Buffer.from('[1,2,3]'));
    },
    load: async () => compressBody(Buffer.from('[1,2,3]')),
    headers: () => ({ 'content-type': 'application/json' }),
  };
  const lane = createFastLane([route], headerSetsOf(security, [route]), {
    security,
    observe: (answer) => answered.push(answer),
    trustsHop: false,
    log: { error: (obj) => void errors.push(obj) },
  });
  const server = http.createServer((request, response) => {
    if (!lane.lane(request, response)) response.writeHead(299).end('left to the app');
  });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('turns its own failure into the {detail, code} envelope with the security headers, and goes on', async () => {
    failing = true;
    const failed = await exactRequest(`${base}/list`, 'GET', { 'x-request-id': 'lane-failure-1' });
    failing = false;
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body.toString())).toEqual({
      detail: 'Something went wrong on our side',
      code: 'INTERNAL_ERROR',
    });
    expect(failed.headers['content-security-policy']).toBe(security.api['content-security-policy']);
    expect(failed.headers['x-request-id']).toBe('lane-failure-1');
    expect(errors).toHaveLength(1);
    expect(answered.at(-1)).toMatchObject({ route: '/list', status: 500, lane: true });

    const next = await exactRequest(`${base}/list`, 'GET', {});
    expect(next.status).toBe(200);
    expect(next.body.toString()).toBe('[1,2,3]');
  });

  it('from the first moment of shutdown answers every new request 503 and closes the connection', async () => {
    lane.shutDown();
    for (const [method, path] of [
      ['GET', '/list'],
      ['POST', '/api/enquiries'],
      ['GET', '/anything'],
    ] as const) {
      const refused = await exactRequest(`${base}${path}`, method, {});
      expect(refused.status, path).toBe(503);
      expect(refused.headers.connection, path).toBe('close');
      expect(refused.headers['retry-after'], path).toBe('1');
      expect(refused.headers['x-content-type-options'], path).toBe('nosniff');
      expect(JSON.parse(refused.body.toString()), path).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
    expect(answered.at(-1)).toMatchObject({ status: 503, lane: true });
  });
});
