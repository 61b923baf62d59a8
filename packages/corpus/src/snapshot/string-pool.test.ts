import { deserialize, serialize } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from '@jest/globals';
import { createStringPool } from './string-pool.js';

const parsed = () =>
  JSON.parse(
    '{"id":"topic:budgets","names":["Ada","Ada"],"nested":{"label":"Ada"},"n":3,"ok":true,"none":null}',
  ) as Record<string, unknown>;

describe('createStringPool', () => {
  it('keeps one entry per distinct string however many values repeat it', () => {
    const pool = createStringPool();
    const first = pool.intern(parsed());
    pool.intern(parsed());
    pool.intern(parsed());
    // "topic:budgets", "Ada", the list ["Ada", "Ada"] and the object {label: "Ada"}
    expect(pool.size).toBe(4);
    expect(first).toEqual(parsed());
  });

  it('walks Maps, keeping their entries and order', () => {
    const pool = createStringPool();
    const map = new Map([
      ['entity:b', 'person:b'],
      ['entity:a', 'person:a'],
    ]);
    const value = pool.intern({ map });
    expect(value.map).toBe(map);
    expect([...map]).toEqual([
      ['entity:b', 'person:b'],
      ['entity:a', 'person:a'],
    ]);
    expect(pool.size).toBe(4);
  });

  it('stands one shared empty map, which refuses changes, for every empty map', () => {
    const pool = createStringPool();
    const a = pool.intern({ to_canonical: new Map<string, string>() });
    const b = pool.intern({
      to_canonical: deserialize(serialize(new Map())) as Map<string, string>,
    });
    expect(a.to_canonical).toBe(b.to_canonical);
    expect(a.to_canonical.size).toBe(0);
    expect(() => a.to_canonical.set('k', 'v')).toThrow(TypeError);
    expect(() => a.to_canonical.clear()).toThrow(TypeError);
    expect(() => a.to_canonical.delete('k')).toThrow(TypeError);
    expect(a.to_canonical.size).toBe(0);
    // Stored and read back (the projection), it is an ordinary empty map again, shared once more.
    const stored = deserialize(serialize(a)) as typeof a;
    expect(stored.to_canonical).toEqual(new Map());
    expect(pool.intern(stored).to_canonical).toBe(a.to_canonical);
    // A map with entries stays its own.
    const full = new Map([['entity:a', 'person:a']]);
    expect(pool.intern({ full }).full).toBe(full);
  });

  it('forgets every entry when cleared, the values keeping theirs', () => {
    const pool = createStringPool();
    const before = pool.intern({ ids: ['topic:a', 'topic:b'] });
    expect(pool.size).toBe(4); // two strings, the list and the object holding it
    pool.clear();
    expect(pool.size).toBe(0);
    expect(before.ids).toEqual(['topic:a', 'topic:b']);
    const after = pool.intern({ ids: ['topic:a', 'topic:b'] });
    expect(after.ids).not.toBe(before.ids);
    expect(after).not.toBe(before);
    expect(pool.size).toBe(4);
  });

  it('interns values only up to its length bound, single strings at any length', () => {
    const pool = createStringPool({ maxLength: 8, maxEntries: 100 });
    pool.intern({ text: 'another long sentence', id: 'short' });
    expect(pool.size).toBe(1);
    expect(pool.one('a path longer than eight')).toBe('a path longer than eight');
    expect(pool.size).toBe(2);
  });

  it('skips frozen values, which it must not change', () => {
    const pool = createStringPool();
    const frozen = Object.freeze({ id: 'topic:x', list: Object.freeze(['a']) });
    expect(pool.intern(frozen)).toBe(frozen);
    expect(pool.size).toBe(0);
  });

  it('starts again empty at its entry bound, so it cannot grow without end', () => {
    const pool = createStringPool({ maxLength: 64, maxEntries: 3 });
    for (const text of ['a', 'b', 'c', 'd', 'e']) {
      pool.one(text);
    }
    expect(pool.resets).toBe(1);
    expect(pool.size).toBe(2);
    pool.one('d');
    expect(pool.size).toBe(2);
  });

  it('leaves class instances other than Map untouched', () => {
    const pool = createStringPool();
    const date = new Date(0);
    expect(pool.intern({ date }).date).toBe(date);
    expect(pool.size).toBe(0);
  });

  it('walks plain objects and Maps of another realm (v8.deserialize builds in the main one)', () => {
    const pool = createStringPool();
    const foreign = runInNewContext('({ id: "topic:a", map: new Map([["k", "v"]]), list: ["x"] })');
    pool.intern(foreign);
    pool.intern(deserialize(serialize({ id: 'topic:a', names: ['y'] })));
    // topic:a, k, v, x, y, the lists [x] and [y], and the object {id, names}
    expect(pool.size).toBe(8);
  });

  it('shares short lists of strings by content, frozen, and keeps other lists as exact copies', () => {
    const pool = createStringPool();
    const a = pool.intern({ topicIds: ['topic:a', 'topic:b'], none: [] as string[] });
    const b = pool.intern({ topicIds: ['topic:a', 'topic:b'], none: [] as string[] });
    expect(b.topicIds).toBe(a.topicIds);
    expect(b.none).toBe(a.none);
    expect(Object.isFrozen(a.topicIds)).toBe(true);
    expect(a.topicIds).toEqual(['topic:a', 'topic:b']);
    // A one-item list is shared too, and is not the item's longer lists.
    const single = pool.intern([['topic:a']])[0];
    expect(pool.intern([['topic:a']])[0]).toBe(single);
    expect(single).toEqual(['topic:a']);
    expect(Object.isFrozen(single)).toBe(true);
    expect(pool.intern([['topic:a', 'topic:a']])[0]).not.toBe(single);
    // Content, not joined text, decides: ["a,b"] is not ["a", "b"].
    const joined = pool.intern({ ids: ['a,b'] });
    const split = pool.intern({ ids: ['a', 'b'] });
    expect(joined.ids).toEqual(['a,b']);
    expect(split.ids).toEqual(['a', 'b']);
    // Lists of objects, long lists and lists holding prose stay the caller's, copied.
    const objects = [{ id: 'topic:a' }];
    const long = Array.from({ length: 17 }, (_, i) => `id:${i}`);
    const kept = pool.intern({ objects, long });
    expect(kept.objects).toEqual(objects);
    expect(kept.long).toEqual(long);
    expect(Object.isFrozen(kept.objects)).toBe(false);
    expect(pool.intern({ long }).long).not.toBe(kept.long);
    const prose = createStringPool({ maxLength: 4, maxEntries: 100 });
    const one = prose.intern({ list: ['a longer text'] });
    expect(prose.intern({ list: ['a longer text'] }).list).not.toBe(one.list);
  });

  it('shares small objects of strings, booleans, nulls and shared lists by content, frozen', () => {
    const pool = createStringPool();
    const topic = () => JSON.parse('{"id":"topic:a","label":"A"}') as { id: string; label: string };
    const person = () => ({ id: 'person:b', role: null, hidden: false, aliases: ['b'] });
    const a = pool.intern([topic(), person()]);
    const b = pool.intern([topic(), person()]);
    expect(b[0]).toBe(a[0]);
    expect(b[1]).toBe(a[1]);
    expect(Object.isFrozen(a[0])).toBe(true);
    expect(a).toEqual([topic(), person()]);
    expect(Object.keys(a[1] ?? {})).toEqual(['id', 'role', 'hidden', 'aliases']);
    expect(() => {
      (a[0] as { label: string }).label = 'changed';
    }).toThrow(TypeError);
    // The same fields in another order, or another value, are another object.
    expect(pool.intern({ label: 'A', id: 'topic:a' })).not.toBe(a[0]);
    expect(pool.intern({ id: 'topic:a', label: 'a' })).not.toBe(a[0]);
    // A field that is undefined is not the same as no field.
    const withUndefined = pool.intern({ id: 'topic:a', label: 'A', extra: undefined });
    expect(withUndefined).not.toBe(a[0]);
    expect(Object.keys(withUndefined)).toEqual(['id', 'label', 'extra']);
  });

  it('gives every other plain object a copy of its own, unfrozen', () => {
    const pool = createStringPool({ maxLength: 8, maxEntries: 100 });
    const cases = [
      { id: 'q:1', start: 10 }, // a number
      { id: 'q:1', text: 'a longer quote than eight' }, // prose past the bound
      { a: 'a', b: 'b', c: 'c', d: 'd', e: 'e' }, // five fields
      { id: 'q:1', nested: { x: 1 } }, // an object
    ];
    for (const value of cases) {
      const first = pool.intern(structuredClone(value));
      const second = pool.intern(structuredClone(value));
      expect(first).toEqual(value);
      expect(second).not.toBe(first);
      expect(Object.isFrozen(first)).toBe(false);
      expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    }
    // A null-prototype object stays the same object: a copy would gain Object.prototype.
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { id: 'x', n: 1 });
    expect(pool.intern(bare)).toBe(bare);
  });
});
