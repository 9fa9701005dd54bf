import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/harness.ts';
import { cleanBody, wellFormedForwardedFor } from './clean-request-text.ts';

describeEachDatabase('NUL characters in request bodies', (ctx) => {
  it.each([
    [
      'a NUL is removed',
      { client_name: 'Sam\u0000', company: 'Ac\u0000me', testimonial_text: 'Great\u0000 day' },
      { client_name: 'Sam', company: 'Acme', testimonial_text: 'Great day' },
    ],
    [
      'a lone surrogate becomes U+FFFD, layout is kept, other control characters go',
      { client_name: 'Sam\ud800', company: 'Acme\u0007', testimonial_text: 'Great\r\n\tday\u009b' },
      { client_name: 'Sam\ufffd', company: 'Acme', testimonial_text: 'Great\r\n\tday' },
    ],
  ])('an admin text: %s, on PostgreSQL as on SQLite', async (_case, sent, stored) => {
    const { token } = await ctx().loginAs();
    const response = await ctx().request({
      method: 'POST',
      url: '/api/admin/testimonials',
      token,
      payload: { ...sent, rating: 5 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject(stored);
  });

  it('a sign-in e-mail with a NUL is an ordinary wrong sign-in, not a server error', async () => {
    const response = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'nobody\u0000@example.com', password: 'whatever it is' },
    });
    expect(response.statusCode).toBe(401);
  });
});

it('removes NUL from strings at any depth, keeps everything else, and copes with very deep nesting', () => {
  const body = { a: 'x\u0000y', list: ['\u0000', 1, null, { deep: ['p\u0000q'] }], n: 5, ok: 'tab\tkept' };
  expect(cleanBody(body)).toEqual({ a: 'xy', list: ['', 1, null, { deep: ['pq'] }], n: 5, ok: 'tab\tkept' });
  expect(cleanBody('\u0000only\u0000')).toBe('only');
  expect(cleanBody(42)).toBe(42);
  const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`) as unknown;
  expect(() => cleanBody(deep)).not.toThrow();
});

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describeEachDatabase('text from cookies, headers and query values', (ctx) => {
  // Issue 15: this one request stopped every later analytics write on PostgreSQL.
  it.each([
    ['/api/track', { event_type: 'page_view', page: '/' }],
    ['/api/analytics/track', { event_type: 'section_impression', section_name: 'hero', page: '/' }],
  ])(
    'a NUL in the session cookie of %s is removed, and that event and the next are stored',
    async (url, body) => {
      const before = ctx().services.analytics.stats();
      for (const session of ['a%00b', 'c%C2%85d']) {
        const response = await ctx().request({
          method: 'POST',
          url,
          payload: body,
          headers: { cookie: `cookie_consent=true; session_id=${session}`, 'user-agent': `${BROWSER}\u0085` },
        });
        expect(response.statusCode, response.body).toBe(204);
      }
      await ctx().services.analytics.flush();
      const rows = await ctx()
        .db.selectFrom('analytics_events')
        .select(['session_id', 'user_agent'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { session_id: 'ab', user_agent: BROWSER },
        { session_id: 'cd', user_agent: BROWSER },
      ]);
      const after = ctx().services.analytics.stats();
      expect(after.written - before.written).toBe(2);
      expect(after.failed_flushes).toBe(before.failed_flushes);
    },
  );

  it('a NUL in a query value is an ordinary bad request, not a server error', async () => {
    const { token } = await ctx().loginAs();
    const response = await ctx().request({
      method: 'GET',
      url: '/api/admin/data-subject?email=a%00b%40example.com',
      token,
    });
    expect(response.statusCode).toBeLessThan(500);
  });
});

it('keeps only the well-formed addresses at the right of X-Forwarded-For', () => {
  expect(wellFormedForwardedFor('203.0.113.9, 10.0.0.1')).toBe('203.0.113.9, 10.0.0.1');
  expect(wellFormedForwardedFor('<script>, 203.0.113.9')).toBe('203.0.113.9');
  expect(wellFormedForwardedFor('203.0.113.9, nonsense\u0085')).toBe('');
  expect(wellFormedForwardedFor('2001:db8::1,198.51.100.7')).toBe('2001:db8::1, 198.51.100.7');
});

describeEachDatabase(
  'the client address behind a trusted proxy',
  (ctx) => {
    it('is an address even when X-Forwarded-For carries garbage; the audit log keeps that address', async () => {
      const { token } = await ctx().loginAs();
      const response = await ctx().request({
        method: 'POST',
        url: '/api/admin/badges',
        token,
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `${'x'.repeat(5000)}\u0085` },
        payload: { name: 'Safe', badge_url: '/uploads/badge.png' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const rows = await ctx().db.selectFrom('audit_log').select(['action', 'ip']).execute();
      expect(rows.find((row) => row.action.startsWith('POST'))?.ip).toBe('10.0.0.2');
    });
  },
  { env: { TRUST_PROXY: '1' } },
);
