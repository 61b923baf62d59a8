/**
 * One copy of each short string the loader keeps. JSON.parse gives every
 * file its own copy of the ids, names, labels, feed fields and types it
 * repeats ("topic:public-budgets", a feed's title in each of its
 * episodes): at 10,000 episodes such copies were 57 of 102 MB of strings
 * (a heap snapshot, docs/decisions/corpus.md). The pool belongs to one
 * loader state, so it never outlives its root.
 */
export interface StringPool {
  /** Replaces, in place, every pooled-length string inside `value` by its pooled copy; returns `value`. */
  intern<T>(value: T): T;
  /** One string's pooled copy (itself when too long to pool). */
  one(text: string): string;
  /** Distinct strings held. */
  readonly size: number;
  /** Times the pool was emptied because it reached its bound. */
  readonly resets: number;
}

export interface StringPoolLimits {
  /** Longer strings are left alone: prose is rarely repeated verbatim. */
  maxLength: number;
  /**
   * Past this many distinct strings the pool starts again empty, so strings
   * of removed files cannot accumulate; values already interned keep theirs.
   */
  maxEntries: number;
}

const DEFAULT_LIMITS: StringPoolLimits = { maxLength: 256, maxEntries: 2_000_000 };

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function createStringPool(limits: StringPoolLimits = DEFAULT_LIMITS): StringPool {
  let pool = new Map<string, string>();
  let resets = 0;
  const one = (text: string): string => {
    if (text.length > limits.maxLength) {
      return text;
    }
    const known = pool.get(text);
    if (known !== undefined) {
      return known;
    }
    if (pool.size >= limits.maxEntries) {
      pool = new Map();
      resets++;
    }
    pool.set(text, text);
    return text;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return one(value);
    }
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) {
      return value;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        value[i] = walk(value[i]);
      }
    } else if (value instanceof Map) {
      const entries = [...value];
      value.clear();
      for (const [key, item] of entries) {
        value.set(walk(key), walk(item));
      }
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value)) {
        value[key] = walk(value[key]);
      }
    }
    return value;
  };
  return {
    intern: <T>(value: T) => walk(value) as T,
    one,
    get size() {
      return pool.size;
    },
    get resets() {
      return resets;
    },
  };
}
