import { type ByteReader, ByteWriter, ProjectionBytesError } from './bytes.js';
import type { BuildFromStack, ObjectShapes } from './object-shapes.js';
import { ShardedMap, shardOfText } from './sharded-map.js';
import { isMap, SHARED_EMPTY_LIST, SHARED_EMPTY_MAP } from './string-pool.js';

/*
 * How kept values are stored in a projection: written straight into a
 * frame's bytes and read straight back into the values the loader keeps,
 * with no intermediate object graph. `v8.deserialize` of an intermediate
 * copy built every object twice and its garbage dominated a restart's read
 * (docs/decisions/corpus.md).
 *
 * Tables keep shared values once. Each short string is stored once, in a string table;
 * each shared list (the pool's frozen lists of short strings) once, in a
 * list table; each shared object (the pool's frozen topics, persons and
 * identities) once, in an object table; and each key list once, in a shape
 * table. A table entry is written in the frame that first needs it, ahead
 * of that frame's rows, so a reader meets every entry before the first
 * value naming it in one forward pass. A plain object is its shape's number
 * and its values in key order: the reader builds it with one object literal
 * of that shape (`object-shapes.ts`), never by name.
 *
 * A value is a tag byte and what the tag says follows:
 */
const TAG = {
  undefined: 0,
  null: 1,
  false: 2,
  true: 3,
  /** A string of the string table: its number. */
  string: 4,
  /** A string longer than the pool's bound, inline. */
  text: 5,
  /** A non-negative safe integer (not -0). */
  uint: 6,
  /** Any other number, as a float64. */
  float: 7,
  /** A shared list: its number in the list table. */
  list: 8,
  /** A shared object: its number in the object table. */
  shared: 9,
  /** An array: its length, then its items (an empty one reads back as the shared empty list). */
  array: 10,
  /** A plain object: its shape's number, then its values in the shape's key order. */
  object: 11,
  /** A Map: its size, then key and value of each entry (an empty one reads back as the shared empty map). */
  map: 12,
} as const;

/** The kinds of table chunk a frame starts with; a store's row kinds must differ from these. */
export const TABLE_CHUNKS = { shapes: 1, strings: 2, lists: 3, objects: 4 } as const;
const CHUNK_KINDS = new Set<number>(Object.values(TABLE_CHUNKS));

export const isTableChunk = (kind: number): boolean => CHUNK_KINDS.has(kind);

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

export class ProjectionValueError extends Error {}

export interface ValueEncoder {
  /** Writes `value` to `out`, entering the strings, lists, objects and shapes it meets first. */
  write(out: ByteWriter, value: unknown): void;
  /**
   * Writes the table entries entered since the last call. They go ahead
   * of the values written since, so a reader meets each entry before the
   * first value naming it.
   */
  writeNew(out: ByteWriter): void;
}

/**
 * Encodes values in one pass. Strings up to `maxLength` go to the string
 * table as they are met; shared lists and shared (frozen) objects go to
 * their tables by identity; key lists to the shape table by content.
 */
export function createValueEncoder(maxLength: number): ValueEncoder {
  // Split in 64 maps: a single map of millions of strings rehashed them all at once as it grew.
  const stringIndex = new ShardedMap<string, number>(shardOfText);
  let newStrings: string[] = [];
  const listIndex = new ShardedMap<readonly unknown[], number>(
    (list) => list.length * 7 + (typeof list[0] === 'string' ? shardOfText(list[0]) : 0),
  );
  let newLists: number[][] = [];
  const objectIndex = new ShardedMap<object, number>((value) => {
    for (const key in value) {
      const first = (value as Record<string, unknown>)[key];
      return typeof first === 'string' ? shardOfText(first) : 0;
    }
    return 0;
  });
  const newObjects = new ByteWriter(1 << 12);
  let newObjectCount = 0;
  const shapeIndex = new Map<string, number>();
  let newShapes: string[][] = [];
  /** A writer per depth of nested shared objects, each entry written whole before its parent. */
  const scratch: ByteWriter[] = [];
  let depth = 0;
  const indexOf = (text: string): number => {
    let index = stringIndex.get(text);
    if (index === undefined) {
      index = stringIndex.size;
      stringIndex.set(text, index);
      newStrings.push(text);
    }
    return index;
  };
  const shapeOf = (keys: string[]): number => {
    const key = JSON.stringify(keys);
    let index = shapeIndex.get(key);
    if (index === undefined) {
      index = shapeIndex.size;
      shapeIndex.set(key, index);
      newShapes.push(keys);
    }
    return index;
  };
  const write = (out: ByteWriter, value: unknown): void => {
    switch (typeof value) {
      case 'string':
        if (value.length > maxLength) {
          out.byte(TAG.text);
          out.text(value);
        } else {
          out.byte(TAG.string);
          out.uint(indexOf(value));
        }
        return;
      case 'number':
        if (Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0)) {
          out.byte(TAG.uint);
          out.uint(value);
        } else {
          out.byte(TAG.float);
          out.float(value);
        }
        return;
      case 'boolean':
        out.byte(value ? TAG.true : TAG.false);
        return;
      case 'undefined':
        out.byte(TAG.undefined);
        return;
      case 'object':
        if (value === null) {
          out.byte(TAG.null);
        } else if (Array.isArray(value)) {
          writeArray(out, value);
        } else if (isMap(value)) {
          out.byte(TAG.map);
          out.uint(value.size);
          for (const [key, item] of value) {
            write(out, key);
            write(out, item);
          }
        } else if (Object.isFrozen(value)) {
          out.byte(TAG.shared);
          out.uint(sharedObject(value));
        } else {
          writeObject(out, value as Record<string, unknown>);
        }
        return;
      default:
        // Kept values are parsed JSON and Maps: a bigint, symbol or function is a bug upstream.
        throw new ProjectionValueError(`a kept value holds a ${typeof value}`);
    }
  };
  const writeArray = (out: ByteWriter, value: readonly unknown[]): void => {
    // A list seen before is found by identity, before its items are checked.
    let index = listIndex.get(value);
    if (index === undefined && isSharedList(value, maxLength)) {
      index = listIndex.size;
      listIndex.set(value, index);
      newLists.push((value as string[]).map(indexOf));
    }
    if (index !== undefined) {
      out.byte(TAG.list);
      out.uint(index);
      return;
    }
    out.byte(TAG.array);
    out.uint(value.length);
    for (const item of value) {
      write(out, item);
    }
  };
  const writeObject = (out: ByteWriter, value: Record<string, unknown>): void => {
    const keys = Object.keys(value);
    out.byte(TAG.object);
    out.uint(shapeOf(keys));
    for (const key of keys) {
      write(out, value[key]);
    }
  };
  /** A frozen object is one the pool shares: stored once, named by identity. */
  const sharedObject = (value: object): number => {
    const known = objectIndex.get(value);
    if (known !== undefined) {
      return known;
    }
    // Written whole into a writer of its own depth: a shared object among
    // its fields enters the table (and is written) first.
    const own = scratch[depth] ?? new ByteWriter(256);
    scratch[depth] = own;
    own.reset();
    depth++;
    try {
      writeObject(own, value as Record<string, unknown>);
    } finally {
      depth--;
    }
    const index = objectIndex.size;
    objectIndex.set(value, index);
    newObjects.bytes(own.view());
    newObjectCount++;
    return index;
  };
  return {
    write,
    writeNew(out) {
      if (newShapes.length > 0) {
        out.byte(TABLE_CHUNKS.shapes);
        out.uint(newShapes.length);
        for (const keys of newShapes) {
          out.texts(keys);
        }
        newShapes = [];
      }
      if (newStrings.length > 0) {
        out.byte(TABLE_CHUNKS.strings);
        out.texts(newStrings);
        newStrings = [];
      }
      if (newLists.length > 0) {
        out.byte(TABLE_CHUNKS.lists);
        out.uint(newLists.length);
        for (const items of newLists) {
          out.uint(items.length);
          for (const item of items) {
            out.uint(item);
          }
        }
        newLists = [];
      }
      if (newObjectCount > 0) {
        // After the strings, lists and shapes its objects name.
        out.byte(TABLE_CHUNKS.objects);
        out.uint(newObjectCount);
        out.bytes(newObjects.view());
        newObjects.reset();
        newObjectCount = 0;
      }
    },
  };
}

export interface ValueReader {
  /** Reads the table chunk of `kind` (one of `TABLE_CHUNKS`) that follows in `input`. */
  readChunk(kind: number, input: ByteReader): void;
  /** Reads the next value of `input`. */
  read(input: ByteReader): unknown;
  /**
   * Steps over the next value of `input`, checking it as `read` would
   * (every table entry it names is known by now, every length stays inside
   * the frame) but building nothing: a value read later from the same
   * bytes with this reader then reads as it would have now.
   */
  skip(input: ByteReader): void;
}

interface StoredShape {
  keys: readonly string[];
  build: BuildFromStack;
}

/**
 * An object of keys no literal can be made for (a `__proto__` key, more
 * keys or shapes than `ObjectShapes` allows): each key defined as an own
 * property, so none can set the prototype.
 */
function definingBuild(keys: readonly string[]): BuildFromStack {
  return (stack, base) => {
    const value: Record<string, unknown> = {};
    for (const [i, key] of keys.entries()) {
      Object.defineProperty(value, key, {
        value: stack[base + i],
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
    return value;
  };
}

/**
 * Reads values back as their frames arrive; each table entry comes before
 * the first value naming it. A value naming a string, list, object or
 * shape the tables lack, or bytes that are not a value, throw (the file is
 * then corrupt). Plain objects are built with `shapes`' literals.
 */
export function createValueReader(shapes: ObjectShapes): ValueReader {
  const strings: string[] = [];
  const lists: Array<readonly string[]> = [];
  const objects: object[] = [];
  const stored: StoredShape[] = [];
  /** Decoded field values wait here until their object is built: no array per object. */
  const stack: unknown[] = [];
  let top = 0;
  const missing = (what: string, index: number, size: number) =>
    new ProjectionValueError(`a value names ${what} ${index} of ${size}`);
  const entryOf = <T>(table: readonly T[], what: string, index: number): T => {
    const entry = table[index];
    if (entry === undefined) {
      throw missing(what, index, table.length);
    }
    return entry;
  };
  const stringAt = (index: number): string => entryOf(strings, 'string', index);
  const readObject = (input: ByteReader): Record<string, unknown> => {
    const shape = entryOf(stored, 'shape', input.uint());
    const base = top;
    for (let i = 0; i < shape.keys.length; i++) {
      const item = read(input);
      stack[top++] = item;
    }
    const value = shape.build(stack, base);
    top = base;
    return value;
  };
  const read = (input: ByteReader): unknown => {
    const tag = input.byte();
    switch (tag) {
      case TAG.string:
        return stringAt(input.uint());
      case TAG.text:
        return input.text();
      case TAG.uint:
        return input.uint();
      case TAG.float:
        return input.float();
      case TAG.null:
        return null;
      case TAG.true:
        return true;
      case TAG.false:
        return false;
      case TAG.undefined:
        return undefined;
      case TAG.list:
        return entryOf(lists, 'list', input.uint());
      case TAG.shared:
        return entryOf(objects, 'object', input.uint());
      case TAG.array: {
        const length = input.count();
        if (length === 0) {
          return SHARED_EMPTY_LIST;
        }
        const items: unknown[] = new Array(length);
        for (let i = 0; i < length; i++) {
          items[i] = read(input);
        }
        return items;
      }
      case TAG.object:
        return readObject(input);
      case TAG.map: {
        const size = input.count();
        if (size === 0) {
          return SHARED_EMPTY_MAP;
        }
        const map = new Map<unknown, unknown>();
        for (let i = 0; i < size; i++) {
          const key = read(input);
          map.set(key, read(input));
        }
        return map;
      }
      default:
        throw new ProjectionBytesError(`a frame holds a value of unknown kind ${tag}`);
    }
  };
  const known = (table: readonly unknown[], what: string, index: number): void => {
    if (index >= table.length) {
      throw missing(what, index, table.length);
    }
  };
  const skip = (input: ByteReader): void => {
    const tag = input.byte();
    switch (tag) {
      case TAG.string:
        known(strings, 'string', input.uint());
        return;
      case TAG.text:
        input.skipText();
        return;
      case TAG.uint:
        input.uint();
        return;
      case TAG.float:
        input.skip(8);
        return;
      case TAG.null:
      case TAG.true:
      case TAG.false:
      case TAG.undefined:
        return;
      case TAG.list:
        known(lists, 'list', input.uint());
        return;
      case TAG.shared:
        known(objects, 'object', input.uint());
        return;
      case TAG.array:
        for (let n = input.count(); n > 0; n--) {
          skip(input);
        }
        return;
      case TAG.object:
        for (let n = entryOf(stored, 'shape', input.uint()).keys.length; n > 0; n--) {
          skip(input);
        }
        return;
      case TAG.map:
        for (let n = input.count(); n > 0; n--) {
          skip(input);
          skip(input);
        }
        return;
      default:
        throw new ProjectionBytesError(`a frame holds a value of unknown kind ${tag}`);
    }
  };
  const readChunk = (kind: number, input: ByteReader): void => {
    switch (kind) {
      case TABLE_CHUNKS.strings:
        for (const text of input.texts()) {
          strings.push(text);
        }
        return;
      case TABLE_CHUNKS.shapes:
        for (let n = input.count(); n > 0; n--) {
          const keys = input.texts();
          stored.push({ keys, build: shapes.shapeOf(keys)?.fromStack() ?? definingBuild(keys) });
        }
        return;
      case TABLE_CHUNKS.lists:
        for (let n = input.count(); n > 0; n--) {
          const items: string[] = new Array(input.count());
          for (let i = 0; i < items.length; i++) {
            items[i] = stringAt(input.uint());
          }
          lists.push(Object.freeze(items));
        }
        return;
      case TABLE_CHUNKS.objects:
        for (let n = input.count(); n > 0; n--) {
          if (input.byte() !== TAG.object) {
            throw new ProjectionValueError('an object-table entry is not an object');
          }
          objects.push(Object.freeze(readObject(input)));
        }
        return;
      default:
        throw new ProjectionBytesError(`a frame holds a table chunk of unknown kind ${kind}`);
    }
  };
  return { readChunk, read, skip };
}
