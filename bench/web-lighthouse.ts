// `npm run bench:web`: Lighthouse 12 (mobile emulation, Debian's Chromium) on the landing page with
// the demo content, and on a static-HTML copy of the very same rendered page, with its headers, in
// front of the same server in the same run (the reference: what a page with no server work at all would score).
// 3 runs each, alternating; prints medians. Only 127.0.0.1; asserts nothing.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWeb, webBuildIsStale } from '../scripts/build-web.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

if (webBuildIsStale()) await buildWeb();
// A private copy of the build, as the e2e servers use.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'range-lighthouse-'));
fs.cpSync('dist', dist, { recursive: true });
process.env.RANGE_DIST_DIR = dist;
const { startTestServer } = await import('../e2e/support/server.ts');

// The static copy is the page's bytes with the page's own headers (its CSP lets the scripts run;
// the server sends a stray .html file from the build under `default-src 'none'`), answered by a
// small proxy in front of the server, which passes every other request (assets, uploads) through.
const STATIC_NAME = 'landing-static.html';
const server = await startTestServer({ NODE_ENV: 'production' });
const pageAnswer = await fetch(`${server.url}/`);
const rendered = Buffer.from(await pageAnswer.arrayBuffer());
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

interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  cls: number;
  tbt: number;
  bytes: number;
  scriptBytes: number;
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});

/** One Lighthouse run; a run Lighthouse itself reports as failed (now and then, NO_LCP) is run again. */
async function lighthouseRun(url: string, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    process.stdout.write(
      `  Lighthouse failed on ${url} (${runtimeError.code}), attempt ${attempt} of ${attempts}\n`,
    );
    if (attempt === attempts) throw new Error(`${url}: ${runtimeError.message}`);
  }
}

async function audit(url: string): Promise<RunResult> {
  const lhr = await lighthouseRun(url);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  if (failed.length)
    process.stdout.write(
      `  (${url.endsWith(STATIC_NAME) ? 'static' : 'page'}) failing audits: ${failed.join(', ')}\n`,
    );
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as RunResult['scores'],
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    bytes: items?.find((i) => i.resourceType === 'total')?.transferSize ?? Number.NaN,
    scriptBytes: items?.find((i) => i.resourceType === 'script')?.transferSize ?? Number.NaN,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const page: RunResult[] = [];
  const reference: RunResult[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    page.push(await audit(`${server.url}/`));
    reference.push(await audit(`${frontUrl}/${STATIC_NAME}`));
  }
  const summary = (runs: RunResult[]) => ({
    performance: median(runs.map((r) => r.scores.performance)),
    accessibility: median(runs.map((r) => r.scores.accessibility)),
    bestPractices: median(runs.map((r) => r.scores['best-practices'])),
    seo: median(runs.map((r) => r.scores.seo)),
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    kb: median(runs.map((r) => r.bytes)) / 1024,
    scriptKb: median(runs.map((r) => r.scriptBytes)) / 1024,
  });
  const ours = summary(page);
  const ref = summary(reference);
  const line = (name: string, s: ReturnType<typeof summary>) =>
    `${name.padEnd(14)} perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}  best ${String(s.bestPractices).padStart(3)}  seo ${String(s.seo).padStart(3)}  LCP ${s.lcp.toFixed(0).padStart(5)} ms  CLS ${s.cls.toFixed(3)}  TBT ${s.tbt.toFixed(0).padStart(4)} ms  transfer ${s.kb.toFixed(0)} KB (JS ${s.scriptKb.toFixed(0)} KB)\n`;
  process.stdout.write(`Lighthouse ${RUNS} runs each, mobile emulation, medians\n`);
  process.stdout.write(line('GET /', ours));
  process.stdout.write(line('static copy', ref));
  process.stdout.write(
    `LCP ratio (page / static copy): ${(ours.lcp / ref.lcp).toFixed(2)}  (goal <= 1.15); goals (issue 18): perf >= 98, LCP <= 1800 ms, TBT <= 50 ms, a11y/best/seo = 100, CLS < 0.02, JS <= 120 KB\n`,
  );
} finally {
  chrome.kill();
  front.close();
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
}
