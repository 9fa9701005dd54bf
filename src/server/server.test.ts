import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createAccountsService } from './features/accounts/service.ts';
import { systemClock } from './lib/clock.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { startServer } from './server.ts';
import { redactQuery } from './lib/redact-query.ts';

describe('start-up', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-start-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** An install whose one admin has two-factor login with the stored secret given. */
  async function installWithSecret(name: string, storedSecret: string) {
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${path.join(tmp, name, 'app.db')}`,
      UPLOAD_DIR: path.join(tmp, name, 'uploads'),
      OUTBOX_DIR: path.join(tmp, name, 'outbox'),
      ADMIN_EMAIL: 'owner@example.co.uk',
      ADMIN_PASSWORD: 'owner password 1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
    const db = openDatabase(config.database);
    await migrateToLatest(db);
    const admin = await createAccountsService(db, systemClock).create(
      undefined,
      { username: 'owner', email: 'owner@example.co.uk', password: 'owner password 1', role: 'superadmin' },
      { forcePasswordChange: false },
    );
    await db
      .insertInto('admin_totp')
      .values({
        admin_id: admin.id,
        secret: storedSecret,
        enabled: 1,
        last_used_step: null,
        created_at: Date.now(),
        enabled_at: Date.now(),
      })
      .execute();
    await db.destroy();
    return config;
  }

  const storedSecret = async (config: ReturnType<typeof loadConfig>) => {
    const db = openDatabase(config.database);
    try {
      return (await db.selectFrom('admin_totp').select('secret').executeTakeFirstOrThrow()).secret;
    } finally {
      await db.destroy();
    }
  };

  it('encrypts two-factor secrets an older version stored in plain text, with the generated key', async () => {
    const config = await installWithSecret('plain', 'plain:JBSWY3DPEHPK3PXP');
    const started = await startServer(config, { webRoot: path.join(tmp, 'no-web') });
    await started.shutdown('test end');

    const stored = await storedSecret(config);
    expect(stored).toMatch(/^v1:/);
    const key = fs.readFileSync(path.join(tmp, 'plain', 'totp-encryption.key'), 'utf8').trim();
    expect(createSecretBox(key).open(stored)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses to start with a key that cannot open the stored secrets, saying which key it used', async () => {
    const config = await installWithSecret(
      'wrong-key',
      createSecretBox('the-key-the-secret-was-sealed-with-0123').seal('JBSWY3DPEHPK3PXP'),
    );
    const start = startServer(config, { webRoot: path.join(tmp, 'no-web') });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(
      /1 two-factor secret\(s\).*cannot be opened with the key file .*totp-encryption\.key/,
    );
  });
});

describe('request log lines', () => {
  it('keep the query parameter names, never their values', () => {
    expect(redactQuery('/api/admin/data-subject?email=someone%40example.com')).toBe(
      '/api/admin/data-subject?email=…',
    );
    expect(redactQuery('/admin/reset-password?token=abc&x=1')).toBe('/admin/reset-password?token=…&x=…');
    expect(redactQuery('/api/cms/events')).toBe('/api/cms/events');
  });
});
