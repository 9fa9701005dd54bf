// Encryption at rest for small secrets the server must read back (TOTP seeds, the mail server
// password): AES-256-GCM under a key derived from the server key (TOTP_ENCRYPTION_KEY, or the key
// file generated beside the SQLite database). Nothing is ever stored unencrypted; values older
// versions stored as `plain:` are encrypted once at start (docs/decisions/0102).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './secrets.ts';

const SEALED = 'v1:';
const PLAIN = 'plain:';

export interface SecretBox {
  seal(plaintext: string): string;
  /** The plaintext; throws for a value sealed with another key, tampered with, or not sealed at all. */
  open(stored: string): string;
}

/** The secret of a value stored unencrypted by an older version, or undefined. */
export const legacyPlainSecret = (stored: string): string | undefined =>
  stored.startsWith(PLAIN) ? stored.slice(PLAIN.length) : undefined;

/**
 * `purpose` gives each kind of secret its own key: a value sealed for one (a TOTP seed) does not
 * open as another (the mail server password), so copying sealed values between columns reveals
 * nothing. The default "totp" gives the same key older versions derived, so their values still open.
 */
export function createSecretBox(serverKey: string, purpose = 'totp'): SecretBox {
  const key = deriveKey(serverKey, purpose);
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${SEALED}${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`;
    },
    open(stored) {
      if (!stored.startsWith(SEALED)) throw new Error('the stored secret is not encrypted');
      const [iv, tag, body] = stored
        .slice(SEALED.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('malformed encrypted secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
