// `npm run build`: the web client (dist/web, dist/ssr) and the compiled server (dist/server).
// `node --import tsx scripts/build.ts web` or `… server` builds one part (scripts/launch.mjs asks for
// the stale ones only).
import { buildServer } from './build-server.ts';
import { buildWeb } from './build-web.ts';

const PARTS = ['web', 'server'] as const;
type Part = (typeof PARTS)[number];

const isPart = (name: string): name is Part => (PARTS as readonly string[]).includes(name);

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !isPart(name));
if (unknown.length) {
  process.stderr.write(`Unknown build part: ${unknown.join(', ')} (expected ${PARTS.join(' or ')})\n`);
  process.exit(2);
}
const parts = asked.length ? asked.filter(isPart) : PARTS;

if (parts.includes('web')) await buildWeb('dist', { logLevel: 'info' });
if (parts.includes('server')) {
  const started = performance.now();
  await buildServer();
  process.stdout.write(`Server compiled into dist/server in ${Math.round(performance.now() - started)} ms\n`);
}
