import { describe, expect, it } from '@jest/globals';
import { ByteReader, ByteWriter, ProjectionBytesError } from './bytes.js';
import { createObjectShapes } from './object-shapes.js';
import { createStringPool, SHARED_EMPTY_LIST, SHARED_EMPTY_MAP } from './string-pool.js';
import {
  createValueEncoder,
  createValueReader,
  isTableChunk,
  ProjectionValueError,
  TABLE_CHUNKS,
  type ValueEncoder,
  type ValueReader,
} from './value-codec.js';

/** Two kept values as the loader holds them: pooled, sharing strings, lists and small objects. */
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

/** A row marker as a store writes one: table chunks and rows share the frame. */
const ROW = 99;

/** One frame as the store writes it: the new table entries, then each value behind a row marker. */
function frameOf(encoder: ValueEncoder, values: readonly unknown[]): Buffer {
  const body = new ByteWriter(16);
  for (const value of values) {
    body.byte(ROW);
    encoder.write(body, value);
  }
  const frame = new ByteWriter(16);
  encoder.writeNew(frame);
  frame.bytes(body.view());
  return Buffer.from(frame.view());
}

/** Reads a frame written by `frameOf`. */
function valuesOf(reader: ValueReader, frame: Buffer): unknown[] {
  const input = new ByteReader(frame);
  const values: unknown[] = [];
  while (!input.done) {
    const kind = input.byte();
    if (isTableChunk(kind)) {
      reader.readChunk(kind, input);
    } else {
      expect(kind).toBe(ROW);
      values.push(reader.read(input));
    }
  }
  return values;
}

const newReader = () => createValueReader(createObjectShapes());

function roundTrip(values: readonly unknown[], maxLength = 16): unknown[] {
  return valuesOf(newReader(), frameOf(createValueEncoder(maxLength), values));
}

/** How many times `text`'s UTF-8 bytes occur in `bytes`. */
function occurrences(bytes: Buffer, text: string): number {
  let count = 0;
  for (let at = bytes.indexOf(text); at !== -1; at = bytes.indexOf(text, at + 1)) {
    count++;
  }
  return count;
}

describe('projection value codec', () => {
  it('reads back values equal to those saved, every kind of number and text included', () => {
    const { values } = keptValues();
    const odd = {
      numbers: [0, 3, -2, 0.5, -0, Number.NaN, 2 ** 53 - 1, 2 ** 40, 1e300, -Infinity],
      texts: ['Zoë ☃', '🎧 a long title with an emoji past sixteen', ''],
      nested: [[1, ['a', null]], { deeper: { deepest: [true, false, undefined] } }],
      map: new Map<unknown, unknown>([
        [1, 'one'],
        ['two', { n: 2 }],
      ]),
    };
    const read = roundTrip([...values, odd]);
    expect(read).toEqual([...values, odd]);
    const first = read[0] as Record<string, unknown>;
    expect(first.confidence).toBe(0.5);
    expect(first.rank).toBe(3);
    expect(first.missing).toBeNull();
    expect(first.prose).toBe('a sentence longer than sixteen characters');
    const numbers = (read[3] as typeof odd).numbers;
    expect(Object.is(numbers[4], -0)).toBe(true);
    expect(numbers[5]).toBeNaN();
    const nested = (read[3] as typeof odd).nested[1] as { deeper: object };
    expect('deepest' in nested.deeper).toBe(true);
  });

  it('keeps each object key order and reads an undefined field back as an own field', () => {
    const [read] = roundTrip([{ b: 1, a: 2, gone: undefined }]) as [Record<string, unknown>];
    expect(Object.keys(read)).toEqual(['b', 'a', 'gone']);
    expect('gone' in read).toBe(true);
  });

  it('stores each pooled string and shared list once, however many values hold it', () => {
    const { values } = keptValues();
    const frame = frameOf(createValueEncoder(16), [...values, ...values]);
    expect(occurrences(frame, 'topic:b')).toBe(1);
    expect(occurrences(frame, 'insight:1')).toBe(1);
    // Longer strings stay in their values: one copy per value.
    expect(occurrences(frame, 'a sentence longer than sixteen characters')).toBe(4);
  });

  it('writes only the entries met since the last frame, and later frames name earlier ones', () => {
    const encoder = createValueEncoder(16);
    const shared = Object.freeze(['topic:a', 'topic:b']);
    const first = frameOf(encoder, [{ id: 'topic:a', list: shared }]);
    const second = frameOf(encoder, [{ id: 'topic:a', other: 'topic:c', list: shared }]);
    expect(occurrences(first, 'topic:a')).toBe(1);
    expect(occurrences(second, 'topic:a')).toBe(0);
    expect(occurrences(second, 'topic:c')).toBe(1);
    const reader = newReader();
    const [firstRead] = valuesOf(reader, first) as [{ list: unknown }];
    const [secondRead] = valuesOf(reader, second) as [{ list: unknown }];
    expect(secondRead).toEqual({ id: 'topic:a', other: 'topic:c', list: ['topic:a', 'topic:b'] });
    expect(secondRead.list).toBe(firstRead.list);
    // A reader that missed the first frame cannot read the second.
    expect(() => valuesOf(newReader(), second)).toThrow(ProjectionValueError);
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
    // Lists of objects are kept as their own copies, not shared, and stay writable.
    expect(first.quotes).not.toBe(second.quotes);
    expect(Object.isFrozen(first.quotes)).toBe(false);
    // Objects the pool shared are one object again, frozen; the others are not.
    expect(first.topic).toBe(second.topic);
    expect(first.topic).toEqual({ id: 'topic:a', label: 'A' });
    expect(Object.isFrozen(first.topic)).toBe(true);
    expect(Object.isFrozen(first)).toBe(false);
  });

  it('stores a shared object and its shared fields once, nested ones first', () => {
    const inner = Object.freeze({ id: 'person:inner' });
    const outer = Object.freeze({ id: 'org:outer', lead: inner });
    const frame = frameOf(createValueEncoder(16), [{ a: outer }, { b: outer, c: inner }]);
    expect(occurrences(frame, 'person:inner')).toBe(1);
    const [a, b] = roundTrip([{ a: outer }, { b: outer, c: inner }]) as Array<
      Record<string, Record<string, unknown>>
    >;
    expect(a?.a).toBe(b?.b);
    expect(a?.a?.lead).toBe(b?.c);
    expect(b?.c).toEqual({ id: 'person:inner' });
  });

  it('reads a __proto__ key back as an own field, leaving the prototype alone', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "id": "x"}') as object;
    const [read] = roundTrip([value]) as [Record<string, unknown>];
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.keys(read)).toEqual(['__proto__', 'id']);
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads back objects with more keys than a literal shape allows', () => {
    const wide = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`k${i}`, i]));
    expect(roundTrip([wide])).toEqual([wide]);
  });

  it('refuses to write what no kept value holds', () => {
    const out = new ByteWriter(16);
    expect(() => createValueEncoder(16).write(out, { n: 1n })).toThrow(ProjectionValueError);
    expect(() => createValueEncoder(16).write(out, [() => 1])).toThrow(ProjectionValueError);
  });

  it('refuses a value naming a string, list, object or shape the tables lack', () => {
    const encoder = createValueEncoder(16);
    const frame = frameOf(encoder, [
      { a: 'only', b: Object.freeze(['only']), c: Object.freeze({ a: 'only' }) },
    ]);
    const reader = newReader();
    expect(valuesOf(reader, frame)).toEqual([{ a: 'only', b: ['only'], c: { a: 'only' } }]);
    // Tag and number by hand: string 1, list 1, object 1, shape 9 (each table holds one entry).
    for (const [tag, index] of [
      [4, 1],
      [8, 1],
      [9, 1],
      [11, 9],
    ]) {
      expect(() =>
        reader.read(new ByteReader(Buffer.from([tag as number, index as number]))),
      ).toThrow(ProjectionValueError);
    }
  });

  it('refuses bytes that are not a value: cut short, of unknown kind, or counting past the frame', () => {
    const frame = frameOf(createValueEncoder(16), [{ id: 'topic:a', list: [1, 2, 3] }]);
    // Cut anywhere, a frame never reads back as its whole value.
    for (let cut = 1; cut < frame.length; cut++) {
      let read: unknown[] = [];
      try {
        read = valuesOf(newReader(), frame.subarray(0, cut));
      } catch (err) {
        expect(err).toBeInstanceOf(ProjectionBytesError);
      }
      expect(read).toEqual([]);
    }
    const reader = newReader();
    expect(() => reader.read(new ByteReader(Buffer.from([42])))).toThrow(ProjectionBytesError);
    // An array claiming 2^35 items in a 7-byte frame is refused before anything is allocated.
    const huge = Buffer.from([10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]);
    expect(() => reader.read(new ByteReader(huge))).toThrow(ProjectionBytesError);
    expect(() =>
      reader.readChunk(TABLE_CHUNKS.objects, new ByteReader(Buffer.from([1, 4, 0]))),
    ).toThrow(ProjectionValueError);
  });

  it('steps over each value exactly as far as reading it goes, refusing what reading refuses', () => {
    const { values } = keptValues();
    const odd = {
      texts: ['Zoë ☃', '🎧 a long title with an emoji past sixteen', ''],
      numbers: [0, -2, 0.5, 2 ** 40],
      nested: [[1, ['a', null]], new Map([['k', { v: [true, undefined] }]])],
    };
    const frame = frameOf(createValueEncoder(16), [...values, odd]);
    /** Runs `step` on each row's value of `frame` with one reader; where each one starts and ends. */
    const rowsOf = (reader: ValueReader, step: (input: ByteReader) => void) => {
      const input = new ByteReader(frame);
      const rows: Array<[number, number]> = [];
      while (!input.done) {
        const kind = input.byte();
        if (isTableChunk(kind)) {
          reader.readChunk(kind, input);
        } else {
          const start = input.position;
          step(input);
          rows.push([start, input.position]);
        }
      }
      return rows;
    };
    const reading = newReader();
    const read = rowsOf(reading, (input) => reading.read(input));
    expect(read).toHaveLength(4);
    const reader = newReader();
    const skipped = rowsOf(reader, (input) => reader.skip(input));
    expect(skipped).toEqual(read);
    // A value stepped over reads back later from its own offset, once the frame is done.
    expect(skipped.map(([at]) => reader.read(new ByteReader(frame, at)))).toEqual([...values, odd]);
    // What reading refuses, stepping over refuses too.
    for (const bytes of [
      [4, 9],
      [8, 9],
      [9, 9],
      [11, 99],
      [42],
      [10, 0x80, 0x80, 0x80, 0x80, 0x01],
      [5, 3, 65],
    ]) {
      expect(() => newReader().skip(new ByteReader(Buffer.from(bytes)))).toThrow();
      expect(() => newReader().read(new ByteReader(Buffer.from(bytes)))).toThrow();
    }
    expect(() => newReader().skip(new ByteReader(Buffer.from([7, 0, 0])))).toThrow(
      ProjectionBytesError,
    );
  });
});
