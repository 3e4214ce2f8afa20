// Latency figures of the data benchmarks. `measure`: each argument run once to warm plans and
// caches, then `runs` timed rounds over all of them. `warmUp` and `timedCalls`: the same over HTTP
// calls, in blocks the caller may interleave between servers, `concurrency` calls in flight at once
// (1: one after the other). p50, p95 and p99 of every timed call.

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

/** p50, p95 and p99 of timed calls. */
export const summarize = (samples: readonly number[]): Latencies => latencies([...samples]);

/** `count` untimed calls of `run` over `args` in rounds, one at a time: plans, caches and connections settle. */
export async function warmUp<T>(run: (arg: T) => Promise<unknown>, args: readonly T[], count: number): Promise<void> {
  for (let index = 0; index < Math.max(count, args.length); index++) await run(args[index % args.length]!);
}

/**
 * `count` timed calls of `run` over `args` in rounds (from `args[first % args.length]` on),
 * `concurrency` workers taking the next call as soon as theirs answered; the duration of each.
 */
export async function timedCalls<T>(run: (arg: T) => Promise<unknown>, args: readonly T[], count: number, concurrency: number, first = 0): Promise<number[]> {
  if (args.length === 0) throw new Error('timedCalls: nothing to call');
  let next = 0;
  const samples: number[] = [];
  const worker = async () => {
    while (next < count) {
      const arg = args[(first + next++) % args.length]!;
      const started = performance.now();
      await run(arg);
      samples.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return samples;
}
