import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { loadServerKey } from './server-key.ts';

function recordingLog() {
  const warnings: { obj: object; msg: string }[] = [];
  return { warnings, warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };
}

describe('server key', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-key-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('without TOTP_ENCRYPTION_KEY is generated once beside the SQLite database, owner-only, then reused', () => {
    const config = loadConfig({ DATABASE_URL: `sqlite:${path.join(tmp, 'first', 'app.db')}` });
    const file = path.join(tmp, 'first', 'totp-encryption.key');
    expect(config.totpKeyFile).toBe(file);

    const log = recordingLog();
    const key = loadServerKey(config, log);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(key);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]?.msg).toContain(file);
    expect(log.warnings[0]?.msg).toMatch(/back it up apart from the database/i);

    const again = recordingLog();
    expect(loadServerKey(config, again)).toBe(key);
    expect(again.warnings).toEqual([]);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['totp-encryption.key']);
  });

  it('uses TOTP_ENCRYPTION_KEY when set and writes no file', () => {
    const config = loadConfig({
      DATABASE_URL: `sqlite:${path.join(tmp, 'second', 'app.db')}`,
      TOTP_ENCRYPTION_KEY: 'operator-chosen-key-0123456789abcdef',
    });
    expect(loadServerKey(config, recordingLog())).toBe('operator-chosen-key-0123456789abcdef');
    expect(fs.existsSync(path.join(tmp, 'second', 'totp-encryption.key'))).toBe(false);
  });

  it('refuses a key file that holds no usable key rather than starting with a weak one', () => {
    fs.mkdirSync(path.join(tmp, 'third'));
    fs.writeFileSync(path.join(tmp, 'third', 'totp-encryption.key'), 'short\n', { mode: 0o600 });
    const config = loadConfig({ DATABASE_URL: `sqlite:${path.join(tmp, 'third', 'app.db')}` });
    expect(() => loadServerKey(config, recordingLog())).toThrow(/does not hold a two-factor encryption key/);
  });

  it('warns when the key file can be read by other users', () => {
    fs.mkdirSync(path.join(tmp, 'fourth'));
    fs.writeFileSync(path.join(tmp, 'fourth', 'totp-encryption.key'), `${'z'.repeat(44)}\n`);
    fs.chmodSync(path.join(tmp, 'fourth', 'totp-encryption.key'), 0o644);
    const log = recordingLog();
    loadServerKey(loadConfig({ DATABASE_URL: `sqlite:${path.join(tmp, 'fourth', 'app.db')}` }), log);
    expect(log.warnings[0]?.msg).toMatch(/chmod 600/);
  });

  it('is required with PostgreSQL: a missing one stops the start with a message naming it', () => {
    const attempt = () => loadConfig({ DATABASE_URL: 'postgres://range@db.internal:5432/range' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/TOTP_ENCRYPTION_KEY: is required with PostgreSQL/);
    const config = loadConfig({
      DATABASE_URL: 'postgres://range@db.internal:5432/range',
      TOTP_ENCRYPTION_KEY: 'shared-by-every-instance-0123456789ab',
    });
    expect(config.totpKeyFile).toBeUndefined();
  });
});
