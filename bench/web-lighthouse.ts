// `npm run bench:web`: Lighthouse 12 (mobile emulation, Debian's Chromium, default settings) on the
// landing page with the demo content, and on a zero-JavaScript copy of the very same rendered page —
// its bytes and headers without its scripts, answered in front of the same server in the same run:
// what the page would score if it ran no script at all (issue 27). 3 runs each, alternating; prints
// medians, Lighthouse's CPU benchmark of the machine (so figures from different machines are not
// confused), and when the consent banner appears after load in Chromium without throttling.
// Then the admin's pages (issue 37, bench/lib/admin-pages.ts): /admin/login, and signed in the
// dashboard and the bookings screen, beside another build's when `--admin-reference=DIR` names one
// (a dist folder, e.g. of the commit before a change).
// `--reference=DIR` measures another checkout's landing page in the same run, alternating: its own
// build and server (e.g. `git worktree add ../base <commit>`, `npm run build` there), so a change to
// how the server writes the page is compared too.
// Only 127.0.0.1; asserts nothing. `--dist=DIR` measures that build as it is (e.g. an older one);
// `--only=landing` or `--only=admin` measures one part.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { buildWeb, webBuildIsStale } from '../scripts/build-web.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts';
import { startTestServer } from '../e2e/support/server.ts';
import { freePort } from '../src/server/testing/free-port.ts';
import { startChildServer, type ChildServer } from './lib/child-server.ts';
import { ADMIN_GOALS, measureAdminPages, type AdminFigures } from './lib/admin-pages.ts';
import { measureBanner } from './lib/banner-timing.ts';
import { audit, summary, type RunResult, type Summary } from './lib/lighthouse-audit.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Issue 27's goals on the 2-core machine (median of three runs). */
const GOALS = { performance: 95, tbt: 150, lcp: 1800, cls: 0.02, bannerAfterLoad: 2200 } as const;

const argument = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
const distArgument = argument('dist');
const only = argument('only');
const adminReference = argument('admin-reference');
const landingReference = argument('reference');
const source = distArgument ?? process.env.RANGE_DIST_DIR ?? 'dist';
if (!distArgument && webBuildIsStale(source)) await buildWeb(source);
// A private copy of the build, named to every server this bench starts: the test server's default
// build folder is fixed when its module is first imported (bench/lib/admin-pages.ts imports it
// before this file runs), so a `--dist` given only through RANGE_DIST_DIR measured ./dist instead.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'range-lighthouse-'));
fs.cpSync(source, dist, { recursive: true });
const webRoot = path.join(dist, 'web');

/** The page without anything that runs: its module scripts and their preloads (JSON blocks stay). */
const withoutScripts = (html: string) =>
  html.replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');

// The copy is served with the page's own headers (the server sends a stray .html file from the build
// under `default-src 'none'`), by a small proxy in front of the server that passes every other
// request (assets, uploads) through.
const STATIC_NAME = 'landing-without-script.html';
const server = await startTestServer({ NODE_ENV: 'production' }, webRoot);
const pageAnswer = await fetch(`${server.url}/`);
const rendered = Buffer.from(withoutScripts(await pageAnswer.text()));
const staticHeaders = Object.fromEntries(
  [...pageAnswer.headers].filter(
    ([name]) => !['content-length', 'content-encoding', 'etag', 'date'].includes(name),
  ),
);
const staticBrotli = zlib.brotliCompressSync(rendered);
const upstream = new URL(server.url);
const front = http.createServer((request, response) => {
  if (request.url === `/${STATIC_NAME}`) {
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      ...staticHeaders,
      ...(brotli ? { 'content-encoding': 'br' } : {}),
      'content-length': String(brotli ? staticBrotli.length : rendered.length),
    });
    response.end(brotli ? staticBrotli : rendered);
    return;
  }
  const forward = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      path: request.url,
      method: request.method,
      headers: request.headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forward.on('error', () => response.destroy());
  request.pipe(forward);
});
await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});

const ratio = (ours: number, ref: number) => (ref > 0 ? (ours / ref).toFixed(2) : '—');
const line = (name: string, s: Summary) =>
  `${name.padEnd(20)} perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}  best ${String(s.bestPractices).padStart(3)}  seo ${String(s.seo).padStart(3)}  LCP ${s.lcp.toFixed(0).padStart(5)} ms  CLS ${s.cls.toFixed(3)}  TBT ${s.tbt.toFixed(0).padStart(4)} ms  transfer ${s.kb.toFixed(0)} KB (JS ${s.scriptKb.toFixed(0)} KB)\n` +
  `${''.padEnd(20)} main thread ${s.mainThread.toFixed(0)} ms (script evaluation ${s.scripting.toFixed(0)}, style and layout ${s.styleLayout.toFixed(0)}), ${s.longTasks} long tasks\n`;
const check = (met: boolean) => (met ? '✓' : '✗');

/** The reference checkout's server, on a throwaway SQLite database with its demo content. */
async function startReference(checkout: string): Promise<{ server: ChildServer; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-reference-'));
  const server = await startChildServer({
    checkout,
    port: await freePort(),
    databaseUrl: `sqlite:${path.join(dataDir, 'app.db')}`,
    dataDir,
  });
  return { server, dataDir };
}

async function reportLanding(): Promise<void> {
  const page: RunResult[] = [];
  const reference: RunResult[] = [];
  const checkout: RunResult[] = [];
  const other = landingReference ? await startReference(landingReference) : undefined;
  try {
    for (let run = 0; run < RUNS; run += 1) {
      page.push(await audit(`${server.url}/`, chrome.port, 'page'));
      if (other) checkout.push(await audit(`${other.server.origin}/`, chrome.port, 'reference checkout'));
      reference.push(await audit(`${frontUrl}/${STATIC_NAME}`, chrome.port, 'without script'));
    }
  } finally {
    await other?.server.stop();
    if (other) fs.rmSync(other.dataDir, { recursive: true, force: true });
  }
  const banner = await measureBanner(`${server.url}/`);
  const ours = summary(page);
  const ref = summary(reference);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  process.stdout.write(
    `Lighthouse ${RUNS} runs each, mobile emulation, medians; benchmarkIndex ${ours.benchmarkIndex.toFixed(0)} (runs: ${page.map((r) => r.benchmarkIndex.toFixed(0)).join(', ')}); load average ${load}\n`,
  );
  process.stdout.write(line('GET /', ours));
  if (checkout.length) {
    const theirs = summary(checkout);
    process.stdout.write(line('reference checkout', theirs));
    process.stdout.write(
      `${''.padEnd(20)} ours against the reference: LCP ${ratio(ours.lcp, theirs.lcp)}×, FCP ${ours.fcp.toFixed(0)} against ${theirs.fcp.toFixed(0)} ms\n`,
    );
  }
  process.stdout.write(line('copy without script', ref));
  process.stdout.write(
    `Goals (issue 27): ${check(ours.performance >= GOALS.performance)} performance ${ours.performance} >= ${GOALS.performance}; ` +
      `${check(ours.tbt <= GOALS.tbt)} TBT ${ours.tbt.toFixed(0)} <= ${GOALS.tbt} ms; ` +
      `${check(ours.lcp <= GOALS.lcp)} LCP ${ours.lcp.toFixed(0)} <= ${GOALS.lcp} ms (${ratio(ours.lcp, ref.lcp)}× the copy); ` +
      `${check(ours.cls <= GOALS.cls)} CLS ${ours.cls.toFixed(3)} <= ${GOALS.cls}; ` +
      `${check(ours.accessibility === 100 && ours.bestPractices === 100 && ours.seo === 100)} a11y/best/seo 100\n`,
  );
  process.stdout.write(
    `Consent banner (Chromium, no throttling, median of ${banner.runs.length}): ${check(banner.afterLoad <= GOALS.bannerAfterLoad)} ${banner.afterLoad.toFixed(0)} ms after load (goal <= ${GOALS.bannerAfterLoad}), ${banner.afterStart.toFixed(0)} ms after navigation start; runs ${banner.runs.map((r) => r.toFixed(0)).join(', ')}\n`,
  );
}

const adminLine = (name: string, s: Summary) =>
  `${name.padEnd(28)} perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}  FCP ${s.fcp.toFixed(0).padStart(5)} ms  LCP ${s.lcp.toFixed(0).padStart(5)} ms  TBT ${s.tbt.toFixed(0).padStart(4)} ms  CLS ${s.cls.toFixed(3)}  JS ${s.scriptKb.toFixed(0)} KB\n`;

function reportAdmin(figures: AdminFigures[]): void {
  process.stdout.write(`Admin pages, Lighthouse ${RUNS} runs each, mobile emulation, medians:\n`);
  for (const { path: page, ours, reference } of figures) {
    process.stdout.write(adminLine(page, ours));
    if (reference) process.stdout.write(adminLine(`  reference build`, reference));
    const goals =
      page === '/admin/login'
        ? `${check(ours.performance >= ADMIN_GOALS.login.performance)} performance ${ours.performance} >= ${ADMIN_GOALS.login.performance}; ${check(ours.lcp <= ADMIN_GOALS.login.lcp)} LCP ${ours.lcp.toFixed(0)} <= ${ADMIN_GOALS.login.lcp} ms`
        : `${check(ours.tbt <= ADMIN_GOALS.signedIn.tbt)} TBT ${ours.tbt.toFixed(0)} <= ${ADMIN_GOALS.signedIn.tbt} ms; ${check(ours.lcp <= ADMIN_GOALS.signedIn.lcp)} LCP ${ours.lcp.toFixed(0)} <= ${ADMIN_GOALS.signedIn.lcp} ms`;
    process.stdout.write(`  goals (issue 37): ${goals}\n`);
  }
}

try {
  if (only !== 'admin') await reportLanding();
  if (only !== 'landing')
    reportAdmin(
      await measureAdminPages(
        chrome.port,
        RUNS,
        webRoot,
        adminReference ? path.resolve(adminReference, 'web') : undefined,
      ),
    );
} finally {
  chrome.kill();
  front.close();
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
}
