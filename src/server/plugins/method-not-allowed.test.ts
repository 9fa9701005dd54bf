import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/harness.ts';

// A known API address asked with a method it does not serve answers 405 and says which it does
// (issue 20, item 10), including the public lists the fast lane answers before Fastify.
describeEachDatabase('methods an API path does not serve', (ctx) => {
  const expectRefused = (
    response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    allow: string,
  ) => {
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toEqual({ detail: expect.stringContaining(allow), code: 'METHOD_NOT_ALLOWED' });
  };

  it('answers 405 with Allow for a public path, HEAD listed with GET and OPTIONS only where served', async () => {
    expectRefused(await ctx().request({ method: 'POST', url: '/api/site', payload: {} }), 'GET, HEAD');
    expectRefused(await ctx().request({ method: 'OPTIONS', url: '/api/site' }), 'GET, HEAD');
    expectRefused(await ctx().request({ method: 'DELETE', url: '/api/track' }), 'POST');
  });

  it('answers 405 for an admin path with parameters once the caller is signed in (401 before)', async () => {
    expect((await ctx().request({ method: 'PUT', url: '/api/admin/users/5', payload: {} })).statusCode).toBe(
      401,
    );
    const { token } = await ctx().loginAs();
    expectRefused(
      await ctx().request({ method: 'PUT', url: '/api/admin/users/5', payload: {}, token }),
      'DELETE',
    );
    expectRefused(
      await ctx().request({ method: 'PATCH', url: '/api/admin/users', token }),
      'GET, HEAD, POST',
    );
    expectRefused(
      await ctx().request({ method: 'POST', url: '/api/admin/events/7', payload: {}, token }),
      'PUT, DELETE',
    );
  });

  // Issue 35, item 8: a word in the address is not another route's id. A PATCH to bulk-delete used to
  // reach PATCH /api/admin/enquiries/:id and answer 400 "id: must be a positive whole number".
  it('answers 405 where a word of the path would otherwise be read as a parameter', async () => {
    const { token } = await ctx().loginAs();
    const enquiry = await ctx().request({ method: 'GET', url: '/api/enquiries', token });
    expectRefused(
      await ctx().request({
        method: 'PATCH',
        url: '/api/admin/enquiries/bulk-delete',
        payload: { status: 'read' },
        token,
      }),
      'POST',
    );
    expectRefused(
      await ctx().request({ method: 'PUT', url: '/api/admin/bookings/calendar-feed', payload: {}, token }),
      'GET, HEAD',
    );
    expectRefused(
      await ctx().request({ method: 'DELETE', url: '/api/admin/bookings/calendar-feed', token }),
      'GET, HEAD',
    );
    // The parameter's own routes are untouched, and nothing was changed by the refused calls.
    expect((await ctx().request({ method: 'GET', url: '/api/admin/bookings/1', token })).statusCode).toBe(
      404,
    );
    expect((await ctx().request({ method: 'GET', url: '/api/enquiries', token })).body).toBe(enquiry.body);
  });

  it('keeps unknown API paths a 404', async () => {
    const unknown = await ctx().request({ method: 'POST', url: '/api/no-such-thing', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  // Issue 26, item 9: a contract tester's QUERY got 400 (Fastify reads a body for it first) and its
  // TRACE 404 off /api. Over a real socket, as a tester sends them, with a body where one is allowed.
  it('answers 405 to QUERY, TRACE and PROPFIND on any served path, body or not, and serves its own methods', async () => {
    const server = ctx().app.server; // listened on directly: Fastify's own listen is the next test's
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
        const request = http.request({ port, host: '127.0.0.1', method, path }, (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body: text }),
          );
        });
        request.on('error', reject);
        if (body !== undefined) request.setHeader('content-type', 'application/json');
        request.end(body);
      });
    try {
      const cases: [string, string, string | undefined, string][] = [
        ['QUERY', '/api/track', '{"event_type":"page_view"}', 'POST'],
        ['QUERY', '/api/site', 'not json at all', 'GET, HEAD'],
        ['QUERY', '/api/cms/events', undefined, 'GET, HEAD'],
        ['TRACE', '/events.ics', undefined, 'GET, HEAD'],
        ['TRACE', '/events/1.ics', undefined, 'GET, HEAD'],
        ['PROPFIND', '/uploads/w/640/photo.webp', undefined, 'GET, HEAD'],
        ['PROPFIND', '/api/enquiries', undefined, 'GET, HEAD, POST'],
      ];
      for (const [method, path, body, allow] of cases) {
        const answer = await send(method, path, body);
        expect([answer.status, answer.allow], `${method} ${path}: ${answer.body}`).toEqual([405, allow]);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
      }
      expect((await send('POST', '/api/track', '{"event_type":"page_view"}')).status).toBe(204);
      expect((await send('GET', '/events.ics')).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers 405 to a POST to a public list the fast lane serves from memory', async () => {
    const { app } = ctx();
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/cms/events`;
      expect((await fetch(url)).status).toBe(200); // fills the cache: the lane answers GETs now
      const post = await fetch(url, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
      expect(await post.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    } finally {
      await app.server.close();
    }
  });
});
