import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../testing/harness.ts';

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
    ctx().services.content.clearCache();
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
    expect(post.status).toBe(404);
    const withQuery = await fetch(`${base}/api/cms/events?x=1`);
    expect(withQuery.status).toBe(200);
    expect(throughFastify).toHaveBeenCalledTimes(1);
    throughFastify.mockRestore();
  });
});
