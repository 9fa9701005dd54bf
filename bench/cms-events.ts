// `npm run bench`: requests/s and p99 latency of GET /api/cms/events on our server (SQLite, demo
// content) against a bare node:http server returning the same bytes (body and headers), measured in
// the same run.
// Only 127.0.0.1; bounded duration. Prints figures; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

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

async function measure(url: string, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Both servers share the machine with the load generator, so short bursts of other work skew one
 * measurement. Alternating rounds and taking each side's median keeps that noise out of the ratio.
 */
async function compare(bareUrl: string, oursUrl: string) {
  await measure(bareUrl, 2); // warm-up
  await measure(oursUrl, 2);
  const bare: { rps: number; p99: number }[] = [];
  const ours: { rps: number; p99: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(await measure(bareUrl, DURATION_S / ROUNDS));
    ours.push(await measure(oursUrl, DURATION_S / ROUNDS));
  }
  const summary = (runs: typeof bare) => ({
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
  });
  return { bare: summary(bare), ours: summary(ours) };
}

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
  const oursUrl = `http://127.0.0.1:${OURS_PORT}/api/cms/events`;
  await waitFor(`http://127.0.0.1:${OURS_PORT}/api/health`);
  await fetch(oursUrl); // fills the content cache, as any visitor would
  const sample = await fetch(oursUrl);
  const body = await sample.text();
  const bodyFile = path.join(tmp, 'events.json');
  fs.writeFileSync(bodyFile, body);
  // Node adds these itself on both servers.
  const nodeOwn = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const headers = Object.fromEntries([...sample.headers].filter(([name]) => !nodeOwn.has(name)));

  // The reference: node:http answering the identical bytes — same body, same headers.
  const bare = `const http=require('node:http');const fs=require('node:fs');const b=fs.readFileSync(${JSON.stringify(bodyFile)});
const h=${JSON.stringify(headers)};
http.createServer((q,s)=>{s.writeHead(200,h);s.end(b);}).listen(${BARE_PORT},'127.0.0.1');`;
  children.push(start(['-e', bare], {}));
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/cms/events`;
  await waitFor(bareUrl);

  process.stdout.write(
    `GET /api/cms/events — ${body.length} bytes, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds, ${DURATION_S} s each side (medians)\n`,
  );
  const { bare: bareResult, ours } = await compare(bareUrl, oursUrl);
  const row = (name: string, r: { rps: number; p99: number }) =>
    `${name.padEnd(12)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms\n`;
  process.stdout.write(row('bare node', bareResult));
  process.stdout.write(row('ours', ours));
  process.stdout.write(
    `ratio (ours / bare node): ${(ours.rps / bareResult.rps).toFixed(2)}  (goal >= 0.70)\n`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(tmp, { recursive: true, force: true });
}
