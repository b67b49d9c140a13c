/**
 * A small seeded random source for demo data, so that `--seed 42` gives the same fleet every time
 * (handy for benchmarks and bug reports). Not for anything secret: ids of real records come from
 * the domain's crypto-backed generateId.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks from [value, weight] pairs in proportion to the weights. */
  weighted<T>(choices: WeightedChoices<T>): T;
  /** A roughly bell-shaped float in [min, max] (mean of three uniforms). */
  around(min: number, max: number): number;
}

export type WeightedChoices<T> = readonly (readonly [T, number])[];

/** mulberry32: fast, 32-bit state, good enough spread for test data. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (choices) => {
      let total = 0;
      for (const [, weight] of choices) total += weight;
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1][0];
    },
    around: (min, max) => min + ((next() + next() + next()) / 3) * (max - min),
  };
}

/** Prepares weighted choices once for fast repeated picks (binary search over cumulative weights). */
export function weightedTable<T>(choices: WeightedChoices<T>): (random: Random) => T {
  const values = choices.map(([value]) => value);
  const cumulative: number[] = [];
  let total = 0;
  for (const [, weight] of choices) cumulative.push((total += weight));
  return (random) => {
    const roll = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > roll) hi = mid;
      else lo = mid + 1;
    }
    return values[lo];
  };
}

export const randomSeed = () => Math.floor(Math.random() * 2 ** 31);
