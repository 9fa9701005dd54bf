// What the public fast lane buys (docs/decisions/0448): the same cached answers on one server, asked
// for with and without it. The lane matches a request's exact path, so `?via=fastify` sends the very
// same request through Fastify's routing and hooks to the cached route, which answers from the same
// cache with the same bytes (lib/cached-answer.ts); no switch in the server is needed. Alternating
// rounds on the compiled server (SQLite, demo content), the server's CPU per answer from /proc.
// Prints figures and asserts nothing.
// Run alone: node --import tsx bench/fast-lane.ts [--seconds=N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, startChildServer } from './lib/child-server.ts';
import { compareAlternating, requireAll2xx, type SideSummary } from './lib/load.ts';
import { thousands } from './lib/table.ts';

const PORT = 3921;
const CONNECTIONS = 32;
const ROUNDS = 3;
const WARM_UP_SECONDS = 2;
const THROUGH_FASTIFY = '?via=fastify';
const TARGETS = [
  { path: '/api/cms/events', headers: {} as Record<string, string> },
  { path: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } as Record<string, string> },
];

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const plan = { rounds: ROUNDS, seconds: Number(args.seconds), warmUpSeconds: WARM_UP_SECONDS };

/** Both ways must send the same body, or the comparison would measure something else. */
async function sameBody(origin: string, target: (typeof TARGETS)[number]): Promise<number> {
  const bodies = await Promise.all(
    ['', THROUGH_FASTIFY].map(async (query) => {
      const response = await fetch(`${origin}${target.path}${query}`, { headers: target.headers });
      if (!response.ok) throw new Error(`GET ${target.path}${query}: ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    }),
  );
  if (!bodies[0]!.equals(bodies[1]!)) throw new Error(`${target.path}: the two ways answer different bodies`);
  return bodies[0]!.length;
}

const side = (s: SideSummary) =>
  `${thousands(s.rps)} req/s, p99 ${s.p99} ms, ${s.cpuPerAnswerUs?.toFixed(0)} µs CPU per answer ` +
  `(${s.eventLoopCpuPerAnswerUs?.toFixed(0)} on the event loop)`;

await ensureBuilt();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-fast-lane-'));
const server = await startChildServer({
  port: PORT,
  databaseUrl: `sqlite:${path.join(tmp, 'app.db')}`,
  dataDir: tmp,
  env: { SEED_DEMO: 'true' },
});
try {
  for (const target of TARGETS) {
    await sameBody(server.origin, target); // fills the caches, as any visitor would
    const bytes = await sameBody(server.origin, target);
    const url = (query: string) => `${server.origin}${target.path}${query}`;
    const options = (query: string) => ({
      url: url(query),
      connections: CONNECTIONS,
      headers: target.headers,
    });
    const lane = { name: `lane ${target.path}`, serverPid: server.pid, options: options('') };
    const fastify = {
      name: `Fastify ${target.path}`,
      serverPid: server.pid,
      options: options(THROUGH_FASTIFY),
    };
    const comparison = await compareAlternating(lane, fastify, plan);
    requireAll2xx(lane, comparison.subject);
    requireAll2xx(fastify, comparison.reference);
    process.stdout.write(
      `GET ${target.path} (${bytes} bytes): lane/Fastify **${comparison.ratio.toFixed(2)}×**\n` +
        `  with the lane:    ${side(comparison.subject)}\n  through Fastify:  ${side(comparison.reference)}\n`,
    );
  }
} finally {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
