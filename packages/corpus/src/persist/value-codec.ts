import { isMap, rewriteMap, SHARED_EMPTY_LIST } from '../snapshot/string-pool.js';

/*
 * How kept values are stored in a projection without a copy of every
 * string per value. The loader's values share their short strings and
 * short string lists through the root's string pool; `v8.serialize` writes
 * every string out again, and reading them back meant hashing each copy
 * into the pool again: at 100,000 episodes about 16 million lookups, the
 * largest part of a restart (docs/decisions/corpus.md).
 *
 * So a saved value names each pooled string by its number in a string
 * table and each shared list by its number in a list table, and the tables
 * are stored once, before the rows. Reading a value back is an array lookup
 * per string: nothing is hashed, and every value that shared a string or a
 * list before the save shares it again after.
 *
 * In an encoded value:
 *   - a number is a string's index in the string table;
 *   - a bigint is a shared list's index in the list table;
 *   - a Number object is a number of the value;
 *   - a string is a string longer than the pool's length bound, as it was;
 *   - objects, arrays and Maps hold encoded values; an empty array or Map
 *     stands for the shared empty one.
 */

const tagOf = (value: object) => Object.prototype.toString.call(value);

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
}

export interface ValueEncoder {
  /** Enters the strings and shared lists of `value` in the tables. */
  register(value: unknown): void;
  /**
   * The tables of every value registered; they are final from here on, and
   * a string `encode` meets that is not in them stays in its value as it is.
   */
  seal(): ValueTables;
  encode(value: unknown): unknown;
}

/**
 * Encodes values for storage in two passes: `register` every value, store
 * the tables (`seal`), then `encode` each value as it is written. Strings up
 * to `maxLength` go to the string table.
 */
export function createValueEncoder(maxLength: number): ValueEncoder {
  const stringIndex = new Map<string, number>();
  const strings: string[] = [];
  const listIndex = new Map<readonly unknown[], bigint>();
  const lists: number[][] = [];
  let sealed = false;
  const indexOf = (text: string): number | string => {
    let index = stringIndex.get(text);
    if (index === undefined) {
      if (sealed) {
        return text;
      }
      index = strings.length;
      stringIndex.set(text, index);
      strings.push(text);
    }
    return index;
  };
  const listOf = (list: readonly string[]): bigint | undefined => {
    let index = listIndex.get(list);
    if (index === undefined && !sealed) {
      const items = list.map(indexOf) as number[];
      index = BigInt(lists.length);
      listIndex.set(list, index);
      lists.push(items);
    }
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
      const shared = isSharedList(value, maxLength) ? listOf(value as string[]) : undefined;
      return shared ?? value.map(encode);
    }
    if (isMap(value)) {
      return new Map([...value].map(([key, item]) => [encode(key), encode(item)]));
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      out[key] = encode((value as Record<string, unknown>)[key]);
    }
    return out;
  };
  const register = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length <= maxLength) {
        indexOf(value);
      }
    } else if (Array.isArray(value)) {
      if (isSharedList(value, maxLength)) {
        listOf(value as string[]);
      } else {
        value.forEach(register);
      }
    } else if (typeof value === 'object' && value !== null) {
      if (isMap(value)) {
        for (const [key, item] of value) {
          register(key);
          register(item);
        }
      } else {
        for (const key of Object.keys(value)) {
          register((value as Record<string, unknown>)[key]);
        }
      }
    }
  };
  return {
    register,
    seal: () => {
      sealed = true;
      return { strings, lists };
    },
    encode,
  };
}

export class ProjectionValueError extends Error {}

export interface ValueReader {
  /** The next chunk of the string table, in stored order. */
  addStrings(chunk: readonly string[]): void;
  /** The next chunk of the list table; each list is rebuilt once, frozen, and shared by every value naming it. */
  addLists(chunk: readonly number[][]): void;
  /** Decodes a stored value, reusing its objects, arrays and Maps in place. */
  decode(value: unknown): unknown;
}

/**
 * Reads values back as their frames arrive; the tables come first in the
 * file. A value naming a string or list the tables lack throws
 * `ProjectionValueError` (the file is then corrupt).
 */
export function createValueReader(): ValueReader {
  const strings: string[] = [];
  const lists: Array<readonly string[]> = [];
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
    for (const key of Object.keys(record)) {
      record[key] = decode(record[key]);
    }
    return record;
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
    decode,
  };
}
