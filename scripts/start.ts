// `npm start`: builds the web client when the build is missing or older than its sources, then
// starts the server. Reads ./.env when present.
import { buildWeb, webBuildIsStale } from './build-web.ts';
import { loadDotEnv } from './dot-env.ts';

loadDotEnv();

if (webBuildIsStale()) {
  process.stdout.write('Building the web client (first start or sources changed)…\n');
  await buildWeb();
}

const { main } = await import('../src/server/server.ts');
await main();
