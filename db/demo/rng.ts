// A small seeded PRNG (mulberry32) so the demo data is identical on every run and every machine.

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks from [item, weight] pairs. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** n distinct items, in random order (fewer if the input is shorter). */
  sample<T>(items: readonly T[], n: number): T[];
  /** An independent stream: adding draws to one part of the seed does not shift the others. */
  fork(label: string): Rng;
}

/** FNV-1a, 32 bit: turns a label into a seed. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function createRng(seed: number | string): Rng {
  const base = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  const next = mulberry32(base);

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy;
  };

  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [item, weight] of entries) {
        roll -= weight;
        if (roll < 0) return item;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    shuffle,
    sample: (items, n) => shuffle(items).slice(0, Math.max(0, n)),
    fork: (label) => createRng((base ^ hashSeed(label)) >>> 0),
  };
}
