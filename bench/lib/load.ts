// HTTP load from the bench process with autocannon, against 127.0.0.1 only, for a bounded time.
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
}

export async function load(options: LoadOptions, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ ...options, duration: seconds });
  let ok = 0;
  const refused: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (code.startsWith('2')) ok += stats.count ?? 0;
    else refused[code] = stats.count ?? 0;
  }
  return { rps: ok / seconds, p99: result.latency.p99, ok, refused, errors: result.errors + result.timeouts };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface Side {
  name: string;
  options: LoadOptions;
}

export interface SideSummary {
  /** Medians over the rounds. */
  rps: number;
  p99: number;
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
    reference: await load(reference.options, plan.warmUpSeconds),
    subject: await load(subject.options, plan.warmUpSeconds),
  };
  const runs = { subject: [] as LoadResult[], reference: [] as LoadResult[] };
  for (let round = 0; round < plan.rounds; round += 1) {
    runs.reference.push(await load(reference.options, plan.seconds));
    runs.subject.push(await load(subject.options, plan.seconds));
  }
  const summary = (side: 'subject' | 'reference'): SideSummary => ({
    rps: median(runs[side].map((r) => r.rps)),
    p99: median(runs[side].map((r) => r.p99)),
    runs: runs[side],
    warmUp: warmUp[side],
  });
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
