// Encryption at rest for small secrets the server must read back (TOTP seeds). With a key, values
// are sealed with AES-256-GCM; without one they are stored marked `plain:` so an operator can add a
// key later (new enrolments are then sealed, old ones keep working). docs/decisions/0102.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const SEALED = 'v1:';
const PLAIN = 'plain:';

export interface SecretBox {
  seal(plaintext: string): string;
  open(stored: string): string;
}

export function createSecretBox(secret: string | undefined): SecretBox {
  // A fixed-purpose hash of the operator's secret: any length in, exactly 256 bits out.
  const key = secret ? createHash('sha256').update(`range-site totp v1\0${secret}`).digest() : undefined;
  return {
    seal(plaintext) {
      if (!key) return `${PLAIN}${plaintext}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${SEALED}${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`;
    },
    open(stored) {
      if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
      if (!stored.startsWith(SEALED)) throw new Error('unrecognised secret format');
      if (!key) throw new Error('a stored secret is encrypted but TOTP_ENCRYPTION_KEY is not set');
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
