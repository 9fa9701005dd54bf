// The owner's calendar feed address and a query's values in no log line the project writes or ships a
// format for (issue 35, item 2; docs/decisions/0456): the real server behind nginx with the shipped
// site file (docs/deploy/nginx), the feed fetched as a calendar app would and spelled as a client
// might, then nginx's access log and the server's own output searched for the secret.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login } from './support/api.ts';
import { callTls, nginxAvailable, startNginx, type Nginx } from './support/nginx.ts';
import { startServerProcess, stopAllServers } from './support/server-process.ts';

const ADMIN = { email: 'owner@example.co.uk', password: 'Redacting-Owner-2026!' };
const RESET_TOKEN = 'reset-token-that-must-not-be-logged';

const dirs: string[] = [];
let nginx: Nginx | undefined;
afterAll(async () => {
  await nginx?.stop();
  await stopAllServers();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!nginxAvailable())('secrets in the logs', () => {
  it("neither nginx's access log nor the app's writes the feed's secret or a query's values", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-redaction-'));
    dirs.push(dir);
    const server = await startServerProcess({
      DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
    });
    const port = Number(new URL(server.url).port);
    // One instance behind both of the site file's upstreams.
    nginx = await startNginx([port, port]);
    const token = await login(server.url, ADMIN);
    const feed = await call(`${server.url}/api/admin/bookings/calendar-feed`, { token });
    const feedPath = new URL((feed.body as { url: string }).url).pathname;
    const secret = /bookings-(.+)\.ics$/.exec(feedPath)![1]!;

    const asked = [
      feedPath,
      feedPath.replace('/calendar/', '/%63alendar/'),
      `/${feedPath}`,
      `/admin/reset-password?token=${RESET_TOKEN}`,
    ];
    const statuses = [];
    for (const path of asked) statuses.push((await callTls(`${nginx.url}${path}`, nginx.ca)).status);
    expect(statuses[0], 'the feed answers through nginx').toBe(200);
    expect(statuses[3]).toBe(200);

    const logged = () => nginx!.accessLog().split('\n').filter(Boolean);
    await expect.poll(() => logged().length, { timeout: 3000 }).toBeGreaterThanOrEqual(asked.length);
    const requestLines = logged().map((line) => /"(GET [^"]*)"/.exec(line)?.[1]);
    expect(requestLines).toEqual([
      'GET /calendar/[redacted] HTTP/1.1',
      'GET /calendar/[redacted] HTTP/1.1',
      'GET /calendar/[redacted] HTTP/1.1',
      'GET /admin/reset-password?[redacted] HTTP/1.1',
    ]);
    // The app writes its lines asynchronously: wait for the last request's.
    await expect
      .poll(() => server.log(), { timeout: 3000 })
      .toContain('"url":"/admin/reset-password?token=…"');
    for (const [name, text] of [
      ['nginx', nginx.accessLog()],
      ['app', server.log()],
    ]) {
      expect(text, `${name}'s log names the feed's secret`).not.toContain(secret);
      expect(text, `${name}'s log names the reset token`).not.toContain(RESET_TOKEN);
    }
  });
});
