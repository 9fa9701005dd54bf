import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to SQLite in ./data, port 3000 and demo content', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data/app.db') });
    expect(config.uploadDir).toBe(path.resolve('data/uploads'));
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.admin).toBeUndefined();
  });

  it('reads PostgreSQL URLs, flags and the first admin', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app:secret@db:5432/range',
      TOTP_ENCRYPTION_KEY: 'shared-by-every-instance-0123456789ab',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'owner@example.co.uk',
      ADMIN_PASSWORD: 'a long password',
      PUBLIC_URL: 'https://range.example.co.uk/',
      TRUST_PROXY: '1',
    });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://app:secret@db:5432/range' });
    expect(config.seedDemo).toBe(false);
    expect(config.admin).toEqual({ email: 'owner@example.co.uk', password: 'a long password' });
    expect(config.publicUrl).toBe('https://range.example.co.uk');
    expect(config.trustProxy).toBe(1);
  });

  it('names every bad variable and what it accepts', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SEED_DEMO: 'maybe',
        ADMIN_EMAIL: 'not-an-email',
        ADMIN_PASSWORD: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'])
      expect(message).toContain(name);
    expect(message).toContain('accepts sqlite:<path> or postgres://');
  });

  it('refuses TRUST_PROXY=true at start, naming the setting and why', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY.*not true: with true any client picks its own address/s,
    );
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it('writes analytics in a thread when there is a second core for it, unless told otherwise', () => {
    const cores = os.availableParallelism();
    expect(loadConfig({}).analytics.writer).toBe(cores > 1 ? 'thread' : 'inline');
    expect(loadConfig({ ANALYTICS_WRITER: 'inline' }).analytics.writer).toBe('inline');
    expect(loadConfig({ ANALYTICS_WRITER: 'thread' }).analytics.writer).toBe('thread');
    // A thread could not see an in-memory database.
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:', ANALYTICS_WRITER: 'thread' }).analytics.writer).toBe(
      'inline',
    );
    expect(() => loadConfig({ ANALYTICS_WRITER: 'threads' })).toThrow(
      /ANALYTICS_WRITER.*accepts auto, thread or inline/,
    );
  });

  it('lets a saved mail server use the mail ports, and those MAIL_EXTRA_PORTS adds', () => {
    expect(loadConfig({}).mailPorts).toEqual([25, 465, 587, 2525]);
    expect(loadConfig({ MAIL_EXTRA_PORTS: '1025, 25' }).mailPorts).toEqual([25, 465, 587, 1025, 2525]);
    expect(() => loadConfig({ MAIL_EXTRA_PORTS: '1025,http' })).toThrow(
      /MAIL_EXTRA_PORTS.*accepts ports from 1 to 65535 separated by commas/,
    );
  });

  it('lets a hold lapse HOLD_LEAD_DAYS before its first day, 2 unless set, from 0 to 60', () => {
    expect(loadConfig({}).bookings).toMatchObject({ holdDays: 14, holdLeadDays: 2 });
    expect(loadConfig({ HOLD_LEAD_DAYS: '0' }).bookings.holdLeadDays).toBe(0);
    expect(loadConfig({ HOLD_LEAD_DAYS: '60' }).bookings.holdLeadDays).toBe(60);
    for (const value of ['-1', '61', '1.5', 'two'])
      expect(() => loadConfig({ HOLD_LEAD_DAYS: value }), value).toThrow(
        /HOLD_LEAD_DAYS.*accepts whole days from 0 to 60/,
      );
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@example.co.uk' })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
  });
});
