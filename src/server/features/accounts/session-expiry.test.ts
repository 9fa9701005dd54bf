// The 12-hour limit on its own: a session that is never idle for 30 minutes must still end 12 hours
// after login (docs/product.md#sign-in).
import { expect, it } from 'vitest';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '#shared/constants.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

const MINUTE = 60 * 1000;
// Well inside the idle window, so only the absolute limit can end the session.
const STEP = 10 * MINUTE;

describeEachDatabase('absolute session expiry', (ctx) => {
  const me = (token: string) => ctx().request({ method: 'GET', url: '/api/admin/me', token });

  it('ends a session kept busy every 10 minutes once 12 hours have passed since login', async () => {
    expect(STEP).toBeLessThan(SESSION_IDLE_TIMEOUT_MS);
    const { token } = await ctx().loginAs();
    const loggedInAt = ctx().clock.now();
    const lastMinute = loggedInAt + SESSION_ABSOLUTE_TIMEOUT_MS - MINUTE;

    let requests = 0;
    while (ctx().clock.now() + STEP <= lastMinute) {
      ctx().clock.advance(STEP);
      expect((await me(token)).statusCode, `after ${requests + 1} steps`).toBe(200);
      requests += 1;
    }
    // One minute before the limit the session still works…
    ctx().clock.set(lastMinute);
    expect((await me(token)).statusCode).toBe(200);
    // …two minutes later it has ended, although the last request was only two minutes ago.
    ctx().clock.advance(2 * MINUTE);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: expect.any(String), code: ERROR_CODES.unauthorized });
    expect(requests).toBeGreaterThan(60);

    // The ended session is gone, not merely refused: going back in time does not revive it.
    ctx().clock.set(loggedInAt + MINUTE);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('counts from login, not from the last request: a fresh login gets a full 12 hours', async () => {
    const first = await ctx().loginAs();
    const firstEnds = ctx().clock.now() + SESSION_ABSOLUTE_TIMEOUT_MS;
    const secondLogin = ctx().clock.now() + 6 * 60 * MINUTE;
    while (ctx().clock.now() < secondLogin) {
      ctx().clock.advance(STEP);
      await me(first.token);
    }
    const second = await ctx().loginAs();
    // Keep both busy until just past the first session's 12 hours.
    while (ctx().clock.now() <= firstEnds) {
      ctx().clock.advance(STEP);
      await me(first.token);
      expect((await me(second.token)).statusCode).toBe(200);
    }
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(200);
  });
});
