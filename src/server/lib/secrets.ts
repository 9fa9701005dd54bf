import { createHash, createHmac, randomBytes } from 'node:crypto';

/** An opaque token with 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as this hash, so a leaked database holds no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A 256-bit key for one purpose from the server key (TOTP_ENCRYPTION_KEY or its generated file), so
 * one secret serves several uses and no two uses share a key. The label keeps the derivation that
 * sealed existing TOTP secrets ("range-site totp v1").
 */
export const deriveKey = (serverKey: string, purpose: string): Buffer =>
  createHash('sha256').update(`range-site ${purpose} v1\0${serverKey}`).digest();

/**
 * HMAC-SHA-256 under a key derived for `purpose`: what is stored for values that are only ever
 * compared (recovery codes), so a copy of the database alone cannot test guesses against them.
 */
export function createKeyedHash(serverKey: string, purpose: string): (value: string) => string {
  const key = deriveKey(serverKey, purpose);
  return (value) => createHmac('sha256', key).update(value).digest('hex');
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password without look-alike characters, for accounts created from the shell. */
export function newPassword(length = 20): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]).join('');
}
