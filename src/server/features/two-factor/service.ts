// Two-factor login with TOTP (RFC 6238: 6 digits, 30 s steps, SHA-1 — what every authenticator app
// supports) and single-use recovery codes. Password checks and rate limits are the caller's
// (accounts service); this service only knows secrets and codes.
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_CODE_LENGTH } from '#shared/constants.ts';
import type { Db } from '../../db/database.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../lib/http-error.ts';
import { createKeyedHash } from '../../lib/secrets.ts';
import { createSecretBox, legacyPlainSecret } from '../../lib/secret-box.ts';
import * as repo from './repository.ts';

const PERIOD_SECONDS = 30;
/** ±1 step: a phone clock up to about 30 s off still works. */
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20; // 160 bits, RFC 4226's recommended length
// Crockford's base32: 32 symbols, so 10 random bytes make exactly 16 characters (80 bits) with no
// bias; no i, l, o or u, and the look-alikes people type instead are read as 1 and 0.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_CODE_BYTES = 10;
const RECOVERY_GROUP = 4;

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

/** "7gk2-q0xm-3hzd-9v1c": 80 random bits (issue 9: at least 80), in groups that are easy to copy. */
function newRecoveryCode(): string {
  let chars = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of randomBytes(RECOVERY_CODE_BYTES)) {
    buffer = ((buffer << 8) | byte) & 0xfff; // at most 4 bits are left over between bytes
    bits += 8;
    for (; bits >= 5; bits -= 5) chars += RECOVERY_ALPHABET[(buffer >> (bits - 5)) & 31];
  }
  return chars.match(new RegExp(`.{${RECOVERY_GROUP}}`, 'g'))!.join('-');
}

/** Codes are compared ignoring case, dashes and spaces, as people retype them from paper. */
export const normaliseRecoveryCode = (code: string) =>
  code
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');

export const isTotpShaped = (code: string) => new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(code);

/** What every function here is given first (docs/decisions/0425). */
export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  issuer: string;
  /** Seals and opens the TOTP secrets with the server key. */
  box: ReturnType<typeof createSecretBox>;
  /** The stored form of a recovery code, keyed by the server key. */
  hashRecoveryCode: (code: string) => string;
}

const stepAt = (now: number) => Math.floor(now / 1000 / PERIOD_SECONDS);

/** The time step a code belongs to (within the drift), or null. */
function matchingStep(
  { box, clock, issuer }: TwoFactorDeps,
  storedSecret: string,
  code: string,
): number | null {
  if (!isTotpShaped(code)) return null;
  const secret = OTPAuth.Secret.fromBase32(box.open(storedSecret));
  const now = clock.now();
  const delta = totpFor(secret, '', issuer).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : stepAt(now) + delta;
}

/** New recovery codes for the admin, replacing any earlier ones; shown once. */
export async function issueRecoveryCodes(deps: TwoFactorDeps, adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(deps.db, adminId, codes.map(deps.hashRecoveryCode), deps.clock.now());
  return codes;
}

export async function isEnabled({ db }: TwoFactorDeps, adminId: number): Promise<boolean> {
  return (await repo.findTotp(db, adminId))?.enabled === 1;
}

/** A new secret for the admin's app. Shown only now: once enabled it is never returned again. */
export async function beginEnrolment(
  { db, clock, issuer, box }: TwoFactorDeps,
  adminId: number,
  accountLabel: string,
): Promise<{ secret: string; otpauth_url: string }> {
  if ((await repo.findTotp(db, adminId))?.enabled === 1) {
    throw conflict('Two-factor login is already on. Turn it off first to enrol a new device.');
  }
  const secret = new OTPAuth.Secret({ size: SECRET_BYTES });
  await repo.upsertPendingTotp(db, adminId, box.seal(secret.base32), clock.now());
  return { secret: secret.base32, otpauth_url: totpFor(secret, accountLabel, issuer).toString() };
}

/** Confirms enrolment with a code from the app; returns the recovery codes (shown once), or null for a wrong code. */
export async function confirmEnrolment(
  deps: TwoFactorDeps,
  adminId: number,
  code: string,
): Promise<string[] | null> {
  const { db, clock } = deps;
  const row = await repo.findTotp(db, adminId);
  if (!row) throw conflict('Start two-factor setup first');
  if (row.enabled === 1) throw conflict('Two-factor login is already on');
  const step = matchingStep(deps, row.secret, code);
  if (step === null || !(await repo.claimStep(db, adminId, step, { enable: true, now: clock.now() })))
    return null;
  return issueRecoveryCodes(deps, adminId);
}

/**
 * Checks a second factor for an enrolled admin: a 6-digit code (each usable once, RFC 6238 §5.2)
 * or an unused recovery code. Returns which one matched, or null.
 */
export async function verify(
  deps: TwoFactorDeps,
  adminId: number,
  code: string,
): Promise<SecondFactor | null> {
  const { db, clock } = deps;
  const row = await repo.findTotp(db, adminId);
  if (!row || row.enabled !== 1) return null;
  if (isTotpShaped(code)) {
    const step = matchingStep(deps, row.secret, code);
    return step !== null && (await repo.claimStep(db, adminId, step, { enable: false, now: clock.now() }))
      ? 'totp'
      : null;
  }
  return (await repo.useRecoveryCode(db, adminId, deps.hashRecoveryCode(code), clock.now()))
    ? 'recovery'
    : null;
}

export const remainingRecoveryCodes = ({ db }: TwoFactorDeps, adminId: number) =>
  repo.countUnusedRecoveryCodes(db, adminId);

export async function disable({ db }: TwoFactorDeps, adminId: number): Promise<void> {
  await repo.deleteRecoveryCodes(db, adminId);
  await repo.deleteTotp(db, adminId);
}

/**
 * Start-up step (after migrations; they have no key): encrypts secrets older versions stored in
 * plain text, and counts stored secrets this key cannot open — a wrong or lost key, which the
 * caller must not start with. Safe to repeat and to run on several instances at once.
 */
export async function encryptStoredSecrets({
  db,
  box,
}: TwoFactorDeps): Promise<{ encrypted: number; unreadable: number }> {
  let encrypted = 0;
  let unreadable = 0;
  for (const row of await repo.listTotpSecrets(db)) {
    const plain = legacyPlainSecret(row.secret);
    if (plain !== undefined) {
      if (await repo.replaceTotpSecret(db, row.admin_id, row.secret, box.seal(plain))) encrypted += 1;
      continue;
    }
    try {
      box.open(row.secret);
    } catch {
      unreadable += 1;
    }
  }
  return { encrypted, unreadable };
}

/**
 * `serverKey` (TOTP_ENCRYPTION_KEY or its generated file) encrypts the TOTP secrets and keys the
 * recovery-code hashes, so a copy of the database alone yields neither.
 */
export function createTwoFactorService(db: Db, clock: Clock, serverKey: string, issuer: string) {
  const recoveryHash = createKeyedHash(serverKey, 'recovery-codes');
  const bind = bindDeps<TwoFactorDeps>({
    db,
    clock,
    issuer,
    box: createSecretBox(serverKey),
    hashRecoveryCode: (code) => recoveryHash(normaliseRecoveryCode(code)),
  });
  return {
    isEnabled: bind(isEnabled),
    beginEnrolment: bind(beginEnrolment),
    confirmEnrolment: bind(confirmEnrolment),
    verify: bind(verify),
    remainingRecoveryCodes: bind(remainingRecoveryCodes),
    regenerateRecoveryCodes: bind(issueRecoveryCodes),
    disable: bind(disable),
    encryptStoredSecrets: bind(encryptStoredSecrets),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
