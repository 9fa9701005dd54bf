// The server key: the secret that encrypts two-factor secrets and keys the recovery-code hashes
// (docs/decisions/0102, 0403). TOTP_ENCRYPTION_KEY when set (required with PostgreSQL, where several
// instances must share it); otherwise a random key generated once into a file beside the SQLite
// database, readable only by its owner, and reused on every later start.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config.ts';

/** The same floor as TOTP_ENCRYPTION_KEY's: a key file holding less was not written by us. */
const MIN_KEY_CHARS = 32;
const GENERATED_KEY_BYTES = 32;
const OWNER_ONLY = 0o600;

export interface ServerKeyLog {
  warn(obj: object, msg: string): void;
}

export type ServerKeySource = Pick<Config, 'totpEncryptionKey' | 'totpKeyFile'>;

/** Where the key comes from, in words for start-up messages. */
export const describeKeySource = (config: ServerKeySource): string =>
  config.totpEncryptionKey
    ? 'TOTP_ENCRYPTION_KEY'
    : config.totpKeyFile
      ? `the key file ${config.totpKeyFile}`
      : 'a key generated for this in-memory database';

export function loadServerKey(config: ServerKeySource, log: ServerKeyLog): string {
  if (config.totpEncryptionKey) return config.totpEncryptionKey;
  // An in-memory database disappears with the process; so may its key.
  if (!config.totpKeyFile) return randomBytes(GENERATED_KEY_BYTES).toString('base64');
  const file = config.totpKeyFile;
  if (!fs.existsSync(file) && createKeyFile(file)) {
    log.warn(
      { file },
      `Generated the two-factor encryption key at ${file}. Back it up apart from the database: ` +
        'a restored database needs it, or admins with two-factor login cannot sign in. ' +
        'Set TOTP_ENCRYPTION_KEY to use a key of your own instead.',
    );
  }
  return readKeyFile(file, log);
}

/**
 * Writes a fresh key unless the file appears meanwhile (another process starting beside us): the
 * key goes to a private temporary file first and is linked into place, so nobody ever reads a
 * half-written key. False when someone else's key won.
 */
function createKeyFile(file: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${randomBytes(GENERATED_KEY_BYTES).toString('base64')}\n`, {
    mode: OWNER_ONLY,
    flag: 'wx',
  });
  try {
    fs.chmodSync(temporary, OWNER_ONLY); // whatever the umask
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

function readKeyFile(file: string, log: ServerKeyLog): string {
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < MIN_KEY_CHARS) {
    throw new ConfigError([
      `${file} does not hold a two-factor encryption key (at least ${MIN_KEY_CHARS} characters). ` +
        'Put back the file from your backup, or set TOTP_ENCRYPTION_KEY.',
    ]);
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) {
    log.warn({ file }, `${file} can be read by other users of this machine: chmod 600 it`);
  }
  return key;
}
