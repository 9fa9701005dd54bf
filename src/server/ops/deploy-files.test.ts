// The deploy guide's files (docs/deploy) agree with the app they run: a changed default on one side
// without the other fails here. The files themselves are run by `npm run test:cluster` (nginx).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { HTTP_DEFAULTS } from '../env-schema.ts';
import { SHUTDOWN_GRACE_MS } from '../server.ts';

const DEPLOY = path.resolve(import.meta.dirname, '../../../docs/deploy');
const read = (file: string) => fs.readFileSync(path.join(DEPLOY, file), 'utf8');
const nginxSite = read('nginx/range-site.conf');
const instanceUnit = read('systemd/range-site@.service');
const backupUnit = read('systemd/range-site-backup.service');

/** The value of a systemd setting (the last one, as systemd reads it). */
function unitSetting(unit: string, key: string): string {
  const values = [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!);
  expect(values.length, key).toBeGreaterThan(0);
  return values.at(-1)!;
}

/** The configuration every instance gets: the example env file plus the unit's own variables. */
function instanceConfig(port: string) {
  const env = parseEnv(read('range-site.env.example'));
  for (const assignment of instanceUnit.matchAll(/^Environment=(\w+)=(.*)$/gm))
    env[assignment[1]!] = assignment[2]!.replaceAll('%i', port);
  return loadConfig({ ...env, TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
}

const megabytes = (size: string) => Number(/^(\d+)m$/.exec(size)?.[1]) * 1024 * 1024;

describe('deploy files', () => {
  it('give each instance a valid configuration behind one proxy, with its own ports', () => {
    const [first, second] = ['3001', '3002'].map(instanceConfig);
    expect(first!.port).toBe(3001);
    expect(first!.trustProxy).toBe(1);
    expect(first!.host).toBe('127.0.0.1');
    expect(first!.metrics).toEqual({ port: 13001, host: '127.0.0.1' });
    expect(second!.metrics?.port).toBe(13002);
    expect(first!.database.dialect).toBe('postgres');
    // Every instance upstream in the nginx site is one the unit can run.
    expect([...nginxSite.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) => m[1])).toEqual(['3001', '3002']);
  });

  it('let the service write exactly where the app keeps its data, and the backup where it writes', () => {
    const config = instanceConfig('3001');
    const writable = unitSetting(instanceUnit, 'ReadWritePaths').split(' ');
    const inside = (file: string) => writable.some((dir) => file === dir || file.startsWith(`${dir}/`));
    expect(unitSetting(instanceUnit, 'ProtectSystem')).toBe('strict');
    expect(unitSetting(instanceUnit, 'NoNewPrivileges')).toBe('true');
    expect(inside(config.uploadDir), config.uploadDir).toBe(true);
    expect(inside(config.outboxDir), config.outboxDir).toBe(true);
    const backupTarget = /launch\.mjs backup (\S+)/.exec(unitSetting(backupUnit, 'ExecStart'))?.[1];
    expect(unitSetting(backupUnit, 'ReadWritePaths')).toBe(backupTarget);
    expect(fs.existsSync(path.resolve(DEPLOY, '../../scripts/launch.mjs'))).toBe(true);
  });

  it('run the server with the node flags npm start uses, and two malloc arenas (decision 0431)', () => {
    const packageJson = JSON.parse(fs.readFileSync(path.resolve(DEPLOY, '../../package.json'), 'utf8'));
    const nodeFlags = (command: string) => /node (.*?) ?scripts\/launch\.mjs server$/.exec(command)?.[1];
    expect(nodeFlags(unitSetting(instanceUnit, 'ExecStart'))).toBe('--max-semi-space-size=4');
    expect(nodeFlags(packageJson.scripts.start)).toBe('--max-semi-space-size=4');
    expect(instanceUnit).toMatch(/^Environment=MALLOC_ARENA_MAX=2$/m);
  });

  it('close idle proxy connections before the app does, and stop within the unit’s time', () => {
    const nginxIdleSeconds = Number(/keepalive_timeout (\d+)s;/.exec(nginxSite)?.[1]);
    expect(nginxIdleSeconds * 1000).toBeLessThan(HTTP_DEFAULTS.keepAliveTimeoutMs);
    expect(Number(unitSetting(instanceUnit, 'TimeoutStopSec')) * 1000).toBeGreaterThan(SHUTDOWN_GRACE_MS);
  });

  it('let nginx pass an upload of the largest video the app accepts, and nothing larger elsewhere', () => {
    const config = instanceConfig('3001');
    const upload = /location = \/api\/admin\/upload \{[^}]*client_max_body_size (\d+m);/.exec(nginxSite)?.[1];
    expect(megabytes(upload!)).toBeGreaterThan(config.maxVideoBytes);
    expect(megabytes(upload!)).toBeLessThanOrEqual(config.maxVideoBytes + 1024 * 1024 * 2);
    expect(/^\s{4}client_max_body_size (\d+m);/m.exec(nginxSite)?.[1]).toBe('1m');
  });
});
