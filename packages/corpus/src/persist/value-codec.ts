import { isMap, rewriteMap, SHARED_EMPTY_LIST, tagOf } from '../snapshot/string-pool.js';

/*
 * How kept values are stored in a projection without a copy of every
 * string per value. The loader's values share their short strings and
 * short string lists through the root's string pool; `v8.serialize` writes
 * every string out again, and reading them back meant hashing each copy
 * into the pool again: at 100,000 episodes about 16 million lookups, the
 * largest part of a restart (docs/decisions/corpus.md).
 *
 * So a saved value names each pooled string by its number in a string
 * table and each shared list by its number in a list table, and each table
 * entry is stored once, in the frame that first needs it, ahead of its
 * rows. Reading a value back is an array lookup per string: nothing is
 * hashed, and every value that shared a string or a list before the save
 * shares it again after.
 *
 * Shared objects (the pool's frozen topics, persons and identities, shared
 * by content) go to an object table the same way, so a restart neither
 * reads nor shares them again one copy per episode.
 *
 * In an encoded value:
 *   - a number is a string's index in the string table;
 *   - a bigint n >= 0 is a shared list's index in the list table;
 *   - a bigint n < 0 is a shared object's index, -n - 1, in the object table;
 *   - a Number object is a number of the value;
 *   - a string is a string longer than the pool's length bound, as it was;
 *   - objects, arrays and Maps hold encoded values; an empty array or Map
 *     stands for the shared empty one.
 */

/** A list the pool shares by content: frozen, short strings only. */
function isSharedList(value: readonly unknown[], maxLength: number): boolean {
  if (value.length === 0 || !Object.isFrozen(value)) {
    return false;
  }
  for (const item of value) {
    if (typeof item !== 'string' || item.length > maxLength) {
      return false;
    }
  }
  return true;
}

export interface ValueTables {
  strings: string[];
  /** Each shared list as the string-table indices of its items. */
  lists: number[][];
  /** Each shared (frozen) object, encoded; it names only earlier entries. */
  objects: unknown[];
}

export interface ValueEncoder {
  encode(value: unknown): unknown;
  /**
   * The strings, lists and objects entered since the last call: they are stored
   * before the values encoded since, so a reader meets each entry before
   * the first value naming it.
   */
  takeNew(): ValueTables;
}

/**
 * Encodes values for storage in one pass. Strings up to `maxLength` go to
 * the string table as they are met; shared lists and shared (frozen)
 * objects go to their tables by identity.
 */
export function createValueEncoder(maxLength: number): ValueEncoder {
  const stringIndex = new Map<string, number>();
  const strings: string[] = [];
  const listIndex = new Map<readonly unknown[], bigint>();
  const lists: number[][] = [];
  const objectIndex = new Map<object, bigint>();
  const objects: unknown[] = [];
  let sentStrings = 0;
  let sentLists = 0;
  let sentObjects = 0;
  const indexOf = (text: string): number => {
    let index = stringIndex.get(text);
    if (index === undefined) {
      index = strings.length;
      stringIndex.set(text, index);
      strings.push(text);
    }
    return index;
  };
  const listOf = (list: readonly string[]): bigint => {
    const index = BigInt(lists.length);
    listIndex.set(list, index);
    lists.push(list.map(indexOf));
    return index;
  };
  const encode = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.length > maxLength ? value : indexOf(value);
    }
    if (typeof value === 'number') {
      // The wrapper object marks a number of the value, apart from a string index.
      return new Number(value);
    }
    if (typeof value !== 'object' || value === null) {
      return value;
    }
    if (Array.isArray(value)) {
      // A list seen before is found by identity, before its items are checked.
      const known = listIndex.get(value);
      if (known !== undefined) {
        return known;
      }
      return isSharedList(value, maxLength) ? listOf(value as string[]) : value.map(encode);
    }
    if (isMap(value)) {
      return new Map([...value].map(([key, item]) => [encode(key), encode(item)]));
    }
    if (Object.isFrozen(value)) {
      return sharedObject(value);
    }
    return fields(value as Record<string, unknown>);
  };
  const fields = (value: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      out[key] = encode(value[key]);
    }
    return out;
  };
  /** A frozen object is one the pool shares: stored once, named by identity. */
  const sharedObject = (value: object): bigint => {
    const known = objectIndex.get(value);
    if (known !== undefined) {
      return known;
    }
    // Its fields first: an entry names only entries stored before it.
    const encoded = fields(value as Record<string, unknown>);
    const index = -BigInt(objects.length) - 1n;
    objectIndex.set(value, index);
    objects.push(encoded);
    return index;
  };
  return {
    encode,
    takeNew: () => {
      const fresh = {
        strings: strings.slice(sentStrings),
        lists: lists.slice(sentLists),
        objects: objects.slice(sentObjects),
      };
      sentStrings = strings.length;
      sentLists = lists.length;
      sentObjects = objects.length;
      return fresh;
    },
  };
}

export class ProjectionValueError extends Error {}

export interface ValueReader {
  /** The next chunk of the string table, in stored order. */
  addStrings(chunk: readonly string[]): void;
  /** The next chunk of the list table; each list is rebuilt once, frozen, and shared by every value naming it. */
  addLists(chunk: readonly number[][]): void;
  /** The next chunk of the object table; each object is decoded once, frozen, and shared likewise. */
  addObjects(chunk: readonly unknown[]): void;
  /**
   * Decodes a stored value, reusing its arrays and Maps in place; each
   * plain object comes back as `settle` keeps it (the pool's `settle`: shared
   * or given its shape).
   */
  decode(value: unknown): unknown;
}

/** How the reader keeps a decoded plain object: by default as it is. */
export type SettleObject = <T extends object>(value: T, keys: readonly string[]) => T;

/**
 * Reads values back as their frames arrive; each table entry comes before
 * the first value naming it. A value naming a string, list or object the
 * tables lack throws `ProjectionValueError` (the file is then corrupt).
 */
export function createValueReader(settle: SettleObject = (value) => value): ValueReader {
  const strings: string[] = [];
  const lists: Array<readonly string[]> = [];
  const objects: object[] = [];
  const stringAt = (index: number): string => {
    const text = strings[index];
    if (text === undefined) {
      throw new ProjectionValueError(`a value names string ${index} of ${strings.length}`);
    }
    return text;
  };
  const decode = (value: unknown): unknown => {
    if (typeof value === 'number') {
      return stringAt(value);
    }
    if (typeof value === 'bigint' && value < 0n) {
      const shared = objects[Number(-value - 1n)];
      if (shared === undefined) {
        throw new ProjectionValueError(`a value names object ${-value - 1n} of ${objects.length}`);
      }
      return shared;
    }
    if (typeof value === 'bigint') {
      const list = lists[Number(value)];
      if (list === undefined) {
        throw new ProjectionValueError(`a value names list ${value} of ${lists.length}`);
      }
      return list;
    }
    if (typeof value !== 'object' || value === null) {
      return value;
    }
    if (Array.isArray(value)) {
      if (value.length === 0) {
        return SHARED_EMPTY_LIST;
      }
      for (let i = 0; i < value.length; i++) {
        value[i] = decode(value[i]);
      }
      return value;
    }
    const tag = tagOf(value);
    if (tag === '[object Number]') {
      return Number.prototype.valueOf.call(value);
    }
    if (tag === '[object Map]') {
      return rewriteMap(value as Map<unknown, unknown>, decode);
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (const key of keys) {
      record[key] = decode(record[key]);
    }
    return settle(record, keys);
  };
  return {
    addStrings(chunk) {
      for (const text of chunk) {
        strings.push(text);
      }
    },
    addLists(chunk) {
      for (const items of chunk) {
        lists.push(Object.freeze(items.map(stringAt)));
      }
    },
    addObjects(chunk) {
      for (const entry of chunk) {
        const decoded = decode(entry);
        if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) {
          throw new ProjectionValueError('an object-table entry is not an object');
        }
        objects.push(Object.isFrozen(decoded) ? decoded : Object.freeze(decoded));
      }
    },
    decode,
  };
}
