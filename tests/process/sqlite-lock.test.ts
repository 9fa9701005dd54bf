// An operator's own `sqlite3` on a live install loses nothing (docs/decisions/0432): once the
// analytics writer thread has its connection, the server process still holds its lock on app.db, so
// an external client that opens and closes the file never takes it for unused — it neither
// checkpoints nor deletes the live -wal and -shm under the server. Every write the server confirmed
// before and after the external one survives a SIGKILL, in a sound database.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT, call, login } from './support/api.ts';
import { startServerProcess, stopAllServers, type ServerProcess } from './support/server-process.ts';

const ADMIN = { email: 'owner@example.co.uk', password: 'Locked-Owner-2026!' };
const EVENTS_PER_ROUND = 20;
const STORED_WITHIN_MS = 10_000;

const tempDirs: string[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The `sqlite3` command-line shell, as an operator runs it; its output without the final newline. */
const sqlite3 = (file: string, statement: string) =>
  execFileSync('sqlite3', [file, statement], { encoding: 'utf8' }).trim();

/** The POSIX locks a process holds on a file (Linux's /proc/locks: "pid maj:min:inode start end"). */
function locksHeld(pid: number, file: string): number {
  const inode = fs.statSync(file).ino;
  return fs
    .readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .filter((line) => {
      const fields = line.trim().split(/\s+/);
      const at = fields.findIndex((field) => /^[0-9a-f]+:[0-9a-f]+:\d+$/.test(field));
      return at > 0 && Number(fields[at - 1]) === pid && Number(fields[at]!.split(':')[2]) === inode;
    }).length;
}

async function sendEvents(server: ServerProcess, round: string): Promise<void> {
  for (let n = 0; n < EVENTS_PER_ROUND; n += 1) {
    const answer = await call(`${server.url}/api/track`, {
      json: { event_type: 'page_view', page: `/${round}/${n}` },
      headers: { cookie: `cookie_consent=true; session_id=${round}`, 'user-agent': BROWSER_USER_AGENT },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
  }
}

/** Waits until the writer thread has stored a round's events, as another process reads them. */
async function storedEvents(file: string, round: string): Promise<number> {
  const count = () =>
    Number(sqlite3(file, `SELECT count(*) FROM analytics_events WHERE page LIKE '/${round}/%'`));
  const deadline = Date.now() + STORED_WITHIN_MS;
  while (count() < EVENTS_PER_ROUND && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  return count();
}

async function sendEnquiry(server: ServerProcess, marker: string): Promise<void> {
  const answer = await call(`${server.url}/api/enquiries`, {
    json: {
      name: 'Lock Check',
      email: `${marker}@example.com`,
      organisation: 'Operator tools',
      message: marker,
      recaptchaToken: 'not-checked',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('the SQLite install with the analytics writer thread', () => {
  it('keeps every confirmed write when an operator runs sqlite3 on the live database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-sqlite-lock-'));
    tempDirs.push(dir);
    const databaseFile = path.join(dir, 'app.db');
    const env = {
      DATABASE_URL: `sqlite:${databaseFile}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      CAPTCHA_PROVIDER: 'off',
      NOTIFY_EMAIL: 'bookings@example.co.uk',
      ANALYTICS_WRITER: 'thread',
    };
    const first = await startServerProcess(env);
    const pid = first.pid;

    await sendEnquiry(first, 'before-thread');
    await sendEvents(first, 'thread-start');
    expect(await storedEvents(databaseFile, 'thread-start'), 'the writer thread stored the first round').toBe(
      EVENTS_PER_ROUND,
    );
    expect(
      locksHeld(pid, databaseFile),
      'the server holds its lock on app.db after the thread opened it',
    ).toBeGreaterThan(0);

    // What docs/security.md#sign-in-limits suggests to clear the sign-in limits, and a read, from another
    // process.
    sqlite3(databaseFile, 'DELETE FROM auth_attempts;');
    expect(Number(sqlite3(databaseFile, 'SELECT count(*) FROM enquiries'))).toBe(1);
    expect(fs.existsSync(`${databaseFile}-wal`), 'the live write-ahead log is still there').toBe(true);

    await sendEnquiry(first, 'after-sqlite3');
    const created = await call(`${first.url}/api/admin/events`, {
      token: await login(first.url, ADMIN),
      json: { name: 'Created after sqlite3', location: 'Test Field', date: '2027-06-05', is_active: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await sendEvents(first, 'after-sqlite3');
    expect(await storedEvents(databaseFile, 'after-sqlite3')).toBe(EVENTS_PER_ROUND);
    first.signal('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await startServerProcess(env);
    const token = await login(second.url, ADMIN);
    const listed = await call(`${second.url}/api/enquiries`, { token });
    const messages = (listed.body as { enquiries: { message: string }[] }).enquiries.map((e) => e.message);
    expect(messages.sort()).toEqual(['after-sqlite3', 'before-thread']);
    const events = await call(`${second.url}/api/admin/events`, { token });
    expect((events.body as { name: string }[]).map((e) => e.name)).toEqual(['Created after sqlite3']);
    expect(await second.stop(), second.log()).toEqual({ code: 0, signal: null });

    expect(Number(sqlite3(databaseFile, 'SELECT count(*) FROM analytics_events'))).toBe(2 * EVENTS_PER_ROUND);
    expect(sqlite3(databaseFile, 'PRAGMA integrity_check')).toBe('ok');
  });
});
