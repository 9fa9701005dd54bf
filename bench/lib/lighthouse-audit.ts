// One Lighthouse run (mobile emulation, default settings: simulated slow 4G and a 4× CPU slowdown) and
// the figures `npm run bench:web` prints from it, with the medians of several runs.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * BENCH_CPU_SLOWDOWN=n replaces Lighthouse's 4× CPU slowdown, to see on a fast day what a slower one
 * gives: 4 × (today's benchmarkIndex / the other day's) stands for the other day. Not the default:
 * the goals are Lighthouse's default settings.
 */
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : undefined;

export interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** Transfer sizes, bytes. */
  bytes: number;
  scriptBytes: number;
  /** The main thread's work under the slowdown, ms: all of it, script evaluation, style and layout. */
  mainThread: number;
  scripting: number;
  styleLayout: number;
  longTasks: number;
  /** Lighthouse's CPU benchmark of this machine (a typical 2024 desktop scores about 2,000). */
  benchmarkIndex: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One Lighthouse run; a run Lighthouse itself reports as failed (now and then, NO_LCP) is run again. */
async function lighthouseRun(url: string, port: number, keepStorage: boolean, attempts = 3): Promise<Lhr> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      // A signed-in admin page needs the session the bench put in the browser's storage.
      disableStorageReset: keepStorage,
      onlyCategories: [...CATEGORIES],
      ...(CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    process.stderr.write(
      `  Lighthouse failed on ${url} (${runtimeError.code}), attempt ${attempt} of ${attempts}\n`,
    );
    if (attempt === attempts) throw new Error(`${url}: ${runtimeError.message}`);
  }
}

type Items<T> = { items?: T[] } | undefined;

/** Scripting and style-and-layout time from the main-thread breakdown (group names per Lighthouse). */
function mainThreadGroups(lhr: Lhr) {
  const items =
    (lhr.audits['mainthread-work-breakdown']?.details as Items<{ group: string; duration: number }>)?.items ??
    [];
  const group = (name: string) =>
    items.filter((i) => i.group === name).reduce((sum, i) => sum + i.duration, 0);
  return { scripting: group('scriptEvaluation'), styleLayout: group('styleLayout') };
}

export async function audit(
  url: string,
  port: number,
  label: string,
  keepStorage = false,
): Promise<RunResult> {
  const lhr = await lighthouseRun(url, port, keepStorage);
  if (process.env.BENCH_LHR_DIR) {
    // The whole report, to read what a figure is made of (the LCP element, the request chain).
    const name = `${label.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`;
    fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = (
    lhr.audits['resource-summary']?.details as Items<{ resourceType: string; transferSize: number }>
  )?.items;
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  if (failed.length) process.stderr.write(`  (${label}) failing audits: ${failed.join(', ')}\n`);
  const longTasks = (lhr.audits['long-tasks']?.details as Items<unknown>)?.items?.length ?? 0;
  const result: RunResult = {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as RunResult['scores'],
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    bytes: resources?.find((i) => i.resourceType === 'total')?.transferSize ?? Number.NaN,
    scriptBytes: resources?.find((i) => i.resourceType === 'script')?.transferSize ?? Number.NaN,
    mainThread: numeric('mainthread-work-breakdown'),
    ...mainThreadGroups(lhr),
    longTasks,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
  process.stderr.write(
    `  ${label}: perf ${result.scores.performance}, TBT ${result.tbt.toFixed(0)} ms, LCP ${result.lcp.toFixed(0)} ms, benchmarkIndex ${result.benchmarkIndex}\n`,
  );
  return result;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function summary(runs: RunResult[]) {
  const of = (pick: (r: RunResult) => number) => median(runs.map(pick));
  return {
    performance: of((r) => r.scores.performance),
    accessibility: of((r) => r.scores.accessibility),
    bestPractices: of((r) => r.scores['best-practices']),
    seo: of((r) => r.scores.seo),
    fcp: of((r) => r.fcp),
    lcp: of((r) => r.lcp),
    cls: of((r) => r.cls),
    tbt: of((r) => r.tbt),
    kb: of((r) => r.bytes) / 1024,
    scriptKb: of((r) => r.scriptBytes) / 1024,
    mainThread: of((r) => r.mainThread),
    scripting: of((r) => r.scripting),
    styleLayout: of((r) => r.styleLayout),
    longTasks: of((r) => r.longTasks),
    benchmarkIndex: of((r) => r.benchmarkIndex),
  };
}

export type Summary = ReturnType<typeof summary>;
