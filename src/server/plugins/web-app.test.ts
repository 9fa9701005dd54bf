import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { memoryAppInputs } from '../testing/memory-app-inputs.ts';
import { compressBodyInStages } from '../lib/compressed-body.ts';

/** CSP "a b;c d e" → { a: ['b'], c: ['d', 'e'] } */
const directivesOf = (policy: unknown) =>
  Object.fromEntries(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('web client: pages and admin shell', () => {
  let built: BuiltApp;
  let tmp: string;
  /** The access log: one line per answer, marked `"lane":true` when the fast lane sent it. */
  const logLines: string[] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-web-'));
    const webRoot = path.join(tmp, 'web');
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(webRoot, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'ssr'), { recursive: true });
    fs.writeFileSync(
      path.join(webRoot, 'admin.html'),
      '<!doctype html><title>CMS Admin</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(webRoot, 'admin-screens'));
    fs.writeFileSync(
      path.join(webRoot, 'admin-screens', 'login.html'),
      '<!doctype html><title>CMS Admin</title><div id="root" data-prerendered="/admin/login"><form></form></div>',
    );
    fs.writeFileSync(
      path.join(webRoot, 'admin-screens', 'dashboard.html'),
      '<!doctype html><title>CMS Admin</title><link rel="modulepreload" href="/assets/dashboard.js"><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(
      path.join(webRoot, 'assets', 'app-abc123.js.br'),
      zlib.brotliCompressSync('console.log(1)'),
    );
    // A style sheet that names its own closing tag, which must not end the inlined <style> early.
    fs.writeFileSync(
      path.join(webRoot, 'assets', 'app-1.css'),
      'body{color:red}a::after{content:"</style>"}',
    );
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/web/public/entry-client.tsx': {
          file: 'assets/app-abc123.js',
          css: ['assets/app-1.css'],
          isEntry: true,
        },
      }),
    );
    // A stand-in for the SSR build: shows what it was given, so the tests see what the server passed.
    fs.writeFileSync(
      path.join(tmp, 'ssr', 'entry-server.js'),
      `export function render(path, data) {
        const known = ['/', '/legal-notice', '/privacy-policy'].includes(path);
        const names = data.events.map((e) => e.name).join(', ');
        return { body: '<h1>' + (known ? path : 'Not found') + '</h1><p>' + names + '</p><p>' + data.site.phone + '</p>',
          head: '<title>t</title>', status: known ? 200 : 404 };
      }`,
    );
    const { config, db } = await memoryAppInputs(tmp);
    built = await buildApp({
      config,
      db,
      webRoot,
      // Frozen, so a rendered page stays current for the whole file (the fast lane serves it).
      clock: { now: () => Date.UTC(2026, 5, 15, 12) },
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    });
  });

  afterAll(async () => {
    await built.app.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('serves the admin shell for /admin and every /admin/* route', async () => {
    for (const url of ['/admin', '/admin/login', '/admin/reset-password?token=abc', '/admin/events']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>CMS Admin</title>');
    }
  });

  it('renders the public pages on the server with the current content embedded', async () => {
    for (const url of ['/', '/legal-notice', '/privacy-policy']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain(`<div id="root" data-page="${url}"><h1>${url}</h1>`);
      expect(response.body).toContain('<script type="module" src="/assets/app-abc123.js">');
      // Inlined: one request fewer before the first paint (issue 18).
      expect(response.body).toContain('<style>body{color:red}a::after{content:"<\\/style>"}</style>');
      expect(response.body).not.toContain('rel="stylesheet"');
      expect(response.body).toContain('<script type="application/json" id="page-data">');
      // The icon is written in, and the manifest is linked by the page's script (decision 0493):
      // neither is a request of its own before the hero picture.
      expect(response.body).toContain(
        '<link rel="icon" href="data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E" type="image/svg+xml">',
      );
      expect(response.body).not.toContain('rel="manifest"');
    }
  });

  it('lets browsers keep the site icons and manifest a day, and the admin shell not at all', async () => {
    const icon = await built.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const shell = await built.app.inject({ method: 'GET', url: '/admin' });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown pages with the rendered 404 page and status 404', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root" data-page="/404"><h1>Not found</h1>');
  });

  it('sends pages compressed as the client accepts, with an ETag that answers 304', async () => {
    const br = await built.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    const gzip = await built.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const again = await built.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('re-renders a page as soon as content or business details change through this instance', async () => {
    const before = await built.app.inject({ method: 'GET', url: '/' });
    expect(before.body).not.toContain('Brand New Fair');
    await built.services.content.create('events', {
      name: 'Brand New Fair',
      location: 'York',
      date: '2099-01-01',
    });
    await built.services.site.update({ phone: '07700 900123' }, null);
    const after = await built.app.inject({ method: 'GET', url: '/' });
    expect(after.body).toContain('Brand New Fair');
    expect(after.body).toContain('07700 900123');
  });

  it('keeps </script> in content from closing the embedded data block', async () => {
    await built.services.content.create('events', {
      name: 'Evil </script><script>alert(1)</script>',
      location: 'York',
      date: '2099-01-02',
    });
    const response = await built.app.inject({ method: 'GET', url: '/' });
    const data = response.body.slice(response.body.indexOf('id="page-data">'));
    expect(data).not.toContain('</script><script>alert(1)');
    expect(data).toContain('\\u003c/script>');
  });

  it('sends pages and the 404 page with the page CSP, and the admin shell with its own and no referrer', async () => {
    for (const url of ['/', '/legal-notice', '/privacy-policy', '/no-such-page']) {
      const response = await built.app.inject({ method: 'GET', url });
      const csp = directivesOf(response.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['frame-src'], url).toEqual(['https://www.youtube-nocookie.com']);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    for (const url of ['/admin', '/admin/login', '/admin/reset-password?token=abc']) {
      const response = await built.app.inject({ method: 'GET', url });
      const csp = directivesOf(response.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['img-src'], url).toContain('blob:');
      expect(csp['frame-src'], url).toEqual(["'none'"]);
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it("answers a screen's path with the page the build wrote for it, and any other admin path with the bare shell", async () => {
    const login = await built.app.inject({ method: 'GET', url: '/admin/login?next=1' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('data-prerendered="/admin/login"');
    const dashboard = await built.app.inject({ method: 'GET', url: '/admin/dashboard' });
    expect(dashboard.body).toContain('/assets/dashboard.js');
    for (const url of ['/admin', '/admin/login/more', '/admin/no-such-screen', '/admin/..%2Fadmin']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('<!doctype html><title>CMS Admin</title><div id="root"></div>');
    }
  });

  it('answers a warm page from the fast lane with exactly the headers of the route', async () => {
    if (!built.app.server.listening) await built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    const linesOf = (id: string) => logLines.filter((line) => line.includes(`"reqId":"${id}"`));
    const reachedFastify = (id: string) => linesOf(id).some((line) => !line.includes('"lane":true'));
    const headersOf = (headers: Iterable<[string, string]>) =>
      Object.fromEntries(
        [...headers].filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name)),
      );

    // A page is first served from quickly compressed copies, which smaller ones made off the event
    // loop replace a moment later: compare the two paths once those are in, or a lane answer sent
    // after the swap would differ from a route answer sent before it (it did, once, in CI). The best
    // copy is made here the same way, to know when the page carries it.
    const pageAs = (encoding: string) =>
      built.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': encoding } });
    const best = await compressBodyInStages((await pageAs('identity')).rawPayload).best;
    const servedBrLength = async () => Number((await pageAs('br')).headers['content-length']);
    await vi.waitFor(async () => expect(await servedBrLength()).toBe(best.br.length), {
      timeout: 5000,
      interval: 20,
    });

    for (const encoding of ['br', 'gzip', 'identity']) {
      // inject() always goes through Fastify's routing; it also renders the page, so the socket
      // request right after finds it current and is answered before Fastify.
      const route = await built.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': encoding },
      });
      const id = `fast-lane-${encoding}`;
      const fastLane = await fetch(`${base}/`, {
        headers: { 'accept-encoding': encoding, 'x-request-id': id },
      });
      expect(reachedFastify(id), encoding).toBe(false);
      expect(linesOf(id), encoding).toHaveLength(1);
      expect(fastLane.headers.get('x-request-id')).toBe(id);
      const routeHeaders = Object.entries(route.headers).map(
        ([name, value]) => [name, String(value)] as [string, string],
      );
      expect(headersOf(fastLane.headers), encoding).toEqual(headersOf(routeHeaders));
    }
    // The control: a page request the fast lane leaves alone is seen by Fastify.
    await fetch(`${base}/?from=newsletter`, { headers: { 'x-request-id': 'through-fastify' } });
    expect(reachedFastify('through-fastify')).toBe(true);
  });

  it('serves hashed assets with long caching', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  // The assets folder is one route, not one per file (docs/decisions/0480): each built file as
  // before, its brotli copy where the browser takes brotli, any other name the site's 404 page.
  it('serves each built asset and its precompressed copy, and any other name as the 404 page', async () => {
    const brotli = await built.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const head = await built.app.inject({ method: 'HEAD', url: '/assets/app-1.css' });
    expect(head.statusCode).toBe(200);
    const missing = await built.app.inject({ method: 'GET', url: '/assets/missing-abc123.js' });
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['content-type'])).toMatch(/^text\/html/);
    const post = await built.app.inject({ method: 'POST', url: '/assets/app-abc123.js', payload: {} });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('serves the OpenAPI document generated from the schemas at /api/docs', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths['/api/admin/events'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(doc.paths['/api/admin/login']?.post).toBeDefined();
  });

  // Issue 35, item 8: an event file that does not exist is the site's 404 page, an HTML answer the
  // document did not list (it said JSON only).
  it('lists the content type of every answer of an event file, the HTML 404 page included', async () => {
    const missing = await built.app.inject({ method: 'GET', url: '/events/424242.ics' });
    expect(missing.statusCode).toBe(404);
    const type = String(missing.headers['content-type']).split(';')[0];
    expect(type).toBe('text/html');
    const doc = (await built.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, { get: { responses: Record<string, { content?: object }> } }>;
    }>();
    const { responses } = doc.paths['/events/{file}']!.get;
    expect(Object.keys(responses['404']?.content ?? {})).toContain(type);
    expect(Object.keys(responses['200']?.content ?? {})).toEqual(['text/calendar']);
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    const api = await built.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const uploads = await built.app.inject({ method: 'GET', url: '/uploads/missing.jpg' });
    expect(uploads.json()).toMatchObject({ code: 'NOT_FOUND' });
    const post = await built.app.inject({ method: 'POST', url: '/somewhere', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toHaveProperty('detail');
  });
});
