import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { startSmtpTestServer } from '../../testing/smtp-test-server.ts';
import { ALTCHA_CHALLENGE_TTL_MS, createCaptcha } from './captcha.ts';

const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());

const valid = {
  name: 'Sam Smith',
  email: 'sam@example.com',
  organisation: 'Acme Events',
  message: 'Could you come to our summer fair?',
};

const submit = (ctx: TestContext, recaptchaToken: unknown, extra: Record<string, unknown> = {}) =>
  ctx.request({ method: 'POST', url: '/api/enquiries', payload: { ...valid, recaptchaToken, ...extra } });

const count = async (ctx: TestContext) =>
  (await ctx.db.selectFrom('enquiries').select('id').execute()).length;

/** What the ALTCHA widget does: fetch a challenge, solve it, send base64 JSON as recaptchaToken. */
async function solvedToken(ctx: TestContext): Promise<{ token: string; challenge: Challenge }> {
  const response = await ctx.request({ method: 'GET', url: '/api/captcha/challenge' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return { token: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'), challenge };
}

const PERSON_FILL_TIME_MS = 20_000;

describeEachDatabase(
  'enquiry captcha: altcha',
  (ctx) => {
    // The ALTCHA library also checks expiry against the real clock, so the test clock starts at real time.
    const realTime = () => ctx().clock.set(Date.now());

    it('accepts a solved challenge once; a replay is refused and stores nothing', async () => {
      realTime();
      const { token } = await solvedToken(ctx());
      ctx().clock.advance(PERSON_FILL_TIME_MS);
      const first = await submit(ctx(), token);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ success: true });
      const replay = await submit(ctx(), token);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({
        detail: expect.stringContaining('already used'),
        code: 'CAPTCHA_FAILED',
      });
      const stored = await ctx().db.selectFrom('enquiries').select(['status']).execute();
      expect(stored).toEqual([{ status: 'new' }]);
      await ctx().services.enquiries.settled();
    });

    it('refuses a missing, malformed, tampered or wrongly solved token with 400 and stores nothing', async () => {
      realTime();
      const { challenge } = await solvedToken(ctx());
      const solution = await solveChallenge({ challenge, deriveKey });
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
      const tampered = { ...challenge, parameters: { ...challenge.parameters, data: { issued_at: 1 } } };
      const cases: unknown[] = [
        undefined,
        null,
        '',
        'not-base64-json',
        encode({ challenge }),
        encode({ challenge: tampered, solution }),
        encode({ challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } }),
      ];
      ctx().clock.advance(PERSON_FILL_TIME_MS);
      for (const token of cases) {
        const response = await submit(ctx(), token);
        expect(response.statusCode, String(token).slice(0, 40)).toBe(400);
        expect(response.json()).toEqual({
          detail: 'Verification failed. Please try again in a moment.',
          code: 'CAPTCHA_FAILED',
        });
      }
      expect(await count(ctx())).toBe(0);
    });

    it('refuses a solution after its challenge expired', async () => {
      realTime();
      const { token } = await solvedToken(ctx());
      ctx().clock.advance(ALTCHA_CHALLENGE_TTL_MS + 1000);
      const response = await submit(ctx(), token);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain('expired');
      expect(await count(ctx())).toBe(0);
    });

    it('marks a form sent faster than a person could fill it as spam, quietly', async () => {
      realTime();
      const before = smtp.received.length;
      const { token } = await solvedToken(ctx());
      ctx().clock.advance(1000);
      const response = await submit(ctx(), token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      await ctx().services.enquiries.settled();
      const stored = await ctx()
        .db.selectFrom('enquiries')
        .select(['status', 'spam_reason', 'notify_pending'])
        .execute();
      expect(stored).toEqual([{ status: 'spam', spam_reason: 'too_fast', notify_pending: 0 }]);
      expect(smtp.received.length).toBe(before);
    });

    it('generates the signing key once and shares it through the database', async () => {
      const { db, clock } = ctx();
      const config = { ...ctx().config.captcha, altchaHmacKey: undefined };
      const first = createCaptcha(config, db, clock);
      const second = createCaptcha(config, db, clock);
      clock.set(Date.now());
      const challenge = await first.challenge();
      const solution = await solveChallenge({ challenge, deriveKey });
      clock.advance(PERSON_FILL_TIME_MS);
      // Verified by another "instance" that never issued it.
      const pass = await second.verify(
        Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      );
      expect(pass.replay?.signature).toBe(challenge.signature);
      const keys = await db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', 'altcha_hmac_key')
        .execute();
      expect(keys).toHaveLength(1);
      expect(keys[0]!.value.length).toBeGreaterThanOrEqual(43);

      // A configured key is used as is and never stored.
      await db.deleteFrom('app_meta').execute();
      const configured = createCaptcha({ ...config, altchaHmacKey: 'k'.repeat(40) }, db, clock);
      await configured.challenge();
      expect(await db.selectFrom('app_meta').select('key').execute()).toEqual([]);
      await expect(
        configured.verify(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')),
      ).rejects.toMatchObject({ statusCode: 400 });
    });

    it('hands one address (an IPv6 /64 counts as one) 30 challenges a minute, then 429', async () => {
      const challenge = (remoteAddress: string) =>
        ctx().request({ method: 'GET', url: '/api/captcha/challenge', remoteAddress });
      for (let i = 0; i < 30; i += 1)
        expect((await challenge(`2001:db8:5:6::${(i + 1).toString(16)}`)).statusCode).toBe(200);
      const refused = await challenge('2001:db8:5:6::abcd');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        detail: expect.stringContaining('Too many verification requests'),
        code: 'RATE_LIMITED',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await challenge('2001:db8:5:7::1')).statusCode).toBe(200);
      ctx().clock.advance(60_000);
      expect((await challenge('2001:db8:5:6::1')).statusCode).toBe(200);
    });

    it('tells the form which captcha to show', async () => {
      const response = await ctx().request({ method: 'GET', url: '/api/captcha/config' });
      expect(response.json()).toEqual({
        provider: 'altcha',
        challenge_url: '/api/captcha/challenge',
        site_key: null,
        action: null,
        honeypot_field: 'website',
      });
    });
  },
  // An easy puzzle keeps the tests quick; production uses ENQUIRY_DEFAULTS.altchaMaxNumber.
  {
    env: {
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_MAX_NUMBER: '50',
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'bookings@range.test',
      ENQUIRY_RATE_LIMIT_MAX: '1000',
    },
  },
);

// A local stand-in for Google's siteverify: token → answer.
const siteverifyCalls: URLSearchParams[] = [];
const usedOnce = new Set<string>();
const ANSWERS: Record<string, Record<string, unknown>> = {
  good: { success: true, score: 0.9, action: 'enquiry', hostname: 'range.test' },
  'low-score': { success: true, score: 0.3, action: 'enquiry', hostname: 'range.test' },
  'wrong-action': { success: true, score: 0.9, action: 'login', hostname: 'range.test' },
  'wrong-host': { success: true, score: 0.9, action: 'enquiry', hostname: 'evil.example' },
  'no-score': { success: true, action: 'enquiry', hostname: 'range.test' },
  invalid: { success: false, 'error-codes': ['invalid-input-response'] },
};
const siteverify = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const form = new URLSearchParams(body);
    siteverifyCalls.push(form);
    const token = form.get('response') ?? '';
    if (token === 'google-down') {
      response.writeHead(500).end('oops');
      return;
    }
    let answer = ANSWERS[token] ?? { success: false, 'error-codes': ['invalid-input-response'] };
    if (token.startsWith('once-')) {
      // Google refuses a token it has seen before.
      answer = usedOnce.has(token)
        ? { success: false, 'error-codes': ['timeout-or-duplicate'] }
        : ANSWERS.good!;
      usedOnce.add(token);
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
});
await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
afterAll(async () => new Promise<void>((resolve) => siteverify.close(() => resolve())));
const siteverifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/recaptcha/api/siteverify`;

describeEachDatabase(
  'enquiry captcha: recaptcha',
  (ctx) => {
    it('accepts a token Google vouches for, sending the secret key', async () => {
      const before = siteverifyCalls.length;
      const response = await submit(ctx(), 'good');
      expect(response.statusCode, response.body).toBe(200);
      expect(await count(ctx())).toBe(1);
      expect(siteverifyCalls[before]?.get('secret')).toBe('test-secret');
      expect(siteverifyCalls[before]?.get('response')).toBe('good');
      await ctx().services.enquiries.settled();
    });

    it('refuses failed, low-score, wrong-action, wrong-host and missing tokens with 400', async () => {
      for (const token of ['invalid', 'low-score', 'wrong-action', 'wrong-host', 'no-score', undefined, '']) {
        const response = await submit(ctx(), token);
        expect(response.statusCode, String(token)).toBe(400);
        expect(response.json()).toEqual({
          detail: 'Verification failed. Please try again in a moment.',
          code: 'CAPTCHA_FAILED',
        });
      }
      expect(await count(ctx())).toBe(0);
    });

    it('refuses a replayed token', async () => {
      const token = `once-${ctx().dialect}`;
      expect((await submit(ctx(), token)).statusCode).toBe(200);
      expect((await submit(ctx(), token)).statusCode).toBe(400);
      expect(await count(ctx())).toBe(1);
      await ctx().services.enquiries.settled();
    });

    it('answers 503 when Google cannot be asked, storing nothing', async () => {
      const response = await submit(ctx(), 'google-down');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: expect.stringContaining('try again'),
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(await count(ctx())).toBe(0);
    });

    it('tells the form the site key and action', async () => {
      const response = await ctx().request({ method: 'GET', url: '/api/captcha/config' });
      expect(response.json()).toMatchObject({
        provider: 'recaptcha',
        site_key: 'site-key',
        action: 'enquiry',
        challenge_url: null,
      });
    });
  },
  {
    env: {
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET_KEY: 'test-secret',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_VERIFY_URL: siteverifyUrl,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'bookings@range.test',
      ENQUIRY_RATE_LIMIT_MAX: '1000',
    },
  },
);
