import { afterAll, expect, it } from 'vitest';
import { RESET_LINK_EXPIRY_MS } from '#shared/constants.ts';
import { hashToken } from '../../lib/secrets.ts';
import { confirmPasswordReset, requestPasswordReset, turnOnTwoFactor } from '../../testing/admin-requests.ts';
import { describeEachDatabase } from '../../testing/harness.ts';
import { decodeQuotedPrintable, startSmtpTestServer } from '../../testing/smtp-test-server.ts';
import { RESET_LINK_INVALID, RESET_REQUESTED_MESSAGE } from './service.ts';

// A real SMTP server: the reset e-mail must really leave through SMTP and be readable at the other end.
const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());

const NEW_PASSWORD = 'a brand new passphrase';

const linkIn = (raw: string) => {
  const match = /(\S+)\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
  if (!match) throw new Error('no reset link in the message');
  return { origin: match[1]!, token: match[2]! };
};

describeEachDatabase(
  'password reset',
  (ctx) => {
    /** Requests a reset and returns the token from the e-mail that arrives over SMTP. */
    async function requestToken(email: string, headers: Record<string, string> = {}) {
      const before = smtp.received.length;
      const response = await requestPasswordReset(ctx(), email, { headers });
      expect(response.statusCode, response.body).toBe(200);
      const mail = await smtp.waitForMail(before);
      return { response, mail, ...linkIn(mail.raw) };
    }

    it('e-mails a single-use link built from PUBLIC_URL; confirming signs every session out and signs nobody in', async () => {
      const owner = await ctx().loginAs({ email: 'owner@example.com' });
      const { response, mail, origin, token } = await requestToken('Owner@Example.com ');
      expect(response.json()).toEqual({
        success: true,
        message: RESET_REQUESTED_MESSAGE,
        mail_delivery: 'smtp',
      });
      expect(mail.to).toEqual(['owner@example.com']);
      expect(origin).toBe('http://range.test');
      expect(decodeQuotedPrintable(mail.raw)).toMatch(/^Subject: Reset your .+ admin password$/m);
      // At least 128 random bits (base64url of 32 bytes), stored only as its hash.
      expect(token.length).toBeGreaterThanOrEqual(43);
      const rows = await ctx().db.selectFrom('password_reset_tokens').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(hashToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);

      const confirmed = await confirmPasswordReset(ctx(), token, NEW_PASSWORD);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).not.toHaveProperty('access_token');

      // The session that existed before the reset is gone.
      expect(
        (await ctx().request({ method: 'GET', url: '/api/admin/me', token: owner.token })).statusCode,
      ).toBe(401);
      const oldLogin = await ctx().request({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: owner.email, password: owner.password },
      });
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await ctx().request({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: owner.email, password: NEW_PASSWORD },
      });
      expect(newLogin.statusCode).toBe(200);

      // Single use.
      const again = await confirmPasswordReset(ctx(), token, 'yet another passphrase');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: RESET_LINK_INVALID, code: 'VALIDATION_ERROR' });
    });

    it('answers an unknown address exactly like a known one, and sends nothing', async () => {
      await ctx().loginAs({ email: 'owner@example.com' });
      const before = smtp.received.length;
      const unknown = await requestPasswordReset(ctx(), 'nobody@example.com');
      const known = await requestPasswordReset(ctx(), 'owner@example.com');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
      await ctx().services.passwordReset.settled();
      expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['owner@example.com']]);
    });

    it('answers before the account is looked up or the e-mail is delivered, so timing reveals nothing', async () => {
      await ctx().loginAs({ email: 'owner@example.com' });
      const release = smtp.holdDeliveries();
      try {
        const before = smtp.received.length;
        const response = await requestPasswordReset(ctx(), 'owner@example.com');
        expect(response.statusCode).toBe(200);
        // The response is complete while the SMTP server still holds the message.
        expect(smtp.received.length).toBe(before);
      } finally {
        release();
      }
      await ctx().services.passwordReset.settled();
    });

    it('expires after 1 hour', async () => {
      const owner = await ctx().loginAs();
      const { token } = await requestToken(owner.email);
      ctx().clock.advance(RESET_LINK_EXPIRY_MS);
      const late = await confirmPasswordReset(ctx(), token, NEW_PASSWORD);
      expect(late.statusCode).toBe(400);
      expect(late.json<{ detail: string }>().detail).toBe(RESET_LINK_INVALID);

      const fresh = await requestToken(owner.email);
      ctx().clock.advance(RESET_LINK_EXPIRY_MS - 1000);
      const inTime = await confirmPasswordReset(ctx(), fresh.token, NEW_PASSWORD);
      expect(inTime.statusCode, inTime.body).toBe(200);
    });

    it('a newer request withdraws the older link', async () => {
      const owner = await ctx().loginAs();
      const first = await requestToken(owner.email);
      const second = await requestToken(owner.email);
      expect(second.token).not.toBe(first.token);
      const old = await confirmPasswordReset(ctx(), first.token, NEW_PASSWORD);
      expect(old.statusCode).toBe(400);
      const current = await confirmPasswordReset(ctx(), second.token, NEW_PASSWORD);
      expect(current.statusCode).toBe(200);
    });

    it('ignores Host and forwarded headers when building the link', async () => {
      const owner = await ctx().loginAs();
      const { origin } = await requestToken(owner.email, {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        forwarded: 'host=evil.example;proto=https',
      });
      expect(origin).toBe('http://range.test');
    });

    it('rejects short, overlong and common passwords without spending the link', async () => {
      const owner = await ctx().loginAs();
      const { token } = await requestToken(owner.email);
      for (const [new_password, detail] of [
        ['short', 'at least 8 characters'],
        ['x'.repeat(257), 'at most 256 characters'],
        ['password1', 'too common'],
        ['Qwerty123', 'too common'],
      ] as const) {
        const response = await confirmPasswordReset(ctx(), token, new_password);
        expect(response.statusCode, new_password).toBe(400);
        expect(response.json<{ detail: string }>().detail).toContain(detail);
      }
      const ok = await confirmPasswordReset(ctx(), token, NEW_PASSWORD);
      expect(ok.statusCode).toBe(200);
    });

    it('a made-up token is a 400 the reset screen can show', async () => {
      const response = await confirmPasswordReset(ctx(), 'x'.repeat(43), NEW_PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: RESET_LINK_INVALID, code: 'VALIDATION_ERROR' });
    });

    it('never switches off two-factor login', async () => {
      const owner = await ctx().loginAs();
      await turnOnTwoFactor(ctx(), owner.token);

      const { token } = await requestToken(owner.email);
      expect((await confirmPasswordReset(ctx(), token, NEW_PASSWORD)).statusCode).toBe(200);

      const withoutCode = await ctx().request({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: owner.email, password: NEW_PASSWORD },
      });
      expect(withoutCode.statusCode).toBe(401);
      expect(withoutCode.json<{ detail: string }>().detail).toContain('2FA');
    });

    it('records the request and the reset in the audit log', async () => {
      const owner = await ctx().loginAs();
      const { token } = await requestToken(owner.email);
      await confirmPasswordReset(ctx(), token, NEW_PASSWORD);
      const actions = (
        await ctx().db.selectFrom('audit_log').select(['action', 'admin_id']).orderBy('id').execute()
      ).filter((e) => e.action.startsWith('password'));
      expect(actions).toEqual([
        { action: 'password.reset_requested', admin_id: owner.id },
        { action: 'password.reset', admin_id: owner.id },
      ]);
    });
  },
  { env: { SMTP_URL: smtp.url, MAIL_FROM: '"Airsoft Target Range" <no-reply@range.test>' } },
);

describeEachDatabase('password reset without a mail server', (ctx) => {
  it('says the link is only saved as a file, alike for known and unknown addresses', async () => {
    const owner = await ctx().loginAs();
    const answers = await Promise.all(
      [owner.email, 'nobody@example.com'].map((email) => requestPasswordReset(ctx(), email)),
    );
    for (const answer of answers)
      expect(answer.json()).toEqual({
        success: true,
        message: RESET_REQUESTED_MESSAGE,
        mail_delivery: 'outbox',
      });
  });
});
