// `npm run bench`: requests/s and p99 latency of GET /api/cms/events and of the landing page GET /
// (as a browser asks for it: brotli accepted) on our server (SQLite, demo content) against a bare
// node:http server returning the same bytes (body and headers), measured in the same run.
// Only 127.0.0.1; bounded duration. Prints figures; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import autocannon from 'autocannon';
import { buildWeb, webBuildIsStale } from '../scripts/build-web.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const ROUNDS = 3;
const CONNECTIONS = 32;
const OURS_PORT = 3901;
const BARE_PORT = 3902;

function start(command: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, command, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => {
    if (code && code !== 0) process.stderr.write(`${command.join(' ')} exited with ${code}\n`);
  });
  return child;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** What the browser sends for the landing page; the API call is a plain fetch. */
const TARGETS = [
  { path: '/api/cms/events', headers: {} as Record<string, string> },
  { path: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } as Record<string, string> },
];

/** The raw answer (body bytes exactly as sent, still compressed) and its headers. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
            ),
          }),
        );
      })
      .on('error', reject);
  });
}

async function measure(url: string, seconds: number, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Both servers share the machine with the load generator, so short bursts of other work skew one
 * measurement. Alternating rounds and taking each side's median keeps that noise out of the ratio.
 */
async function compare(bareUrl: string, oursUrl: string, headers: Record<string, string>) {
  await measure(bareUrl, 2, headers); // warm-up
  await measure(oursUrl, 2, headers);
  const bare: { rps: number; p99: number }[] = [];
  const ours: { rps: number; p99: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(await measure(bareUrl, DURATION_S / ROUNDS, headers));
    ours.push(await measure(oursUrl, DURATION_S / ROUNDS, headers));
  }
  const summary = (runs: typeof bare) => ({
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
  });
  return { bare: summary(bare), ours: summary(ours) };
}

if (webBuildIsStale()) await buildWeb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-bench-'));
const children: ChildProcess[] = [];
try {
  children.push(
    start(['--import', 'tsx', 'src/server/server.ts'], {
      PORT: String(OURS_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(tmp, 'bench.db')}`,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      OUTBOX_DIR: path.join(tmp, 'outbox'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
    }),
  );
  const oursBase = `http://127.0.0.1:${OURS_PORT}`;
  await waitFor(`${oursBase}/api/health`);
  // Node adds these itself on both servers.
  const nodeOwn = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);
  const answers: Record<string, { file: string; headers: Record<string, string> }> = {};
  for (const [index, target] of TARGETS.entries()) {
    await rawGet(`${oursBase}${target.path}`, target.headers); // fills the caches, as any visitor would
    const sample = await rawGet(`${oursBase}${target.path}`, target.headers);
    const file = path.join(tmp, `answer-${index}`);
    fs.writeFileSync(file, sample.body);
    answers[target.path] = {
      file,
      headers: Object.fromEntries(Object.entries(sample.headers).filter(([name]) => !nodeOwn.has(name))),
    };
  }

  // The reference: node:http answering the identical bytes — same body, same headers — per path.
  const bare = `const http=require('node:http');const fs=require('node:fs');
const a=${JSON.stringify(answers)};const r={};for(const p in a)r[p]={b:fs.readFileSync(a[p].file),h:a[p].headers};
http.createServer((q,s)=>{const x=r[q.url];s.writeHead(200,x.h);s.end(x.b);}).listen(${BARE_PORT},'127.0.0.1');`;
  children.push(start(['-e', bare], {}));
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  await waitFor(`${bareBase}/`);

  const row = (name: string, r: { rps: number; p99: number }) =>
    `  ${name.padEnd(10)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms\n`;
  for (const target of TARGETS) {
    const bytes = fs.statSync(answers[target.path]!.file).size;
    const encoding = answers[target.path]!.headers['content-encoding'] ?? 'identity';
    process.stdout.write(
      `GET ${target.path} — ${bytes} bytes (${encoding}), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds, ${DURATION_S} s each side (medians)\n`,
    );
    const { bare: bareResult, ours } = await compare(
      `${bareBase}${target.path}`,
      `${oursBase}${target.path}`,
      target.headers,
    );
    process.stdout.write(row('bare node', bareResult));
    process.stdout.write(row('ours', ours));
    process.stdout.write(
      `  ratio (ours / bare node): ${(ours.rps / bareResult.rps).toFixed(2)}  (goal >= 0.70)\n`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(tmp, { recursive: true, force: true });
}
