// Latency figures of the data benchmarks: each argument run once to warm plans and caches, then
// `runs` timed rounds over all of them; p50 and p95 of every timed call.

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;

export interface Latencies {
  p50: number;
  p95: number;
  n: number;
}

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
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}
