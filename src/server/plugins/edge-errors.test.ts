// What a probe of the running server found (issue 9): every error, whatever raised it, is a
// `{detail, code}` JSON body with the security headers; the admin guard answers before the router's
// own checks; malformed uploads are the client's fault and leave nothing behind; ids are strict.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/harness.ts';

const OVERLONG_ID = '9'.repeat(101);

/** The `{detail, code}` body and the headers every answer carries. */
function expectErrorShape(response: LightMyRequestResponse, label: string) {
  expect(response.headers['content-type'], label).toContain('application/json');
  const body = response.json<Record<string, unknown>>();
  expect(Object.keys(body).sort(), label).toEqual(['code', 'detail']);
  expect(body.detail, label).toEqual(expect.any(String));
  expect(body.code, label).toMatch(/^[A-Z_]+$/);
  expect(body.code, label).not.toMatch(/^FST_/);
  expect(response.headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['x-frame-options'], label).toBe('DENY');
  // The API's policy, or no-referrer on the calls that carry a secret (docs/decisions/0401).
  expect(response.headers['referrer-policy'], label).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer)$/,
  );
  expect(response.headers['x-request-id'], label).toEqual(expect.any(String));
}

/** Every file under the upload folder, temporary ones included. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => path.join(dir, f))
    : [];

describeEachDatabase('errors at the edge', (ctx) => {
  it('answers a malformed multipart upload with a 400 and leaves nothing on disk', async () => {
    const { token } = await ctx().loginAs();
    const before = filesUnder(ctx().config.uploadDir);
    const upload = (contentType: string, payload: Buffer | string) =>
      ctx().request({
        method: 'POST',
        url: '/api/admin/upload',
        token,
        headers: { 'content-type': contentType },
        payload,
      });

    const noBoundary = await upload('multipart/form-data', 'garbage');
    const cutOff = await upload(
      'multipart/form-data; boundary=xyz',
      Buffer.concat([
        Buffer.from(
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n' +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        Buffer.from([0xff, 0xd8, 0xff]),
      ]),
    );
    for (const [label, response] of [
      ['no boundary', noBoundary],
      ['cut off mid-part', cutOff],
    ] as const) {
      expect(response.statusCode, label).toBe(400);
      expectErrorShape(response, label);
      expect(response.json(), label).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(filesUnder(ctx().config.uploadDir)).toEqual(before);
  });

  it('answers an over-long id on every :id route with the same 401 as any admin path, without a token', async () => {
    const idRoutes = ctx().routes.filter((r) => r.method !== 'HEAD' && r.url.includes(':id'));
    expect(idRoutes.length).toBeGreaterThanOrEqual(15);
    const unknownPath = await ctx().request({ method: 'GET', url: '/api/admin/no-such-thing' });
    expect(unknownPath.statusCode).toBe(401);

    for (const route of idRoutes) {
      const url = route.url.replace(':id', OVERLONG_ID);
      const label = `${route.method} ${url.slice(0, 40)}…`;
      const response = await ctx().request({ method: route.method as 'GET', url, payload: {} });
      expect(response.statusCode, label).toBe(401);
      expect(response.body, label).toBe(unknownPath.body);
      expect(response.headers['cache-control'], label).toBe('no-store');
      expectErrorShape(response, label);
    }
  });

  it('checks the token before refusing an address, and refuses it as {detail, code} once signed in', async () => {
    const { token } = await ctx().loginAs();
    const overLong = `/api/admin/events/${OVERLONG_ID}`;
    const badEncoding = '/api/admin/events/%E0%A4%A';
    for (const url of [overLong, badEncoding]) {
      const anonymous = await ctx().request({ method: 'DELETE', url });
      expect(anonymous.statusCode, url).toBe(401);
      expectErrorShape(anonymous, url);
    }

    const tooLong = await ctx().request({ method: 'DELETE', url: overLong, token });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toMatchObject({ code: 'URI_TOO_LONG' });
    expectErrorShape(tooLong, 'over-long id, signed in');
    const malformed = await ctx().request({ method: 'DELETE', url: badEncoding, token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expectErrorShape(malformed, 'bad %-encoding, signed in');
  });

  it('tells an anonymous caller nothing about which admin routes exist, however the path is spelt', async () => {
    for (const [existing, missing] of [
      ['/api/%61dmin/events', '/api/%61dmin/no-such-thing'],
      ['/api/Admin/events', '/api/Admin/no-such-thing'],
      ['/api/admin/events/', '/api/admin/no-such-thing/'],
      ['/api/admin%2Fevents', '/api/admin%2Fno-such-thing'],
    ]) {
      const a = await ctx().request({ method: 'GET', url: existing });
      const b = await ctx().request({ method: 'GET', url: missing });
      expect([a.statusCode, a.body], existing).toEqual([b.statusCode, b.body]);
    }
  });

  it('answers errors of every origin as {detail, code} with the security headers', async () => {
    const { token } = await ctx().loginAs();
    const json = { 'content-type': 'application/json' };
    const cases: [string, number, Parameters<ReturnType<typeof ctx>['request']>[0]][] = [
      ['unknown API path', 404, { method: 'GET', url: '/api/nothing' }],
      ['unknown method', 405, { method: 'POST', url: '/api/cms/events', payload: {} }],
      [
        'unsupported body type',
        415,
        {
          method: 'POST',
          url: '/api/admin/events',
          token,
          headers: { 'content-type': 'application/xml' },
          payload: '<event/>',
        },
      ],
      [
        'body over the limit',
        413,
        {
          method: 'POST',
          url: '/api/admin/events',
          token,
          headers: json,
          payload: `"${'x'.repeat(1_100_000)}"`,
        },
      ],
      [
        'invalid JSON',
        400,
        { method: 'POST', url: '/api/admin/events', token, headers: json, payload: '{"name":' },
      ],
      ['bad %-encoding', 400, { method: 'GET', url: '/api/cms/%E0%A4%A' }],
      ['missing upload', 404, { method: 'GET', url: '/uploads/no-such-file.jpg' }],
      ['upload that is not multipart', 415, { method: 'POST', url: '/api/admin/upload', token, payload: {} }],
      ['no token', 401, { method: 'GET', url: '/api/admin/events' }],
      ['failed validation', 400, { method: 'POST', url: '/api/admin/events', token, payload: {} }],
    ];
    for (const [label, status, request] of cases) {
      const response = await ctx().request(request);
      expect(response.statusCode, label).toBe(status);
      expectErrorShape(response, label);
    }
  });

  it('answers a request Node cannot parse with a JSON 400 and the security headers', async () => {
    const { app } = ctx();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: range.test\r\nNot a header line\r\n\r\n');
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toContain("content-security-policy: default-src 'none';frame-ancestors 'none'");
    expect(head).toContain('x-content-type-options: nosniff');
    expect(head).toMatch(/x-request-id: [\w-]+/);
    expect(JSON.parse(body)).toEqual({ detail: expect.any(String), code: 'BAD_REQUEST' });
  });
});

describeEachDatabase('strict ids', (ctx) => {
  it('refuses every id that is not a plain positive decimal, and changes nothing', async () => {
    const { token } = await ctx().loginAs();
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/testimonials',
      token,
      payload: { client_name: 'Original', company: 'Acme', testimonial_text: 'Great', rating: 5 },
    });
    const { id } = created.json<{ id: number }>();
    const spellings = [
      `0x${id.toString(16)}`,
      `%20${id}`,
      `${id}%20`,
      `+${id}`,
      `0${id}`,
      `${id}.0`,
      `${id}e0`,
      `-${id}`,
      '1e1',
      '0',
      String(2 ** 31),
    ];
    for (const spelling of spellings) {
      const url = `/api/admin/testimonials/${spelling}`;
      const update = await ctx().request({ method: 'PUT', url, token, payload: { client_name: 'Changed' } });
      expect(update.statusCode, spelling).toBe(400);
      expect(update.json(), spelling).toMatchObject({
        code: 'VALIDATION_ERROR',
        detail: expect.stringMatching(/^params id: /),
      });
      const remove = await ctx().request({ method: 'DELETE', url, token });
      expect(remove.statusCode, spelling).toBe(400);
    }
    const list = await ctx().request({ method: 'GET', url: '/api/admin/testimonials', token });
    expect(list.json()).toEqual([expect.objectContaining({ id, client_name: 'Original' })]);

    const update = await ctx().request({
      method: 'PUT',
      url: `/api/admin/testimonials/${id}`,
      token,
      payload: { client_name: 'Changed' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ id, client_name: 'Changed' });
  });

  it('reads the audit cursor as strictly as a path id', async () => {
    const { token } = await ctx().loginAs();
    const page = (before: string) =>
      ctx().request({ method: 'GET', url: `/api/admin/audit?before=${before}`, token });
    expect((await page('0x10')).statusCode).toBe(400);
    expect((await page('%201')).statusCode).toBe(400);
    expect((await page('16')).statusCode).toBe(200);
  });
});
