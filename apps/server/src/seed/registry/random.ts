// Deterministic pseudo-random numbers: each association draws from its own generator, seeded by
// (run seed, association index), so any slice of the registry can be generated on its own.

/** 32-bit FNV-1a of a string, to turn a seed text into a number. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  digits(count: number): string;
}

/** mulberry32, seeded by the run seed mixed with the index. */
export function randomFor(seed: number, index: number): Random {
  let state = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // A few rounds so that neighbouring indexes do not start alike.
  next();
  next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
    digits: (count: number) => {
      let out = '';
      for (let i = 0; i < count; i++) out += String(Math.floor(next() * 10));
      return out;
    },
  };
}
