import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/harness.ts';
import { uploadFile } from '../testing/uploads.ts';
import { createSecurityHeaders } from './security-headers.ts';

/** "default-src 'self';img-src 'self' data:" → { 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] } */
const directivesOf = (policy = '') =>
  Object.fromEntries(
    policy
      .split(';')
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
  );

describe('security header sets', () => {
  const plain = createSecurityHeaders({ publicUrl: 'http://localhost:3000', captchaProvider: 'altcha' });
  const https = createSecurityHeaders({ publicUrl: 'https://range.example', captchaProvider: 'altcha' });

  it("lets pages run only the site's own scripts and be framed by nobody", () => {
    const page = directivesOf(plain.page['content-security-policy']);
    expect(page['script-src']).toEqual(["'self'"]);
    expect(page['script-src-attr']).toEqual(["'none'"]);
    expect(page['default-src']).toEqual(["'self'"]);
    expect(page['object-src']).toEqual(["'none'"]);
    expect(page['frame-ancestors']).toEqual(["'none'"]);
    expect(page['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
    expect(page['worker-src']).toEqual(["'self'", 'blob:']);
    for (const source of ['img-src', 'font-src', 'connect-src', 'media-src', 'style-src'])
      expect(page[source]?.[0], source).toBe("'self'");
    expect(plain.page['x-frame-options']).toBe('DENY');
    expect(plain.page['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets the admin client show previews of files being uploaded, frames nothing and sends no referrer', () => {
    const admin = directivesOf(plain.adminPage['content-security-policy']);
    expect(admin['script-src']).toEqual(["'self'"]);
    expect(admin['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(admin['media-src']).toEqual(["'self'", 'blob:']);
    expect(admin['frame-src']).toEqual(["'none'"]);
    expect(plain.adminPage['referrer-policy']).toBe('no-referrer');
  });

  it('gives everything that is not a page a CSP that allows nothing', () => {
    expect(plain.api['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(plain.apiNoReferrer['referrer-policy']).toBe('no-referrer');
    expect(plain.api['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS and upgrades requests only when the site is served over https', () => {
    for (const set of Object.values(plain)) expect(set['strict-transport-security']).toBeUndefined();
    expect(directivesOf(plain.page['content-security-policy'])).not.toHaveProperty(
      'upgrade-insecure-requests',
    );
    for (const set of Object.values(https))
      expect(set['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directivesOf(https.page['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
  });

  it("allows Google's reCAPTCHA hosts only when it is the configured captcha", () => {
    const recaptcha = createSecurityHeaders({
      publicUrl: 'https://range.example',
      captchaProvider: 'recaptcha',
    });
    const page = directivesOf(recaptcha.page['content-security-policy']);
    expect(page['script-src']).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(page['frame-src']).toContain('https://www.google.com/recaptcha/');
    expect(plain.page['content-security-policy']).not.toContain('google');
  });
});

describeEachDatabase('security headers on answers', (ctx) => {
  it('puts the API set and a request id on JSON answers, echoing a request id a proxy sent', async () => {
    const health = await ctx().request({ method: 'GET', url: '/api/health' });
    expect(health.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(health.headers['x-frame-options']).toBe('DENY');
    expect(health.headers['strict-transport-security']).toBeUndefined();
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await ctx().request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-proxy-1234' },
    });
    expect(traced.headers['x-request-id']).toBe('edge-proxy-1234');
    const odd = await ctx().request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'not ok\u0007' },
    });
    expect(odd.headers['x-request-id']).not.toBe('not ok\u0007');
  });

  it('marks every answer of a guarded route no-store, signed in or not, and leaves public lists cacheable', async () => {
    const { token } = await ctx().loginAs();
    const guardedGets: string[] = [];
    for (const route of ctx().routes.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/'))) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const anonymous = await ctx().request({
        method: route.method as 'GET',
        url,
        payload: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
      });
      if (anonymous.statusCode !== 401) continue;
      expect(anonymous.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
      if (route.method === 'GET') guardedGets.push(url);
    }
    // Admin-only outside /api/admin (GET /api/enquiries): found by the guard, not by its address.
    expect(guardedGets).toContain('/api/enquiries');
    expect(guardedGets.length).toBeGreaterThan(10);
    for (const url of guardedGets) {
      const signedIn = await ctx().request({ method: 'GET', url, token });
      expect(signedIn.statusCode, url).toBeLessThan(500);
      expect(signedIn.headers['cache-control'], url).toBe('no-store');
    }

    const login = await ctx().request({ method: 'POST', url: '/api/admin/login', payload: {} });
    expect(login.headers['cache-control']).toBe('no-store');
    const list = await ctx().request({ method: 'GET', url: '/api/cms/events' });
    expect(list.headers['cache-control']).toBe('no-cache');
  });

  it('sends no referrer from the password-reset calls, refused or not', async () => {
    for (const url of ['/api/admin/password-reset/request', '/api/admin/password-reset/confirm']) {
      const refused = await ctx().request({ method: 'POST', url, payload: {} });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.headers['referrer-policy'], url).toBe('no-referrer');
    }
    const accepted = await ctx().request({
      method: 'POST',
      url: '/api/admin/password-reset/request',
      payload: { email: 'nobody@example.com' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['referrer-policy']).toBe('no-referrer');
    const login = await ctx().request({ method: 'POST', url: '/api/admin/login', payload: {} });
    expect(login.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('keeps the sandbox policy on uploaded files, with the other headers', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const uploaded = await uploadFile(ctx(), png, { filename: 'a.png' });
    const served = await ctx().request({
      method: 'GET',
      url: uploaded.json<{ file_url: string }>().file_url,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describeEachDatabase(
  'security headers on an https site',
  (ctx) => {
    it('sends HSTS for a year, subdomains included, on every answer', async () => {
      for (const url of ['/api/health', '/api/admin/events', '/api/nothing']) {
        const response = await ctx().request({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    });
  },
  { env: { PUBLIC_URL: 'https://range.example' } },
);
