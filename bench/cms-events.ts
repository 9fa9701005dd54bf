// `npm run bench`: requests/s and p99 latency of GET /api/cms/events on our server (SQLite, demo
// content) against a bare node:http server returning the same bytes, measured in the same run.
// Only 127.0.0.1; bounded duration. Prints figures; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 32;
const OURS_PORT = 3901;
const BARE_PORT = 3902;

function start(command: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, command, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
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

async function measure(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
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
  const sample = await fetch(oursUrl);
  const body = await sample.text();
  const bodyFile = path.join(tmp, 'events.json');
  fs.writeFileSync(bodyFile, body);

  // The reference: node:http answering the identical bytes with the same content type.
  const bare = `const http=require('node:http');const fs=require('node:fs');const b=fs.readFileSync(${JSON.stringify(bodyFile)});
http.createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json; charset=utf-8','content-length':b.length});s.end(b);})
.listen(${BARE_PORT},'127.0.0.1');`;
  children.push(start(['-e', bare], {}));
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/cms/events`;
  await waitFor(bareUrl);

  process.stdout.write(`GET /api/cms/events — ${body.length} bytes, ${CONNECTIONS} connections, ${DURATION_S} s each\n`);
  const bareResult = await measure(bareUrl);
  const ours = await measure(oursUrl);
  const row = (name: string, r: { rps: number; p99: number }) =>
    `${name.padEnd(12)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms\n`;
  process.stdout.write(row('bare node', bareResult));
  process.stdout.write(row('ours', ours));
  process.stdout.write(`ratio (ours / bare node): ${(ours.rps / bareResult.rps).toFixed(2)}  (goal >= 0.70)\n`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(tmp, { recursive: true, force: true });
}
