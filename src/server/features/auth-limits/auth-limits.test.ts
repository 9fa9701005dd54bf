import fs from 'node:fs';
import { beforeEach, expect, it } from 'vitest';
import { confirmPasswordReset, requestPasswordReset, turnOnTwoFactor } from '../../testing/admin-requests.ts';
import { describeEachDatabase } from '../../testing/harness.ts';
import { decodeQuotedPrintable } from '../../testing/smtp-test-server.ts';
import { createAuthLimitsService } from './service.ts';

const MINUTE = 60_000;
const ATTACKER = '203.0.113.7';
const OWNER_HOME = '198.51.100.20';

describeEachDatabase('brute-force limits', (ctx) => {
  const login = (
    email: string,
    password: string,
    options: { ip?: string; url?: string; headers?: Record<string, string>; extra?: object } = {},
  ) =>
    ctx().request({
      method: 'POST',
      url: options.url ?? '/api/admin/login',
      remoteAddress: options.ip ?? ATTACKER,
      headers: options.headers,
      payload: { email, password, ...options.extra },
    });

  /** Messages written to the outbox (SMTP_URL is unset in this suite), oldest first. */
  const outbox = () => {
    const dir = ctx().config.outboxDir;
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .sort()
      .map((f) => decodeQuotedPrintable(fs.readFileSync(`${dir}/${f}`, 'utf8')));
  };
  // The outbox directory outlives the per-test table truncation.
  beforeEach(() => fs.rmSync(ctx().config.outboxDir, { recursive: true, force: true }));

  async function lockPair(email: string) {
    for (let i = 0; i < 5; i += 1) expect((await login(email, `wrong ${i}`)).statusCode).toBe(401);
  }

  it('5 failures lock that account from that address for 15 minutes, even for the right password; elsewhere the owner gets in', async () => {
    const owner = await ctx().loginAs();
    await lockPair(owner.email);

    const locked = await login(owner.email, owner.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      detail: expect.stringContaining('Too many failed attempts'),
      code: 'RATE_LIMITED',
    });
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);

    // The pair lock keeps an attacker from locking the owner out from elsewhere.
    expect((await login(owner.email, owner.password, { ip: OWNER_HOME })).statusCode).toBe(200);

    ctx().clock.advance(14 * MINUTE);
    const still = await login(owner.email, owner.password);
    expect(still.statusCode).toBe(429);
    expect(Number(still.headers['retry-after'])).toBe(60);
    ctx().clock.advance(MINUTE);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('200 wrong passwords in a minute from one address end in 429s that hold for the whole block', async () => {
    const owner = await ctx().loginAs();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      // Rotating accounts (like a password spray) so only the per-address limit can stop it.
      const email = i % 10 === 0 ? owner.email : `victim${i}@example.com`;
      statuses.push((await login(email, `guess number ${i}`)).statusCode);
      if (i % 4 === 3) ctx().clock.advance(1000);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);

    // The block covers every account from that address, the right password included, for 15 minutes.
    ctx().clock.advance(13 * MINUTE);
    expect((await login(owner.email, owner.password)).statusCode).toBe(429);
    expect((await login('someone@example.com', 'whatever')).statusCode).toBe(429);
    ctx().clock.advance(2 * MINUTE);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);

    const lockouts = await ctx()
      .db.selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'lockout')
      .execute();
    expect(lockouts.some((l) => l.detail?.includes('"scope":"address"'))).toBe(true);
  });

  it('cannot be reset by path variants, extra fields, e-mail spelling, spoofed X-Forwarded-For or another address in the same IPv6 /64', async () => {
    const owner = await ctx().loginAs({ email: 'owner@example.com' });
    await lockPair(owner.email);

    const variants: { name: string; run: () => ReturnType<typeof login> }[] = [
      { name: 'upper-case e-mail with spaces', run: () => login('  OWNER@Example.COM ', owner.password) },
      {
        name: 'extra body fields',
        run: () => login(owner.email, owner.password, { extra: { nonce: Math.random(), totp_code: '' } }),
      },
      {
        name: 'query string',
        run: () => login(owner.email, owner.password, { url: '/api/admin/login?x=1' }),
      },
      {
        name: 'spoofed X-Forwarded-For',
        run: () => login(owner.email, owner.password, { headers: { 'x-forwarded-for': '192.0.2.99' } }),
      },
      {
        name: 'X-Real-IP',
        run: () => login(owner.email, owner.password, { headers: { 'x-real-ip': '192.0.2.98' } }),
      },
      { name: 'trailing slash', run: () => login(owner.email, owner.password, { url: '/api/admin/login/' }) },
      { name: 'path case', run: () => login(owner.email, owner.password, { url: '/API/ADMIN/LOGIN' }) },
      { name: 'double slash', run: () => login(owner.email, owner.password, { url: '/api/admin//login' }) },
      { name: 'encoded path', run: () => login(owner.email, owner.password, { url: '/api/admin/%6cogin' }) },
    ];
    for (const variant of variants) {
      const response = await variant.run();
      // Either the same lock answers, or the variant is not the login route at all: never a session.
      expect(response.statusCode, variant.name).not.toBe(200);
      expect(response.body, variant.name).not.toContain('access_token');
    }

    // IPv6: one subscriber's /64 counts as one address; IPv4-mapped IPv6 is the IPv4 address.
    const v6 = 'victim6@example.com';
    for (let i = 1; i <= 5; i += 1) await login(v6, 'wrong', { ip: `2001:db8:1:2::${i}` });
    expect((await login(v6, 'wrong', { ip: '2001:db8:1:2:ffff:ffff:ffff:fffe' })).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, { ip: `::ffff:${ATTACKER}` })).statusCode).toBe(429);
  });

  it('100 failures for one account from many addresses lock it everywhere for an hour and e-mail the owner', async () => {
    const owner = await ctx().loginAs({ email: 'owner@example.com' });
    // 99 earlier failures in this hour's count, written directly (hashing 99 passwords proves nothing
    // more); the sign-in above left the account's counter at 0.
    const earlier = { window_started_at: ctx().clock.now() - 50 * MINUTE, attempts: 99 };
    await ctx()
      .db.insertInto('auth_attempts')
      .values({ key: 'account|login|owner@example.com', locked_until: null, ...earlier })
      .onConflict((oc) => oc.column('key').doUpdateSet(earlier))
      .execute();

    expect((await login(owner.email, 'the hundredth guess', { ip: '192.0.2.100' })).statusCode).toBe(401);
    const everywhere = await login(owner.email, owner.password, { ip: OWNER_HOME });
    expect(everywhere.statusCode).toBe(429);
    expect(Number(everywhere.headers['retry-after'])).toBe(60 * 60);

    await ctx().services.background.settled();
    const mails = outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: owner@example\.com$/m);
    expect(mails[0]).toMatch(/^Subject: .*locked/m);

    ctx().clock.advance(60 * MINUTE);
    expect((await login(owner.email, owner.password, { ip: OWNER_HOME })).statusCode).toBe(200);
  });

  it('a failure older than the window no longer counts', async () => {
    const owner = await ctx().loginAs();
    for (let i = 0; i < 4; i += 1) await login(owner.email, 'wrong');
    ctx().clock.advance(15 * MINUTE + 1);
    expect((await login(owner.email, 'wrong')).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('a successful login forgives earlier typos from that address', async () => {
    const owner = await ctx().loginAs();
    for (let i = 0; i < 4; i += 1) await login(owner.email, 'typo');
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(owner.email, 'typo again')).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('attempts that are not failures are given back: sign-ins, "2FA code required", a right current password', async () => {
    const owner = await ctx().loginAs();
    // More successes than the address allows failures.
    for (let i = 0; i < 25; i += 1) expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    for (let i = 0; i < 6; i += 1) {
      const change = await ctx().request({
        method: 'POST',
        url: '/api/admin/change-password',
        remoteAddress: ATTACKER,
        token: owner.token,
        // Right current password, refused new one: the check passed, so it is not a guess.
        payload: { current_password: owner.password, new_password: owner.password },
      });
      expect(change.statusCode).toBe(400);
      expect(change.json<{ detail: string }>().detail).toContain('different');
    }
    await turnOnTwoFactor(ctx(), owner.token);
    // More "code required" answers than the pair allows failures.
    for (let i = 0; i < 6; i += 1) {
      const asked = await login(owner.email, owner.password);
      expect(asked.statusCode).toBe(401);
      expect(asked.json<{ detail: string }>().detail).toContain('2FA');
    }

    // None of it counted: five typos are still answered, and only then is the pair locked.
    for (let i = 0; i < 5; i += 1) expect((await login(owner.email, `typo ${i}`)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(429);
  });

  it('reset requests: 5 per account and address, answered alike for unknown accounts', async () => {
    await ctx().loginAs({ email: 'owner@example.com' });
    for (const email of ['owner@example.com', 'nobody@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await requestPasswordReset(ctx(), email, { remoteAddress: ATTACKER })).statusCode);
      }
      expect(statuses, email).toEqual([200, 200, 200, 200, 200, 429]);
    }
    await ctx().services.passwordReset.settled();
    // Only five e-mails went out to the real account, however often it was asked.
    expect(outbox()).toHaveLength(5);
  });

  it('reset confirm: 5 bad tokens from one address lock it, even for a valid token', async () => {
    const owner = await ctx().loginAs();
    await requestPasswordReset(ctx(), owner.email);
    await ctx().services.passwordReset.settled();
    const [mail] = outbox();
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1] ?? 'missing';

    const confirm = (t: string) => confirmPasswordReset(ctx(), t, 'a fresh passphrase', ATTACKER);
    for (let i = 0; i < 5; i += 1) expect((await confirm(`guess${i}`.padEnd(43, 'x'))).statusCode).toBe(400);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await confirm(token)).statusCode).toBe(429);
    // The token was good all along: once the block ends it works.
    ctx().clock.advance(15 * MINUTE);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('counters live in the database, so another instance sees the same lock', async () => {
    const owner = await ctx().loginAs();
    await lockPair(owner.email);
    const otherInstance = createAuthLimitsService(ctx().db, ctx().clock, ctx().config.authLimits, {
      warn: () => undefined,
    });
    const fromAttacker = await otherInstance.claim({ action: 'login', ip: ATTACKER, account: owner.email });
    expect(fromAttacker).toMatchObject({ allowed: false, refusal: { statusCode: 429 } });
    const fromHome = await otherInstance.claim({ action: 'login', ip: OWNER_HOME, account: owner.email });
    expect(fromHome).toMatchObject({ allowed: true });
  });
});

describeEachDatabase(
  'brute-force limits behind a trusted proxy',
  (ctx) => {
    it('with TRUST_PROXY the forwarded client address is the key', async () => {
      const owner = await ctx().loginAs();
      const from = (client: string, password: string) =>
        ctx().request({
          method: 'POST',
          url: '/api/admin/login',
          headers: { 'x-forwarded-for': client },
          payload: { email: owner.email, password },
        });
      for (let i = 0; i < 5; i += 1) await from(ATTACKER, 'wrong');
      expect((await from(ATTACKER, owner.password)).statusCode).toBe(429);
      expect((await from(OWNER_HOME, owner.password)).statusCode).toBe(200);
    });
  },
  { env: { TRUST_PROXY: '1' } },
);
