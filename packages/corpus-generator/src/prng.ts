/**
 * Seeded randomness. Every stream is a mulberry32 generator whose seed is
 * derived from the corpus seed plus a stable key (feed index, episode index,
 * purpose), so changing one knob (say, transcript length) never reshuffles
 * unrelated parts of the corpus.
 */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Uniform float in [min, max), rounded to `digits` decimals. */
  float(min: number, max: number, digits: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A shuffled copy; the input is left untouched. */
  shuffle<T>(items: readonly T[]): T[];
  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return {
    next,
    int,
    float: (min, max, digits) => roundTo(min + next() * (max - min), digits),
    pick: (items) => {
      if (items.length === 0) {
        throw new Error('pick from an empty list');
      }
      return items[int(0, items.length - 1)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, Math.max(0, count)),
  };
}

/** FNV-1a over the joined parts: a cheap, stable 32-bit seed for a sub-stream. */
export function deriveSeed(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5;
  const key = parts.join('\u001f');
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Draws items in a shuffled order and reshuffles once all were used, so repeats stay rare. */
export function createDeck<T>(rng: Rng, items: readonly T[]): () => T {
  let pile: T[] = [];
  return () => {
    if (pile.length === 0) {
      pile = rng.shuffle(items);
    }
    return pile.pop() as T;
  };
}
