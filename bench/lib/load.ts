// HTTP load from the bench process with autocannon, against 127.0.0.1 only, for a bounded time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';

export type LoadOptions = Omit<autocannon.Options, 'duration'>;

export interface LoadResult {
  /** 2xx answers per second: a refused or failed request is not throughput. */
  rps: number;
  p99: number;
  /** 2xx answers in all. */
  ok: number;
  /** Answers by status code other than 2xx ('503': 12, …). */
  refused: Record<string, number>;
  errors: number;
  /** The server's CPU time (all its threads) during the run, when its pid was given. */
  serverCpuSeconds?: number;
  /** The part of it spent by the main thread, the event loop every request waits for. */
  eventLoopCpuSeconds?: number;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/**
 * User plus system CPU time a process has used so far, from /proc (Linux); with `mainThreadOnly`,
 * that of its main thread (whose thread id is the pid).
 */
function cpuSeconds(pid: number, mainThreadOnly = false): number {
  const stat = mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  // The command name, in brackets, may hold spaces: count fields from after it.
  const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

export async function load(options: LoadOptions, seconds: number, serverPid?: number): Promise<LoadResult> {
  const cpuBefore = serverPid === undefined ? 0 : cpuSeconds(serverPid);
  const loopBefore = serverPid === undefined ? 0 : cpuSeconds(serverPid, true);
  const result = await autocannon({ ...options, duration: seconds });
  const serverCpuSeconds = serverPid === undefined ? undefined : cpuSeconds(serverPid) - cpuBefore;
  const eventLoopCpuSeconds = serverPid === undefined ? undefined : cpuSeconds(serverPid, true) - loopBefore;
  let ok = 0;
  const refused: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (code.startsWith('2')) ok += stats.count ?? 0;
    else refused[code] = stats.count ?? 0;
  }
  return {
    rps: ok / seconds,
    p99: result.latency.p99,
    ok,
    refused,
    errors: result.errors + result.timeouts,
    serverCpuSeconds,
    eventLoopCpuSeconds,
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface Side {
  name: string;
  options: LoadOptions;
  /** The answering server's pid, to measure its CPU time per answer. */
  serverPid?: number;
}

export interface SideSummary {
  /** Medians over the rounds. */
  rps: number;
  p99: number;
  /** Median server CPU time per 2xx answer, in microseconds (when the server's pid is known). */
  cpuPerAnswerUs?: number;
  /** The same for the main thread alone. */
  eventLoopCpuPerAnswerUs?: number;
  /** Median share of one core the server used during a run (1 = one core fully busy). */
  serverBusy?: number;
  runs: LoadResult[];
  warmUp: LoadResult;
}

export interface Comparison {
  subject: SideSummary;
  reference: SideSummary;
  ratio: number;
}

export interface RoundPlan {
  rounds: number;
  seconds: number;
  warmUpSeconds: number;
}

/**
 * Both servers share the machine with the load generator, so a burst of other work skews whichever
 * measurement it lands in. Alternating rounds and comparing each side's median keeps that noise out
 * of the ratio. Each side is warmed up first (JIT, caches, connections).
 */
export async function compareAlternating(
  subject: Side,
  reference: Side,
  plan: RoundPlan,
): Promise<Comparison> {
  const warmUp = {
    reference: await load(reference.options, plan.warmUpSeconds, reference.serverPid),
    subject: await load(subject.options, plan.warmUpSeconds, subject.serverPid),
  };
  const runs = { subject: [] as LoadResult[], reference: [] as LoadResult[] };
  for (let round = 0; round < plan.rounds; round += 1) {
    runs.reference.push(await load(reference.options, plan.seconds, reference.serverPid));
    runs.subject.push(await load(subject.options, plan.seconds, subject.serverPid));
  }
  const summary = (side: 'subject' | 'reference'): SideSummary => {
    const measured = runs[side].filter((r) => r.serverCpuSeconds !== undefined && r.ok > 0);
    return {
      rps: median(runs[side].map((r) => r.rps)),
      p99: median(runs[side].map((r) => r.p99)),
      ...(measured.length && {
        cpuPerAnswerUs: median(measured.map((r) => (r.serverCpuSeconds! * 1e6) / r.ok)),
        eventLoopCpuPerAnswerUs: median(measured.map((r) => (r.eventLoopCpuSeconds! * 1e6) / r.ok)),
        serverBusy: median(measured.map((r) => r.serverCpuSeconds! / plan.seconds)),
      }),
      runs: runs[side],
      warmUp: warmUp[side],
    };
  };
  const result = { subject: summary('subject'), reference: summary('reference') };
  return { ...result, ratio: result.subject.rps / result.reference.rps };
}

/** Throws unless every answer of every run was a 2xx: a comparison of failures means nothing. */
export function requireAll2xx(side: Side, summary: SideSummary): void {
  for (const run of [summary.warmUp, ...summary.runs]) {
    if (Object.keys(run.refused).length || run.errors)
      throw new Error(`${side.name}: ${JSON.stringify(run.refused)} non-2xx, ${run.errors} errors`);
  }
}
