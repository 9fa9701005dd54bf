// Public reads against bare Node: GET /api/cms/events and the landing page GET / (asked for as a
// browser asks, brotli accepted) on our server (demo content) and on a bare node:http server that
// answers the identical bytes — body and headers — measured in alternating rounds of the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startChildServer, waitUntilHealthyAt } from './lib/child-server.ts';
import { GOALS } from './lib/goals.ts';
import { compareAlternating, requireAll2xx, type RoundPlan, type Side } from './lib/load.ts';
import { thousands, type Cell } from './lib/table.ts';

const CONNECTIONS = 32;
const OURS_PORT = 3901;
const BARE_PORT = 3902;

/**
 * `/api/cms/events` stands for all six lists: they take the same path through the server (the
 * public fast lane) and it is the largest. `/` is what a visitor's browser asks for first.
 */
const TARGETS = [
  { path: '/api/cms/events', headers: {} as Record<string, string> },
  { path: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } as Record<string, string> },
];

/** Headers Node writes itself on both servers, so they are not part of the copied answer. */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

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
              Object.entries(response.headers)
                .filter(([name]) => !NODE_OWN_HEADERS.has(name))
                .map(([name, value]) => [name, String(value)]),
            ),
          }),
        );
      })
      .on('error', reject);
  });
}

/** A node:http server answering each path with the recorded body and headers, as its own process. */
async function startBareServer(answers: Record<string, { file: string; headers: Record<string, string> }>) {
  const source = `const http=require('node:http');const fs=require('node:fs');
const a=${JSON.stringify(answers)};const r={};for(const p in a)r[p]={b:fs.readFileSync(a[p].file),h:a[p].headers};
http.createServer((q,s)=>{const x=r[q.url];s.writeHead(200,x.h);s.end(x.b);}).listen(${BARE_PORT},'127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `http://127.0.0.1:${BARE_PORT}`;
  await waitUntilHealthyAt(`${origin}${TARGETS[0]!.path}`, child);
  return { origin, stop: () => child.kill('SIGTERM') };
}

export interface PublicPagesResult {
  path: string;
  bytes: number;
  encoding: string;
  cell: Cell;
}

export async function benchPublicPages(tmp: string, plan: RoundPlan): Promise<PublicPagesResult[]> {
  const ours = await startChildServer({
    port: OURS_PORT,
    databaseUrl: `sqlite:${path.join(tmp, 'public-pages.db')}`,
    dataDir: path.join(tmp, 'public-pages'),
    env: { SEED_DEMO: 'true' },
  });
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const answers: Record<string, { file: string; headers: Record<string, string> }> = {};
    for (const [index, target] of TARGETS.entries()) {
      await rawGet(`${ours.origin}${target.path}`, target.headers); // fills the caches, as any visitor would
      const sample = await rawGet(`${ours.origin}${target.path}`, target.headers);
      const file = path.join(tmp, `answer-${index}`);
      fs.writeFileSync(file, sample.body);
      answers[target.path] = { file, headers: sample.headers };
    }
    bare = await startBareServer(answers);
    const results: PublicPagesResult[] = [];
    for (const target of TARGETS) {
      const options = (origin: string) => ({
        url: `${origin}${target.path}`,
        connections: CONNECTIONS,
        headers: target.headers,
      });
      const subject: Side = { name: `ours ${target.path}`, options: options(ours.origin) };
      const reference: Side = { name: `bare node ${target.path}`, options: options(bare.origin) };
      const comparison = await compareAlternating(subject, reference, plan);
      requireAll2xx(subject, comparison.subject);
      requireAll2xx(reference, comparison.reference);
      const answer = answers[target.path]!;
      results.push({
        path: target.path,
        bytes: fs.statSync(answer.file).size,
        encoding: answer.headers['content-encoding'] ?? 'identity',
        cell: {
          met: comparison.ratio >= GOALS.minThroughputRatio,
          text:
            `**${comparison.ratio.toFixed(2)}×** — ${thousands(comparison.subject.rps)} vs ${thousands(comparison.reference.rps)} req/s, ` +
            `p99 ${comparison.subject.p99} vs ${comparison.reference.p99} ms`,
        },
      });
    }
    return results;
  } finally {
    bare?.stop();
    await ours.stop();
  }
}
