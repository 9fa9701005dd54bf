import { createHash, randomBytes } from 'node:crypto';

/** An opaque token with 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as this hash, so a leaked database holds no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password without look-alike characters, for accounts created from the shell. */
export function newPassword(length = 20): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]).join('');
}
