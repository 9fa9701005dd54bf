// Issue 20: the server's own timeouts (set where it is created, since Fastify applies none with a
// serverFactory) and readiness apart from liveness.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { HttpTimeouts } from '../config.ts';
import { HTTP_DEFAULTS } from '../env-schema.ts';
import { describeEachDatabase } from '../testing/harness.ts';
import { createHttpServer } from './http-server.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listening(timeouts: HttpTimeouts = HTTP_DEFAULTS): Promise<number> {
  const server = createHttpServer({ ...timeouts }, (_req, res) => res.end('ok'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const get = (port: number, agent: http.Agent) =>
  new Promise<{ reused: boolean }>((resolve, reject) => {
    const request = http.get({ port, host: '127.0.0.1', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });

it('reuses a keep-alive connection left idle for 10 s (a proxy keeps them longer than Node’s 5 s)', async () => {
  const port = await listening();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect((await get(port, agent)).reused).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    expect((await get(port, agent)).reused).toBe(true);
  } finally {
    agent.destroy();
  }
}, 20_000);

it('cuts off a client that sends its headers one byte at a time, within the headers timeout', async () => {
  const headersTimeoutMs = 1500;
  const port = await listening({ ...HTTP_DEFAULTS, headersTimeoutMs });
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  const closed = new Promise<string>((resolve) => {
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => undefined);
  });
  const slowly = 'GET / HTTP/1.1\r\nHost: range.test\r\nX-Slow: ' + 'a'.repeat(100);
  let sent = 0;
  const drip = setInterval(() => {
    if (socket.writable && sent < slowly.length) socket.write(slowly[sent++]!);
  }, 250);
  try {
    const answer = await closed;
    const tookMs = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(tookMs).toBeLessThan(headersTimeoutMs + 2500);
    expect(sent).toBeLessThan(slowly.length);
  } finally {
    clearInterval(drip);
    socket.destroy();
  }
}, 15_000);

it('closes a connection past HTTP_MAX_CONNECTIONS at once, and serves those within it', async () => {
  const port = await listening({ ...HTTP_DEFAULTS, maxConnections: 2 });
  const open = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
      socket.on('error', reject);
    });
  const held = [await open(), await open()];
  const refused = await open();
  const closed = await new Promise<boolean>((resolve) => {
    refused.on('close', () => resolve(true));
    setTimeout(() => resolve(false), 2000);
  });
  expect(closed).toBe(true);
  const answer = await new Promise<string>((resolve) => {
    held[0]!.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    held[0]!.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  });
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  for (const socket of held) socket.destroy();
});

describeEachDatabase('readiness', (ctx) => {
  it('the app’s server carries the configured timeouts', async () => {
    expect(ctx().app.server.keepAliveTimeout).toBe(HTTP_DEFAULTS.keepAliveTimeoutMs);
    expect(ctx().app.server.headersTimeout).toBe(HTTP_DEFAULTS.headersTimeoutMs);
    expect(ctx().app.server.requestTimeout).toBe(HTTP_DEFAULTS.requestTimeoutMs);
    expect(ctx().app.server.maxConnections).toBe(HTTP_DEFAULTS.maxConnections);
  });

  it('is ready while the schema is current and the writer works; not once shutdown begins', async () => {
    const ready = await ctx().request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');

    ctx().readiness.stopping = true;
    try {
      const stopping = await ctx().request({ method: 'GET', url: '/api/ready' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        detail: 'This instance is shutting down',
      });
      // Liveness is a different question: the process still answers.
      expect((await ctx().request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      ctx().readiness.stopping = false;
    }
  });

  it('is not ready before the migrations are applied', async () => {
    await ctx()
      .db.deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0007-auth-attempt-claims' as never)
      .execute();
    try {
      const response = await ctx().request({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ detail: 'The database schema is not up to date yet' });
    } finally {
      await ctx()
        .db.insertInto('kysely_migration' as never)
        .values({ name: '0007-auth-attempt-claims', timestamp: new Date().toISOString() } as never)
        .execute();
    }
  });
});
