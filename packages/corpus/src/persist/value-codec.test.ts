import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from '@jest/globals';
import { createStringPool, SHARED_EMPTY_LIST, SHARED_EMPTY_MAP } from '../snapshot/string-pool.js';
import { createValueEncoder, createValueReader, ProjectionValueError } from './value-codec.js';

/** Two kept values as the loader holds them: pooled, sharing strings and lists. */
function keptValues() {
  const pool = createStringPool({ maxLength: 16, maxEntries: 1000 });
  const make = (id: string) =>
    pool.intern(
      JSON.parse(
        JSON.stringify({
          id,
          topics: ['topic:a', 'topic:b'],
          none: [],
          confidence: 0.5,
          rank: 3,
          grounded: true,
          missing: null,
          prose: 'a sentence longer than sixteen characters',
          quotes: [{ id: 'quote:1', start: 0 }],
          topic: { id: 'topic:a', label: 'A' },
        }),
      ) as Record<string, unknown>,
    );
  const first = make('insight:1');
  const second = make('insight:2');
  const map = pool.intern({ names: new Map([['person:a', 'Ana']]), empty: new Map() });
  return { pool, values: [first, second, map] as const };
}

/** What a save then a read does: encode, the new table entries first, a v8 round trip, then decode in order. */
function roundTrip(values: readonly unknown[], maxLength = 16): unknown[] {
  const encoder = createValueEncoder(maxLength);
  const encoded = values.map(encoder.encode);
  const stored = deserialize(serialize({ tables: encoder.takeNew(), values: encoded })) as {
    tables: { strings: string[]; lists: number[][]; objects: unknown[] };
    values: unknown[];
  };
  const reader = createValueReader();
  reader.addStrings(stored.tables.strings);
  reader.addLists(stored.tables.lists);
  reader.addObjects(stored.tables.objects);
  return stored.values.map(reader.decode);
}

describe('projection value codec', () => {
  it('reads back values equal to those saved, numbers, nulls and long strings included', () => {
    const { values } = keptValues();
    const read = roundTrip(values);
    expect(read).toEqual(values);
    const first = read[0] as Record<string, unknown>;
    expect(first.confidence).toBe(0.5);
    expect(typeof first.rank).toBe('number');
    expect(first.missing).toBeNull();
    expect(first.prose).toBe('a sentence longer than sixteen characters');
  });

  it('stores each pooled string and shared list once, however many values hold it', () => {
    const { values } = keptValues();
    const encoder = createValueEncoder(16);
    values.forEach(encoder.encode);
    const { strings, lists } = encoder.takeNew();
    expect(strings.filter((text) => text === 'topic:a')).toHaveLength(1);
    expect(strings).not.toContain('a sentence longer than sixteen characters');
    expect(lists).toEqual([[strings.indexOf('topic:a'), strings.indexOf('topic:b')]]);
  });

  it('hands over only the entries met since the last frame, and later values name earlier ones', () => {
    const encoder = createValueEncoder(16);
    const shared = Object.freeze(['topic:a', 'topic:b']);
    const first = encoder.encode({ id: 'topic:a', list: shared });
    const firstTables = encoder.takeNew();
    const second = encoder.encode({ id: 'topic:a', other: 'topic:c', list: shared });
    const secondTables = encoder.takeNew();
    expect(firstTables).toEqual({ strings: ['topic:a', 'topic:b'], lists: [[0, 1]], objects: [] });
    expect(secondTables).toEqual({ strings: ['topic:c'], lists: [], objects: [] });
    const reader = createValueReader();
    reader.addStrings(firstTables.strings);
    reader.addLists(firstTables.lists);
    const firstRead = reader.decode(deserialize(serialize(first))) as { list: unknown };
    reader.addStrings(secondTables.strings);
    reader.addLists(secondTables.lists);
    const secondRead = reader.decode(deserialize(serialize(second))) as { list: unknown };
    expect(secondRead).toEqual({ id: 'topic:a', other: 'topic:c', list: ['topic:a', 'topic:b'] });
    expect(secondRead.list).toBe(firstRead.list);
  });

  it('shares again after the read what the values shared before the save', () => {
    const { values } = keptValues();
    const [first, second, maps] = roundTrip(values) as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    expect(first.topics).toBe(second.topics);
    expect(Object.isFrozen(first.topics)).toBe(true);
    expect(first.none).toBe(SHARED_EMPTY_LIST);
    expect(maps.empty).toBe(SHARED_EMPTY_MAP);
    expect(maps.names).toEqual(new Map([['person:a', 'Ana']]));
    // Lists of objects are kept as their own copies, not shared.
    expect(first.quotes).not.toBe(second.quotes);
    // Objects the pool shared are one object again, frozen.
    expect(first.topic).toBe(second.topic);
    expect(first.topic).toEqual({ id: 'topic:a', label: 'A' });
    expect(Object.isFrozen(first.topic)).toBe(true);
  });

  it('stores each shared object once, after the strings it names', () => {
    const { values } = keptValues();
    const encoder = createValueEncoder(16);
    const encoded = values.map(encoder.encode) as Array<Record<string, unknown>>;
    const { strings, objects } = encoder.takeNew();
    expect(objects).toEqual([{ id: strings.indexOf('topic:a'), label: strings.indexOf('A') }]);
    expect(encoded[0]?.topic).toBe(-1n);
    expect(encoded[1]?.topic).toBe(-1n);
  });

  it('refuses a value naming a string, a list or an object the tables lack', () => {
    const reader = createValueReader();
    reader.addStrings(['only']);
    reader.addLists([[0]]);
    reader.addObjects([{ a: 0 }]);
    expect(reader.decode({ a: 0, b: [0n], c: -1n })).toEqual({
      a: 'only',
      b: [['only']],
      c: { a: 'only' },
    });
    expect(() => reader.decode({ a: 1 })).toThrow(ProjectionValueError);
    expect(() => reader.decode([2n])).toThrow(ProjectionValueError);
    expect(() => reader.decode([-2n])).toThrow(ProjectionValueError);
    expect(() => reader.addLists([[0, 5]])).toThrow(ProjectionValueError);
    expect(() => reader.addObjects([['a list']])).toThrow(ProjectionValueError);
    expect(() => reader.addObjects([{ a: 3 }])).toThrow(ProjectionValueError);
  });
});
