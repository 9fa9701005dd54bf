import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { RECOVERY_CODE_COUNT } from '#shared/constants.ts';
import { createKeyedHash } from '../../lib/secrets.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { migrations } from '../../db/migrate.ts';
import { enableTwoFactor, turnOnTwoFactor } from '../../testing/admin-requests.ts';
import { describeEachDatabase } from '../../testing/harness.ts';
import { normaliseRecoveryCode } from './service.ts';

const STEP_MS = 30_000;
const TEST_KEY = 'test-only-totp-key-0123456789abcdefghij';

describeEachDatabase(
  'two-factor login',
  (ctx) => {
    const login = (email: string, password: string, totp_code?: string) =>
      ctx().request({ method: 'POST', url: '/api/admin/login', payload: { email, password, totp_code } });

    it('enrols with a secret and otpauth URI, confirms with a code, and shows 10 recovery codes once', async () => {
      const admin = await ctx().loginAs({ email: 'owner@example.com' });
      const before = await ctx().request({ method: 'GET', url: '/api/admin/me', token: admin.token });
      expect(before.json()).toMatchObject({ two_factor_enabled: false, recovery_codes_remaining: 0 });

      const setup = await ctx().request({ method: 'POST', url: '/api/admin/2fa/setup', token: admin.token });
      const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const parsed = OTPAuth.URI.parse(otpauth_url);
      expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
      expect(parsed.secret.base32).toBe(secret);
      expect(otpauth_url).toContain('owner%40example.com');

      // Not on until confirmed: a password alone still signs in.
      expect((await login(admin.email, admin.password)).statusCode).toBe(200);
      const wrong = await enableTwoFactor(ctx(), admin.token, '000000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ detail: string }>().detail).toContain('2FA');

      const code = OTPAuth.TOTP.generate({
        secret: OTPAuth.Secret.fromBase32(secret),
        timestamp: ctx().clock.now(),
      });
      const enabled = await enableTwoFactor(ctx(), admin.token, code);
      expect(enabled.statusCode).toBe(200);
      const codes = enabled.json<{ recovery_codes: string[] }>().recovery_codes;
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      // 16 characters of a 32-symbol alphabet: 80 bits each.
      for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);

      const me = await ctx().request({ method: 'GET', url: '/api/admin/me', token: admin.token });
      expect(me.json()).toMatchObject({
        two_factor_enabled: true,
        recovery_codes_remaining: RECOVERY_CODE_COUNT,
      });
      expect(me.body).not.toContain(secret);

      // The secret is never handed out again once enrolment is done.
      const again = await ctx().request({ method: 'POST', url: '/api/admin/2fa/setup', token: admin.token });
      expect(again.statusCode).toBe(409);
      expect(again.body).not.toContain(secret);

      // Stored encrypted (TOTP_ENCRYPTION_KEY is set for this suite); recovery codes only as hashes.
      const stored = await ctx().db.selectFrom('admin_totp').select('secret').executeTakeFirstOrThrow();
      expect(stored.secret).toMatch(/^v1:/);
      expect(stored.secret).not.toContain(secret);
      // Recovery codes only as HMAC-SHA-256 under the server key: a copy of the database alone
      // cannot test guesses.
      const hashes = (await ctx().db.selectFrom('admin_recovery_codes').select('code_hash').execute()).map(
        (row) => row.code_hash,
      );
      const keyed = createKeyedHash(TEST_KEY, 'recovery-codes');
      expect(hashes.sort()).toEqual(codes.map((c) => keyed(c.replaceAll('-', ''))).sort());
      for (const c of codes) {
        expect(hashes).not.toContain(createHash('sha256').update(c.replaceAll('-', '')).digest('hex'));
        expect(JSON.stringify(hashes)).not.toContain(c.replaceAll('-', ''));
      }
    });

    it('login needs the code: missing → 401 naming 2FA, wrong → 401, right → 200, replay → 401', async () => {
      const admin = await ctx().loginAs();
      const { code } = await turnOnTwoFactor(ctx(), admin.token);
      ctx().clock.advance(STEP_MS); // the enrolment code's step is spent

      const missing = await login(admin.email, admin.password);
      expect(missing.statusCode).toBe(401);
      expect(missing.json<{ detail: string }>().detail).toContain('2FA');

      const wrong = await login(admin.email, admin.password, code() === '123456' ? '654321' : '123456');
      expect(wrong.statusCode).toBe(401);

      // A right code with a wrong password is still "invalid email or password".
      const badPassword = await login(admin.email, 'not the password', code());
      expect(badPassword.statusCode).toBe(401);
      expect(badPassword.json<{ detail: string }>().detail).not.toContain('2FA');

      const current = code();
      const ok = await login(admin.email, admin.password, current);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toHaveProperty('access_token');

      const replay = await login(admin.email, admin.password, current);
      expect(replay.statusCode).toBe(401);
      // An older step than the last one used is refused too.
      expect((await login(admin.email, admin.password, code(-STEP_MS))).statusCode).toBe(401);
    });

    it('allows one time step of clock drift either way, not two', async () => {
      const admin = await ctx().loginAs();
      const { code } = await turnOnTwoFactor(ctx(), admin.token);
      ctx().clock.advance(10 * STEP_MS);

      expect((await login(admin.email, admin.password, code(-2 * STEP_MS))).statusCode).toBe(401);
      expect((await login(admin.email, admin.password, code(-STEP_MS))).statusCode).toBe(200);
      expect((await login(admin.email, admin.password, code(STEP_MS))).statusCode).toBe(200);
      ctx().clock.advance(10 * STEP_MS);
      expect((await login(admin.email, admin.password, code(2 * STEP_MS))).statusCode).toBe(401);
    });

    it('a recovery code signs in once, in any case and without its dash', async () => {
      const admin = await ctx().loginAs();
      const { recoveryCodes } = await turnOnTwoFactor(ctx(), admin.token);
      const [first, second] = recoveryCodes as [string, string];

      const ok = await login(admin.email, admin.password, first);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await login(admin.email, admin.password, first)).statusCode).toBe(401);

      const loose = await login(admin.email, admin.password, second.replaceAll('-', '').toUpperCase());
      expect(loose.statusCode, loose.body).toBe(200);

      const me = await ctx().request({
        method: 'GET',
        url: '/api/admin/me',
        token: ok.json<{ access_token: string }>().access_token,
      });
      expect(me.json()).toMatchObject({ recovery_codes_remaining: RECOVERY_CODE_COUNT - 2 });
      const audit = await ctx()
        .db.selectFrom('audit_log')
        .select('action')
        .where('action', '=', '2fa.recovery_code_used')
        .execute();
      expect(audit).toHaveLength(2);
    });

    it('turning 2FA off needs the password and a code; then the password alone signs in', async () => {
      const admin = await ctx().loginAs();
      const { code } = await turnOnTwoFactor(ctx(), admin.token);
      ctx().clock.advance(STEP_MS);
      const disable = (payload: object) =>
        ctx().request({ method: 'POST', url: '/api/admin/2fa/disable', token: admin.token, payload });

      const wrongPassword = await disable({ password: 'wrong password', code: code() });
      expect(wrongPassword.statusCode).toBe(400);
      const wrongCode = await disable({
        password: admin.password,
        code: '000000' === code() ? '111111' : '000000',
      });
      expect(wrongCode.statusCode).toBe(400);
      expect((await login(admin.email, admin.password)).statusCode).toBe(401);

      const ok = await disable({ password: admin.password, code: code() });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await login(admin.email, admin.password)).statusCode).toBe(200);
      expect(await ctx().db.selectFrom('admin_recovery_codes').selectAll().execute()).toEqual([]);

      const actions = (await ctx().db.selectFrom('audit_log').select('action').orderBy('id').execute()).map(
        (e) => e.action,
      );
      expect(actions).toContain('2fa.enabled');
      expect(actions).toContain('2fa.disabled');
    });

    it('new recovery codes replace the old ones', async () => {
      const admin = await ctx().loginAs();
      const { code, recoveryCodes } = await turnOnTwoFactor(ctx(), admin.token);
      ctx().clock.advance(STEP_MS);
      const response = await ctx().request({
        method: 'POST',
        url: '/api/admin/2fa/recovery-codes',
        token: admin.token,
        payload: { code: code() },
      });
      expect(response.statusCode, response.body).toBe(200);
      const fresh = response.json<{ recovery_codes: string[] }>().recovery_codes;
      expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
      expect((await login(admin.email, admin.password, recoveryCodes[0])).statusCode).toBe(401);
      expect((await login(admin.email, admin.password, fresh[0])).statusCode).toBe(200);
    });

    it('encrypts secrets older versions stored in plain text at start, once, and they keep working', async () => {
      const admin = await ctx().loginAs();
      const secret = new OTPAuth.Secret({ size: 20 });
      await ctx()
        .db.insertInto('admin_totp')
        .values({
          admin_id: admin.id,
          secret: `plain:${secret.base32}`,
          enabled: 1,
          last_used_step: null,
          created_at: ctx().clock.now(),
          enabled_at: ctx().clock.now(),
        })
        .execute();

      expect(await ctx().services.twoFactor.encryptStoredSecrets()).toEqual({ encrypted: 1, unreadable: 0 });
      const stored = await ctx().db.selectFrom('admin_totp').select('secret').executeTakeFirstOrThrow();
      expect(stored.secret).toMatch(/^v1:/);
      expect(stored.secret).not.toContain(secret.base32);
      expect(await ctx().services.twoFactor.encryptStoredSecrets()).toEqual({ encrypted: 0, unreadable: 0 });

      const code = OTPAuth.TOTP.generate({ secret, timestamp: ctx().clock.now() });
      expect((await login(admin.email, admin.password, code)).statusCode).toBe(200);
    });

    it('counts stored secrets the key cannot open (a lost or mixed-up key), so the start can refuse', async () => {
      const admin = await ctx().loginAs();
      await turnOnTwoFactor(ctx(), admin.token);
      const other = await ctx().loginAs();
      await ctx()
        .db.insertInto('admin_totp')
        .values({
          admin_id: other.id,
          secret: createSecretBox('another-key-entirely-0123456789abcdef').seal('JBSWY3DPEHPK3PXP'),
          enabled: 1,
          last_used_step: null,
          created_at: ctx().clock.now(),
          enabled_at: ctx().clock.now(),
        })
        .execute();
      expect(await ctx().services.twoFactor.encryptStoredSecrets()).toEqual({ encrypted: 0, unreadable: 1 });
    });

    it('migration 0005 revokes the old SHA-256 recovery codes, with an audit entry per admin', async () => {
      const admin = await ctx().loginAs();
      const { recoveryCodes } = await turnOnTwoFactor(ctx(), admin.token);
      // As an older version stored them: bare SHA-256 of a ~50-bit code.
      await ctx().db.deleteFrom('admin_recovery_codes').execute();
      const legacy = ['abcde-fghjk', 'mnpqr-stuvw'];
      await ctx()
        .db.insertInto('admin_recovery_codes')
        .values(
          legacy.map((code, i) => ({
            admin_id: admin.id,
            code_hash: createHash('sha256')
              .update(`recovery:${code.replace('-', '')}`)
              .digest('hex'),
            created_at: ctx().clock.now(),
            used_at: i === 0 ? ctx().clock.now() : null,
          })),
        )
        .execute();

      await migrations['0005-revoke-legacy-recovery-codes']!.up(ctx().db);

      expect(await ctx().db.selectFrom('admin_recovery_codes').selectAll().execute()).toEqual([]);
      const entries = await ctx()
        .db.selectFrom('audit_log')
        .select(['admin_id', 'actor', 'detail'])
        .where('action', '=', '2fa.recovery_codes_revoked')
        .execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ admin_id: admin.id, actor: admin.email });
      expect(JSON.parse(entries[0]!.detail!)).toMatchObject({ unused: 1 });
      const me = await ctx().request({ method: 'GET', url: '/api/admin/me', token: admin.token });
      expect(me.json()).toMatchObject({ two_factor_enabled: true, recovery_codes_remaining: 0 });
      expect((await login(admin.email, admin.password, recoveryCodes[0])).statusCode).toBe(401);
    });

    it('wrong codes count towards the brute-force lock like wrong passwords', async () => {
      const admin = await ctx().loginAs();
      const { code } = await turnOnTwoFactor(ctx(), admin.token);
      ctx().clock.advance(STEP_MS);
      const wrong = code() === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1)
        expect((await login(admin.email, admin.password, wrong)).statusCode).toBe(401);
      const locked = await login(admin.email, admin.password, code());
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBeDefined();
    });
  },
  { env: { TOTP_ENCRYPTION_KEY: TEST_KEY } },
);

describe('recovery codes typed back', () => {
  it('ignore case, dashes and spaces, and read O as 0 and I or L as 1', () => {
    expect(normaliseRecoveryCode(' 7GK2-QOXM 3hzd-9VLC ')).toBe('7gk2q0xm3hzd9v1c');
    expect(normaliseRecoveryCode('7gk2-q0xm-3hzd-9vic')).toBe('7gk2q0xm3hzd9v1c');
  });
});
