// Durability of the real server process (issue 9, "Proofs in CI"; docs/decisions/0407):
// - killed with SIGKILL under 200 concurrent enquiries, it loses none that it acknowledged, and the
//   SQLite database passes PRAGMA integrity_check;
// - stopped with SIGTERM during a tracking burst, it writes every event it accepted before it exits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteDatabase, type SqliteConnection } from '../../src/server/db/sqlite-driver.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT, call, login, sustainedLoad } from './support/api.ts';
import { startServerProcess, stopAllServers } from './support/server-process.ts';

const ADMIN = { email: 'owner@example.co.uk', password: 'Durable-Owner-2026!' };
const CONCURRENT_ENQUIRIES = 200;
/** Acknowledged enquiries before the kill; every client has its next one in flight by then. */
const KILL_AFTER_ACKNOWLEDGED = 300;
const TRACKING_CLIENTS = 64;
/** Accepted events before SIGTERM: more than one flush (every second) holds at this rate. */
const TERMINATE_AFTER_ACCEPTED = 2000;
/** Answers before the signal without reaching the target mean the load is being refused: stop. */
const GIVE_UP_AFTER_ANSWERS = 20 * TERMINATE_AFTER_ACCEPTED;
/** Far above anything these bursts send from one address and session, so no request is limited. */
const UNLIMITED = '1000000';

const tempDirs: string[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh data folder and the configuration of a server using it. */
function freshInstall(): { env: Record<string, string>; databaseFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-durability-'));
  tempDirs.push(dir);
  const databaseFile = path.join(dir, 'app.db');
  return {
    databaseFile,
    env: {
      DATABASE_URL: `sqlite:${databaseFile}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TOTP_ENCRYPTION_KEY: 'durability-test-key-0123456789abcdef',
      SEED_DEMO: 'false',
      CAPTCHA_PROVIDER: 'off',
      NOTIFY_EMAIL: 'bookings@example.co.uk',
      ENQUIRY_RATE_LIMIT_MAX: UNLIMITED,
      TRACK_ADDRESS_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      TRACK_SESSION_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    },
  };
}

function withDatabase<T>(file: string, read: (db: SqliteConnection) => T): T {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const report = (line: string) => process.stdout.write(`[durability] ${line}\n`);

describe('the server process', () => {
  it('keeps every enquiry it acknowledged through a SIGKILL under load, in a sound database', async () => {
    const { env, databaseFile } = freshInstall();
    const first = await startServerProcess(env);
    const acknowledged = new Set<string>();
    const refused: string[] = [];
    const load = sustainedLoad(CONCURRENT_ENQUIRIES, async (client, sequence) => {
      const marker = `durability-${client}-${sequence}`;
      const answer = await call(`${first.url}/api/enquiries`, {
        json: {
          name: `Visitor ${client}`,
          email: `visitor-${client}-${sequence}@example.com`,
          organisation: 'Durability check',
          message: marker,
          recaptchaToken: 'not-checked',
        },
      });
      if (answer.status >= 200 && answer.status < 300) {
        acknowledged.add(marker);
        if (acknowledged.size === KILL_AFTER_ACKNOWLEDGED) first.signal('SIGKILL');
      } else {
        refused.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        first.signal('SIGKILL');
      }
    });
    await load.finished;
    expect((await first.exited).signal, `killed by the test, not crashed\n${first.log()}`).toBe('SIGKILL');
    expect(refused, 'no enquiry may be refused before the kill').toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    // Proof that the kill landed while requests were being handled, not after the burst.
    expect(load.unanswered(), 'requests cut off by the kill').toBeGreaterThan(0);
    report(`${acknowledged.size} enquiries acknowledged, ${load.unanswered()} cut off by SIGKILL`);

    const second = await startServerProcess(env);
    const token = await login(second.url, ADMIN);
    const listed = await call(`${second.url}/api/enquiries`, { token });
    expect(listed.status).toBe(200);
    const stored = (listed.body as { enquiries: { message: string }[] }).enquiries.map((e) => e.message);
    const storedSet = new Set(stored);
    expect([...acknowledged].filter((marker) => !storedSet.has(marker))).toEqual([]);
    expect(storedSet.size, 'each enquiry stored once').toBe(stored.length);
    expect(await second.stop(), second.log()).toEqual({ code: 0, signal: null });

    expect(withDatabase(databaseFile, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
  });

  it('writes every tracking event it accepted when stopped with SIGTERM mid-burst', async () => {
    const { env, databaseFile } = freshInstall();
    const server = await startServerProcess(env);
    let accepted = 0;
    let refused = 0;
    let signalled = false;
    const unexpected: string[] = [];
    const terminate = () => {
      if (signalled) return;
      signalled = true;
      server.signal('SIGTERM');
    };
    const load = sustainedLoad(TRACKING_CLIENTS, async (client, sequence) => {
      const answer = await call(`${server.url}/api/track`, {
        json: { event_type: 'page_view', page: `/burst/${client}/${sequence}` },
        // A consenting browser: the cookie says so and its session is its own.
        headers: {
          cookie: `cookie_consent=true; session_id=burst-${client}`,
          'user-agent': BROWSER_USER_AGENT,
        },
      });
      // 204 = queued for writing; 429 (over the client limit) and 503 (queue full, or shutting down)
      // = refused, nothing stored. Anything else is a failure of this proof.
      if (answer.status === 204) accepted += 1;
      else if (answer.status === 429 || answer.status === 503) refused += 1;
      else unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      if (accepted >= TERMINATE_AFTER_ACCEPTED || accepted + refused >= GIVE_UP_AFTER_ANSWERS) terminate();
      if (unexpected.length) server.signal('SIGKILL');
    });
    await load.finished;
    const exit = await server.exited;
    expect(unexpected).toEqual([]);
    expect(accepted, 'the burst must reach the target before the signal').toBeGreaterThanOrEqual(
      TERMINATE_AFTER_ACCEPTED,
    );
    expect(exit, `a graceful exit in time\n${server.log()}`).toEqual({ code: 0, signal: null });

    const stored = withDatabase(
      databaseFile,
      (db) => (db.prepare('SELECT count(*) AS n FROM analytics_events').get() as { n: number }).n,
    );
    report(
      `tracking: ${accepted} accepted, ${refused} refused, ${load.unanswered()} unanswered, ${stored} stored`,
    );
    expect(stored, 'stored = accepted (refused and unanswered requests store nothing)').toBe(accepted);
  });
});
