// /api/availability is limited per client address like the other public endpoints (issue 35 item 6,
// decision 0460): a script asking over and over gets 429 with Retry-After, another address is not
// held back, and the next minute the address is answered again.
import { expect, it } from 'vitest';
import { AVAILABILITY_LIMIT } from '#shared/constants.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

describeEachDatabase('availability rate limit', (ctx) => {
  const ask = (remoteAddress: string) =>
    ctx().request({ method: 'GET', url: '/api/availability?from=2026-06-15&to=2027-06-15', remoteAddress });

  it('answers 429 with Retry-After past the limit of one address, and only that address', async () => {
    for (let i = 0; i < AVAILABILITY_LIMIT.perAddressPerMinute; i += 1)
      expect((await ask('203.0.113.7')).statusCode).toBe(200);
    const refused = await ask('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      detail: 'Too many availability requests from your address. Please try again in a minute.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask('203.0.113.8')).statusCode).toBe(200);
    ctx().clock.advance(60_000);
    expect((await ask('203.0.113.7')).statusCode).toBe(200);
  });
});
