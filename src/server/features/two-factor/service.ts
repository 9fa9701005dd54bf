// Two-factor login with TOTP (RFC 6238: 6 digits, 30 s steps, SHA-1 — what every authenticator app
// supports) and single-use recovery codes. Password checks and rate limits are the caller's
// (accounts service); this service only knows secrets and codes.
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_CODE_LENGTH } from '#shared/constants.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../lib/http-error.ts';
import { hashToken } from '../../lib/secrets.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as repo from './repository.ts';

const PERIOD_SECONDS = 30;
/** ±1 step: a phone clock up to about 30 s off still works. */
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20; // 160 bits, RFC 4226's recommended length
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no look-alikes (0/o, 1/l/i)
const RECOVERY_GROUP = 5;

export type SecondFactor = 'totp' | 'recovery';

const totpFor = (secret: OTPAuth.Secret, label: string, issuer: string) =>
  new OTPAuth.TOTP({
    issuer,
    label,
    secret,
    algorithm: 'SHA1',
    digits: TOTP_CODE_LENGTH,
    period: PERIOD_SECONDS,
  });

/** "abcde-fghjk": 10 characters of a 31-letter alphabet, about 50 bits. */
function newRecoveryCode(): string {
  const chars = Array.from(
    randomBytes(RECOVERY_GROUP * 2),
    (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length],
  ).join('');
  return `${chars.slice(0, RECOVERY_GROUP)}-${chars.slice(RECOVERY_GROUP)}`;
}

/** Codes are compared case- and dash-insensitively, as people retype them from paper. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecoveryCode = (code: string) => hashToken(`recovery:${normaliseRecoveryCode(code)}`);

export const isTotpShaped = (code: string) => new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(code);

export function createTwoFactorService(db: Db, clock: Clock, box: SecretBox, issuer: string) {
  const stepAt = (now: number) => Math.floor(now / 1000 / PERIOD_SECONDS);

  /** The time step a code belongs to (within the drift), or null. */
  function matchingStep(storedSecret: string, code: string): number | null {
    if (!isTotpShaped(code)) return null;
    const secret = OTPAuth.Secret.fromBase32(box.open(storedSecret));
    const now = clock.now();
    const delta = totpFor(secret, '', issuer).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
    return delta === null ? null : stepAt(now) + delta;
  }

  async function issueRecoveryCodes(adminId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(db, adminId, codes.map(hashRecoveryCode), clock.now());
    return codes;
  }

  return {
    async isEnabled(adminId: number): Promise<boolean> {
      return (await repo.findTotp(db, adminId))?.enabled === 1;
    },

    /** A new secret for the admin's app. Shown only now: once enabled it is never returned again. */
    async beginEnrolment(
      adminId: number,
      accountLabel: string,
    ): Promise<{ secret: string; otpauth_url: string }> {
      if ((await repo.findTotp(db, adminId))?.enabled === 1) {
        throw conflict('Two-factor login is already on. Turn it off first to enrol a new device.');
      }
      const secret = new OTPAuth.Secret({ size: SECRET_BYTES });
      await repo.upsertPendingTotp(db, adminId, box.seal(secret.base32), clock.now());
      return { secret: secret.base32, otpauth_url: totpFor(secret, accountLabel, issuer).toString() };
    },

    /** Confirms enrolment with a code from the app; returns the recovery codes (shown once), or null for a wrong code. */
    async confirmEnrolment(adminId: number, code: string): Promise<string[] | null> {
      const row = await repo.findTotp(db, adminId);
      if (!row) throw conflict('Start two-factor setup first');
      if (row.enabled === 1) throw conflict('Two-factor login is already on');
      const step = matchingStep(row.secret, code);
      if (step === null || !(await repo.claimStep(db, adminId, step, { enable: true, now: clock.now() })))
        return null;
      return issueRecoveryCodes(adminId);
    },

    /**
     * Checks a second factor for an enrolled admin: a 6-digit code (each usable once, RFC 6238 §5.2)
     * or an unused recovery code. Returns which one matched, or null.
     */
    async verify(adminId: number, code: string): Promise<SecondFactor | null> {
      const row = await repo.findTotp(db, adminId);
      if (!row || row.enabled !== 1) return null;
      if (isTotpShaped(code)) {
        const step = matchingStep(row.secret, code);
        return step !== null && (await repo.claimStep(db, adminId, step, { enable: false, now: clock.now() }))
          ? 'totp'
          : null;
      }
      return (await repo.useRecoveryCode(db, adminId, hashRecoveryCode(code), clock.now()))
        ? 'recovery'
        : null;
    },

    remainingRecoveryCodes: (adminId: number) => repo.countUnusedRecoveryCodes(db, adminId),

    regenerateRecoveryCodes: issueRecoveryCodes,

    async disable(adminId: number): Promise<void> {
      await repo.deleteRecoveryCodes(db, adminId);
      await repo.deleteTotp(db, adminId);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
