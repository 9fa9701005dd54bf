import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/harness.ts';
import { withoutNul } from './strip-nul-characters.ts';

describeEachDatabase('NUL characters in request bodies', (ctx) => {
  it('an admin text with a NUL is stored without it, on PostgreSQL as on SQLite', async () => {
    const { token } = await ctx().loginAs();
    const response = await ctx().request({
      method: 'POST',
      url: '/api/admin/testimonials',
      token,
      payload: {
        client_name: 'Sam\u0000',
        company: 'Ac\u0000me',
        testimonial_text: 'Great\u0000 day',
        rating: 5,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      client_name: 'Sam',
      company: 'Acme',
      testimonial_text: 'Great day',
    });
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
  expect(withoutNul(body)).toEqual({ a: 'xy', list: ['', 1, null, { deep: ['pq'] }], n: 5, ok: 'tab\tkept' });
  expect(withoutNul('\u0000only\u0000')).toBe('only');
  expect(withoutNul(42)).toBe(42);
  const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`) as unknown;
  expect(() => withoutNul(deep)).not.toThrow();
});
