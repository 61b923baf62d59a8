import { createObjectShapes, type ObjectShapes } from './object-shapes.js';

/**
 * One copy of each short string the loader keeps. JSON.parse gives every
 * file its own copy of the ids, names, labels, feed fields and types it
 * repeats ("topic:public-budgets", a feed's title in each of its
 * episodes), and such copies were most of the heap's strings
 * (docs/decisions/corpus.md). The pool belongs to one
 * loader state, so it never outlives its root.
 */
export interface StringPool {
  /**
   * `value` with every pooled-length string inside it replaced by its
   * pooled copy, short string lists shared and plain objects given their
   * shape (`object-shapes.ts`): arrays and Maps are changed in place,
   * plain objects come back as new objects, so use the result.
   */
  intern<T>(value: T): T;
  /** One string's pooled copy, whatever its length. */
  one(text: string): string;
  /** Distinct strings, shared lists and shared objects held. */
  readonly size: number;
  /** Times the pool was emptied because it reached its bound. */
  readonly resets: number;
  /** Forgets every string, list and object; the values keep theirs. */
  clear(): void;
  /** The longest string `intern` pools. */
  readonly maxLength: number;
  /**
   * The kept form of a plain object whose fields are kept values already:
   * shared by content when it is small and holds only short strings,
   * booleans, nulls and shared lists (a topic, a person, an identity),
   * else a copy of its shape (`object-shapes.ts`). `intern` gives every
   * plain object this form; the projection's reader and the records use it.
   */
  settle<T extends object>(value: T, keys?: readonly string[]): T;
  /** The object shapes `settle` builds with; the projection's reader builds with them too. */
  readonly shapes: ObjectShapes;
}

export interface StringPoolLimits {
  /** `intern` leaves longer strings alone: prose is rarely repeated verbatim. */
  maxLength: number;
  /**
   * Past this many distinct strings the pool starts again empty, so strings
   * of removed files cannot accumulate; values already interned keep theirs.
   */
  maxEntries: number;
}

const DEFAULT_LIMITS: StringPoolLimits = { maxLength: 128, maxEntries: 4_000_000 };

/** `[object Map]`, `[object Number]`…: a value's kind whatever its realm. */
export const tagOf = (value: object) => Object.prototype.toString.call(value);

/**
 * A plain object of any realm: a structured clone from the parse worker is
 * built in Node's main realm, which is not the caller's under a vm context
 * (jest).
 */
function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return (
    proto === null || (tagOf(value) === '[object Object]' && Object.getPrototypeOf(proto) === null)
  );
}

/** A Map of any realm (see `isPlainObject`). */
export const isMap = (value: object): value is Map<unknown, unknown> =>
  value instanceof Map || tagOf(value) === '[object Map]';

/**
 * `map` with each key and value replaced, in place, by `rewrite`'s result;
 * an empty map comes back as the shared empty map instead.
 */
export function rewriteMap(
  map: Map<unknown, unknown>,
  rewrite: (item: unknown) => unknown,
): ReadonlyMap<unknown, unknown> {
  if (map.size === 0) {
    return SHARED_EMPTY_MAP;
  }
  const entries = [...map];
  map.clear();
  for (const [key, item] of entries) {
    map.set(rewrite(key), rewrite(item));
  }
  return map;
}

/** Lists of strings up to this length are shared by content (topic ids, aliases, authors). */
const MAX_SHARED_LIST = 16;

/**
 * Objects of up to this many fields are shared by content. Topics,
 * persons, orgs and bridge identities have two to four, and an episode
 * repeats the ones of its show and its neighbours. Insights, quotes and records
 * have more, and are never shared.
 */
const MAX_SHARED_FIELDS = 4;

/** The one empty list every kept value holds. */
export const SHARED_EMPTY_LIST: readonly unknown[] = Object.freeze([]);

/** An empty map that refuses changes, so one instance can stand for every empty map kept. */
class SharedEmptyMap extends Map<unknown, unknown> {
  override set(): this {
    throw new TypeError('a shared empty map cannot change');
  }
  override delete(): boolean {
    throw new TypeError('a shared empty map cannot change');
  }
  override clear(): void {
    throw new TypeError('a shared empty map cannot change');
  }
}

/**
 * Most bridges carry no canonical-id maps (only the connectivity shape
 * does), and an empty Map with its table is not small: two per episode
 * add up on a large corpus.
 */
export const SHARED_EMPTY_MAP: ReadonlyMap<unknown, unknown> = Object.freeze(new SharedEmptyMap());

export function createStringPool(
  limits: StringPoolLimits = DEFAULT_LIMITS,
  shapes: ObjectShapes = createObjectShapes(),
): StringPool {
  let pool = new Map<string, string>();
  let lists = new Map<string, readonly string[]>();
  let singles = new Map<string, readonly string[]>();
  let objects = 0;
  let resets = 0;
  const clear = () => {
    pool = new Map();
    lists = new Map();
    singles = new Map();
    shapes.forgetShared();
    objects = 0;
  };
  const makeRoom = () => {
    if (pool.size + lists.size + singles.size + objects >= limits.maxEntries) {
      clear();
      resets++;
    }
  };
  const one = (text: string): string => {
    const known = pool.get(text);
    if (known !== undefined) {
      return known;
    }
    makeRoom();
    pool.set(text, text);
    return text;
  };
  /**
   * A short list of pooled strings as one frozen copy per content. Lists
   * built by `push` keep a backing store of 17 or more slots, and most
   * insights repeat their neighbours' topic or speaker ids, so sharing them
   * saves both the slack and the copies.
   */
  const list = (items: unknown[]): readonly unknown[] => {
    if (items.length === 0) {
      return SHARED_EMPTY_LIST;
    }
    // Not shared: an exact-size copy drops the slack of a pushed list.
    if (items.length > MAX_SHARED_LIST) {
      return items.slice();
    }
    for (const item of items) {
      if (typeof item !== 'string' || item.length > limits.maxLength) {
        return items.slice();
      }
    }
    if (items.length === 1) {
      // Most id lists hold one id: keyed by the (pooled) id itself, no key text is built.
      const item = items[0] as string;
      const single = singles.get(item);
      if (single !== undefined) {
        return single;
      }
      makeRoom();
      const shared = Object.freeze([item]);
      singles.set(item, shared);
      return shared;
    }
    const key = JSON.stringify(items);
    const known = lists.get(key);
    if (known !== undefined) {
      return known;
    }
    makeRoom();
    const shared = Object.freeze(items.slice() as string[]);
    lists.set(key, shared);
    return shared;
  };
  /** Whether every field is a short string, a boolean, null or a shared (frozen) list. */
  const isLeaf = (value: Record<string, unknown>, keys: readonly string[]): boolean => {
    for (const key of keys) {
      const item = value[key];
      const ok =
        typeof item === 'string'
          ? item.length <= limits.maxLength
          : typeof item === 'boolean' ||
            item === null ||
            (Array.isArray(item) && Object.isFrozen(item));
      if (!ok) {
        return false;
      }
    }
    return true;
  };
  const settle = <T extends object>(value: T, keys: readonly string[] = Object.keys(value)): T => {
    const record = value as Record<string, unknown>;
    if (keys.length > MAX_SHARED_FIELDS || keys.length === 0 || !isLeaf(record, keys)) {
      return shapes.compact(value, keys);
    }
    const shape = shapes.shapeOf(keys);
    if (shape === undefined) {
      return value;
    }
    // Fields are pooled strings, booleans, nulls and shared lists: equal ones are identical.
    const first = record[keys[0] as string];
    const candidates = shape.shared.get(first);
    for (const candidate of candidates ?? []) {
      if (keys.every((key) => (candidate as Record<string, unknown>)[key] === record[key])) {
        return candidate as T;
      }
    }
    makeRoom();
    const shared = Object.freeze(shape.build(record));
    if (candidates === undefined) {
      shape.shared.set(first, [shared]);
    } else {
      candidates.push(shared);
    }
    objects++;
    return shared as T;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.length > limits.maxLength ? value : one(value);
    }
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) {
      return value;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        value[i] = walk(value[i]);
      }
      return list(value);
    }
    if (isMap(value)) {
      return rewriteMap(value, walk);
    }
    if (isPlainObject(value)) {
      const keys = Object.keys(value);
      for (const key of keys) {
        value[key] = walk(value[key]);
      }
      // A null-prototype object stays one: a literal's prototype is Object.prototype.
      return Object.getPrototypeOf(value) === null ? value : settle(value, keys);
    }
    return value;
  };
  return {
    intern: <T>(value: T) => walk(value) as T,
    one,
    get size() {
      return pool.size + lists.size + singles.size + objects;
    },
    get resets() {
      return resets;
    },
    maxLength: limits.maxLength,
    settle,
    clear,
    shapes,
  };
}
