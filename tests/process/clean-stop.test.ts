// A stop ends the process whatever its log reader or its slowest client does (docs/decisions/0434):
// - with a log shipper that has stopped reading stdout, SIGTERM still ends the process, in time;
// - with the reader of its stdout and stderr gone (a shipper that died, `npm start | tee log` after
//   tee has ended), too — started as `npm start` or as the compiled entry (docs/decisions/0455);
// - a client sending its headers a byte at a time, or a large upload sent slowly, does not hold the
//   stop to the grace period's deadline (which ends it with exit code 1): the stop closes them and
//   exits 0, while a request already being answered is finished.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_GRACE_MS } from '../../src/server/server.ts';
import { call, login, sustainedLoad } from './support/api.ts';
import {
  healthy,
  startServerProcess,
  stopAllServers,
  type Exit,
  type ServerProcess,
} from './support/server-process.ts';

const ADMIN = { email: 'owner@example.co.uk', password: 'Stopping-Owner-2026!' };
/**
 * Access-log lines of about 2 KB each (the path is logged), far past what the pipe and the reading
 * side's buffer hold (a few hundred KB).
 */
const LOG_FILLING_REQUESTS = 1000;
const LONG_PATH = `/api/health/${'x'.repeat(2000)}`;
const UPLOAD_BYTES = 50 * 1024 * 1024;
const BOUNDARY = 'slow-upload-boundary';

const report = (line: string) => process.stdout.write(`[clean stop] ${line}\n`);

const tempDirs: string[] = [];
const sockets: net.Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await stopAllServers();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function install(extra: Record<string, string> = {}): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-clean-stop-'));
  tempDirs.push(dir);
  return {
    DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    ...extra,
  };
}

/** How the process ended, or null if it was still running `withinMs` after the call. */
async function exitWithin(server: ServerProcess, withinMs: number): Promise<Exit | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), withinMs)));
  const exit = await Promise.race([server.exited, late]);
  clearTimeout(timer);
  return exit;
}

/** A raw connection that has sent `head` and then trickles `byte` once a second. */
function trickle(server: ServerProcess, head: string, byte: string): Promise<void> {
  const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  const timer = setInterval(() => socket.write(byte), 1000);
  socket.on('close', () => clearInterval(timer));
  return new Promise((resolve) => socket.once('connect', () => socket.write(head, () => resolve())));
}

describe('stopping the server process', () => {
  it('ends within the grace period while its log reader has stopped reading', async () => {
    const server = await startServerProcess(install({ LOG_LEVEL: 'info' }), { readStdout: false });
    let sent = 0;
    const load = sustainedLoad(16, async () => {
      if (sent >= LOG_FILLING_REQUESTS) return load.stop();
      sent += 1;
      await call(`${server.url}${LONG_PATH}`);
    });
    await load.finished;
    const signalled = Date.now();
    server.signal('SIGTERM');
    const exit = await exitWithin(server, SHUTDOWN_GRACE_MS + 5000);
    report(`stalled log reader: ${JSON.stringify(exit)} ${Date.now() - signalled} ms after SIGTERM`);
    server.readStdout();
    expect(exit, 'the process was still running with its log reader stalled').not.toBeNull();
    expect(exit).toEqual({ code: 0, signal: null });
  });

  it.each([
    ['the compiled entry', false],
    ['npm start', true],
  ])(
    'ends within the grace period when its log pipe has no reader any more (%s)',
    async (how, npmStart) => {
      const server = await startServerProcess(install({ LOG_LEVEL: 'info' }), { npmStart });
      server.closeOutput();
      // Access-log lines written to the closed pipe, so each write has failed before the stop.
      for (let i = 0; i < 50; i += 1) await call(`${server.url}/api/health`);
      const signalled = Date.now();
      server.signal('SIGTERM');
      const exit = await exitWithin(server, SHUTDOWN_GRACE_MS + 5000);
      report(`closed log pipe (${how}): ${JSON.stringify(exit)} ${Date.now() - signalled} ms after SIGTERM`);
      expect(exit, 'the process was still running with its log pipe closed').not.toBeNull();
      // npm passes the server's own exit code on; the server itself is gone, not left behind by npm.
      expect(exit).toEqual({ code: 0, signal: null });
      expect(await healthy(server.url), 'the server still answers after npm ended').toBe(false);
    },
    240_000,
  );

  it('closes slow and stalled clients within 2 s and exits 0', async () => {
    const server = await startServerProcess(install());
    const token = await login(server.url, ADMIN);
    await trickle(server, 'GET /api/health HTTP/1.1\r\nHost: range.test\r\nX-Slow: ', 'a');
    await trickle(
      server,
      [
        'POST /api/admin/upload HTTP/1.1',
        'Host: range.test',
        `Authorization: Bearer ${token}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        `Content-Length: ${UPLOAD_BYTES}`,
        '',
        `--${BOUNDARY}`,
        'Content-Disposition: form-data; name="file"; filename="big.jpg"',
        'Content-Type: image/jpeg',
        '',
        '\xff\xd8\xff\xe0',
      ].join('\r\n'),
      '\0',
    );
    // An idle keep-alive connection, as a proxy keeps them.
    await trickle(server, 'GET /api/health HTTP/1.1\r\nHost: range.test\r\n\r\n', '');
    await new Promise((resolve) => setTimeout(resolve, 500));

    const signalled = Date.now();
    server.signal('SIGTERM');
    const exit = await exitWithin(server, SHUTDOWN_GRACE_MS + 5000);
    report(`slow clients: ${JSON.stringify(exit)} ${Date.now() - signalled} ms after SIGTERM`);
    expect(exit, `still running\n${server.log()}`).not.toBeNull();
    expect(exit, `stopped cleanly, not by the grace period's deadline\n${server.log()}`).toEqual({
      code: 0,
      signal: null,
    });
  });
});
