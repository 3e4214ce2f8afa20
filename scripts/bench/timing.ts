// Latency figures of the data benchmarks. `measure`: each argument run once to warm plans and
// caches, then `runs` timed rounds over all of them. `measureRequests`: the same over HTTP calls,
// warm-up rounds first, then rounds until `samples` timed calls, `concurrency` of them in flight at
// once (1: one after the other). Both give p50, p95 and p99 of every timed call.

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;

export interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  n: number;
}

const latencies = (samples: number[]): Latencies => {
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), n: samples.length };
};

export async function measure<T>(run: (arg: T) => Promise<unknown>, args: readonly T[], runs: number): Promise<Latencies> {
  for (const arg of args) await run(arg);
  const samples: number[] = [];
  for (let round = 0; round < runs; round++) {
    for (const arg of args) {
      const started = performance.now();
      await run(arg);
      samples.push(performance.now() - started);
    }
  }
  return latencies(samples);
}

export interface RequestPlan {
  /** Untimed calls before the timed ones (at least one round over every argument). */
  warmup: number;
  /** Timed calls. */
  samples: number;
  /** Calls in flight at once. */
  concurrency: number;
}

/**
 * The calls `run(args[0])`, `run(args[1])`… in rounds over `args`: `warmup` untimed, then `samples`
 * timed, `concurrency` workers taking the next call as soon as theirs answered.
 */
export async function measureRequests<T>(run: (arg: T) => Promise<unknown>, args: readonly T[], plan: RequestPlan): Promise<Latencies> {
  if (args.length === 0) throw new Error('measureRequests: nothing to call');
  const warmup = Math.max(plan.warmup, args.length);
  let next = 0;
  const samples: number[] = [];
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= warmup + plan.samples) return;
      const started = performance.now();
      await run(args[index % args.length]!);
      if (index >= warmup) samples.push(performance.now() - started);
    }
  };
  // The warm-up one call at a time, whatever the concurrency: plans, caches and connections settle first.
  while (next < warmup) await run(args[next++ % args.length]!);
  await Promise.all(Array.from({ length: Math.max(1, plan.concurrency) }, worker));
  return latencies(samples);
}
