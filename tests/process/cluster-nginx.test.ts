// Two instances on one PostgreSQL database behind Debian's nginx running the shipped site file
// (docs/deploy, issue 20): what a visitor and the owner do through the proxy works, an upload made
// on one instance is served by the other, and neither a killed instance nor a rolling restart under
// load costs a request or an enquiry (docs/decisions/0415).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, webBuildIsStale } from '../../scripts/build-web.ts';
import { freePort } from '../../src/server/testing/free-port.ts';
import { call, login, BROWSER_USER_AGENT, type Answer } from './support/api.ts';
import { callTls, nginxAvailable, startNginx, type Nginx } from './support/nginx.ts';
import { createThrowawayDatabase, findPostgres } from './support/postgres.ts';
import { startServerProcess, stopAllServers, type ServerProcess } from './support/server-process.ts';

const ADMIN = { email: 'owner@example.co.uk', password: 'Nginx-Owner-2026!' };
const LOAD_SECONDS = 20;
const LOAD_CONNECTIONS = 8;
const ENQUIRY_EVERY_MS = 150;
/** nginx leaves an instance out 5 s after a failure (fail_timeout in the site file): wait past that. */
const BACK_IN_ROTATION_TIMEOUT_MS = 20_000;
/** The load runs this long before the instance is stopped, so the stop happens mid-load. */
const LOAD_BEFORE_STOP_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const postgres = await findPostgres();
const haveNginx = nginxAvailable();
if (!haveNginx) {
  process.stdout.write(
    '\n  ***** cluster through nginx SKIPPED: /usr/sbin/nginx is not installed (apt-get install -y nginx). ' +
      'CI installs it and fails without it. *****\n\n',
  );
}

describe.skipIf(!postgres || !haveNginx)('two instances behind nginx with the shipped site file', () => {
  let nginx: Nginx;
  let ports: [number, number];
  let instances: ServerProcess[];
  let env: Record<string, string>;
  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  let enquiryCount = 0;

  const viaNginx = (url: string, options?: Parameters<typeof callTls>[2]) =>
    callTls(`${nginx.url}${url}`, nginx.ca, options);
  const restart = async (index: 0 | 1) => {
    await instances[index]!.stop();
    instances[index] = await startServerProcess(env, { port: ports[index] });
  };
  /**
   * Waits until nginx's own log shows the instance on `port` answering a request again, after the
   * log's `offset`: only then has nginx taken it back after fail_timeout. Healthy is not enough —
   * stopping the other instance while nginx still holds this one as down fails every request
   * (a fixed 6 s wait once let 1,806 through). `poke` sends requests while nobody else does.
   */
  const backInRotation = async (port: number, offset: number, poke = false) => {
    const answered = new RegExp(`upstream=127\\.0\\.0\\.1:${port}/2\\d\\d `);
    await expect
      .poll(
        async () => {
          if (poke) await viaNginx('/api/health');
          return answered.test(nginx.accessLog().slice(offset));
        },
        { timeout: BACK_IN_ROTATION_TIMEOUT_MS, interval: 100 },
      )
      .toBe(true);
  };
  const enquire = (): Promise<{ email: string; answer: Answer }> => {
    const email = `visitor${(enquiryCount += 1)}@example.com`;
    return viaNginx('/api/enquiries', {
      json: {
        name: 'Proxy Visitor',
        email,
        organisation: 'Nginx check',
        message: `Enquiry from ${email}`,
        recaptchaToken: 'x',
      },
    }).then((answer) => ({ email, answer }));
  };
  const storedEmails = async (): Promise<Set<string>> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return new Set(
        (await client.query<{ email: string }>('select email from enquiries')).rows.map((r) => r.email),
      );
    } finally {
      await client.end();
    }
  };

  /** GETs of the page and a list through nginx for LOAD_SECONDS while enquiries are sent; `during` runs meanwhile. */
  async function underLoad(during: () => Promise<void>) {
    const logFrom = nginx.accessLog().length;
    const load = autocannon({
      url: nginx.url,
      connections: LOAD_CONNECTIONS,
      duration: LOAD_SECONDS,
      headers: { 'user-agent': BROWSER_USER_AGENT },
      requests: [
        { method: 'GET', path: '/' },
        { method: 'GET', path: '/api/cms/events' },
      ],
    });
    const enquiries: { email: string; answer: Answer }[] = [];
    let sending = true;
    const sender = (async () => {
      while (sending) {
        enquiries.push(await enquire());
        await sleep(ENQUIRY_EVERY_MS);
      }
    })();
    await during();
    const result = await load;
    sending = false;
    await sender;
    return { result, enquiries, logFrom };
  }

  /**
   * What nginx's log says of the answers that were not 2xx since `offset`: each status and upstream
   * field with how many times it came, so a failure says which instance answered what.
   */
  const failedAnswers = (offset: number) => {
    const counts = new Map<string, number>();
    for (const line of nginx.accessLog().slice(offset).split('\n')) {
      const match = /" (\d{3}) .* (upstream=\S+(?:, \S+)*)/.exec(line);
      if (!match || match[1]!.startsWith('2')) continue;
      const key = `${match[1]} ${match[2]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const first = nginx
      .accessLog()
      .slice(offset)
      .split('\n')
      .filter((line) => / upstream=\S*\/(?!2)/.test(line) || /" (?!2)\d{3} /.test(line))
      .slice(0, 6);
    return [...[...counts].map(([key, count]) => `${count} × ${key}`), 'first:', ...first].join('\n');
  };

  /** Every GET answered 2xx in time, every enquiry acknowledged, and every acknowledged one stored. */
  async function expectNothingFailed({ result, enquiries, logFrom }: Awaited<ReturnType<typeof underLoad>>) {
    expect(result.requests.total).toBeGreaterThan(100);
    expect(
      { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx },
      `nginx's log of the answers that were not 2xx:\n${failedAnswers(logFrom)}`,
    ).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
    expect(enquiries.map((e) => e.answer.status).filter((status) => status !== 200)).toEqual([]);
    const stored = await storedEmails();
    expect(enquiries.filter((e) => !stored.has(e.email)).map((e) => e.email)).toEqual([]);
  }

  beforeAll(async () => {
    if (webBuildIsStale()) {
      process.stdout.write('Building the web client for the nginx cluster proof…\n');
      await buildWeb();
    }
    const database = await createThrowawayDatabase(postgres!);
    databaseUrl = database.url;
    dropDatabase = database.drop;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-nginx-cluster-'));
    ports = [await freePort(), await freePort()];
    nginx = await startNginx(ports);
    env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: nginx.url,
      TRUST_PROXY: '1',
      UPLOAD_DIR: path.join(dir, 'uploads'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      CAPTCHA_PROVIDER: 'off',
      ENQUIRY_RATE_LIMIT_MAX: '100000',
      // The access log is part of the proof (the visitor's address, the request id).
      LOG_LEVEL: 'info',
    };
    instances = [await startServerProcess(env, { port: ports[0] })];
    instances.push(await startServerProcess(env, { port: ports[1] }));
  });

  afterAll(async () => {
    await nginx?.stop();
    await stopAllServers();
    await dropDatabase?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the landing page over TLS, sends plain HTTP there, and answers /assets from its cache', async () => {
    const page = await viaNginx('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const redirect = await fetch(`${nginx.plainUrl}/admin`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/admin$/);

    const asset = /\/assets\/[\w.-]+\.js/.exec(String(page.body))?.[0];
    expect(asset, 'a script of the built page').toBeDefined();
    await viaNginx(asset!);
    const again = await viaNginx(asset!);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-cache-status')).toBe('HIT');
  });

  it("takes the visitor's address from nginx, not from X-Forwarded-For the visitor wrote, and keeps nginx's request id", async () => {
    const answer = await viaNginx('/api/enquiries', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
      json: {
        name: 'Spoofing Visitor',
        email: 'spoof@example.com',
        organisation: 'X',
        message: 'Hello there',
        recaptchaToken: 'x',
      },
    });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, not one the app made up
    // nginx writes its line after the answer has left, and the app writes asynchronously: give both
    // logs a moment.
    await expect.poll(() => nginx.accessLog(), { timeout: 3000 }).toContain(`id=${requestId}`);
    let appLine: string | undefined;
    for (const deadline = Date.now() + 3000; !appLine && Date.now() < deadline; await sleep(50)) {
      appLine = (instances[0]!.log() + instances[1]!.log())
        .split('\n')
        .find((line) => line.includes(`"reqId":"${requestId}"`) && line.includes('"msg":"answered"'));
    }
    expect(appLine, 'the app logged the request under the same id').toBeDefined();
    expect(JSON.parse(appLine!)).toMatchObject({ client: '127.0.0.1', status: 200 });
  });

  it('signs in through nginx, and an edit made there is shown by both instances', async () => {
    const token = (await viaNginx('/api/admin/login', { json: ADMIN })).body as { access_token: string };
    const name = `Proxy Night ${randomBytes(4).toString('hex')}`;
    const created = await viaNginx('/api/admin/events', {
      token: token.access_token,
      json: { name, location: 'Proxy Wood', date: '2099-07-01' },
    });
    expect(created.status).toBe(201);
    for (const instance of instances) {
      const deadline = Date.now() + 3000;
      let shown = false;
      while (!shown && Date.now() < deadline) {
        shown = JSON.stringify((await call(`${instance.url}/api/cms/events`)).body).includes(name);
        if (!shown) await sleep(50);
      }
      expect(shown, instance.url).toBe(true);
    }
  });

  it('serves through nginx, from the other instance, a picture uploaded on one', async () => {
    const picture = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'range.png');
    const uploaded = await fetch(`${instances[0]!.url}/api/admin/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await login(instances[0]!.url, ADMIN)}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { file_url: fileUrl } = (await uploaded.json()) as { file_url: string };

    // Round robin: four requests reach both instances; nginx's log says which answered each.
    for (let i = 0; i < 4; i += 1) expect((await viaNginx(fileUrl)).status).toBe(200);
    const servedBy = () =>
      nginx
        .accessLog()
        .split('\n')
        .filter((line) => line.includes(`GET ${fileUrl} `))
        .map((line) => /upstream=127\.0\.0\.1:(\d+)\/200/.exec(line)?.[1]);
    await expect.poll(servedBy, { timeout: 3000 }).toContain(String(ports[1]));
  });

  it('fails no request and loses no enquiry when an instance is killed under load', async () => {
    const load = await underLoad(async () => {
      await sleep(LOAD_BEFORE_STOP_MS);
      instances[0]!.signal('SIGKILL');
      await instances[0]!.exited;
    });
    await expectNothingFailed(load);

    const offset = nginx.accessLog().length;
    instances[0] = await startServerProcess(env, { port: ports[0] });
    await backInRotation(ports[0], offset, true);
  });

  it('fails no request during a rolling restart (SIGTERM A, start it, then B) under load', async () => {
    const load = await underLoad(async () => {
      await sleep(LOAD_BEFORE_STOP_MS);
      await restart(0);
      await backInRotation(ports[0], nginx.accessLog().length);
      await restart(1);
    });
    await expectNothingFailed(load);
  });
});
