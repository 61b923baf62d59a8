import { describe, expect, it } from '@jest/globals';
import { ShardedMap, shardOfText } from './sharded-map.js';

describe('ShardedMap', () => {
  it('answers as a Map holding the same entries, in some order', () => {
    const sharded = new ShardedMap<string, number>(shardOfText);
    const plain = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      const key = `insight:${i % 3000}`; // 2,000 keys set twice
      sharded.set(key, i);
      plain.set(key, i);
    }
    sharded.set('', -1);
    plain.set('', -1);
    expect(sharded.size).toBe(plain.size);
    expect(sharded.get('insight:7')).toBe(plain.get('insight:7'));
    expect(sharded.has('insight:2999')).toBe(true);
    expect(sharded.has('insight:3000')).toBe(false);
    expect(sharded.get('')).toBe(-1);
    const sorted = <T>(entries: Iterable<T>) => [...entries].sort();
    expect(sorted(sharded)).toEqual(sorted(plain));
    expect(sorted(sharded.keys())).toEqual(sorted(plain.keys()));
    expect(sorted(sharded.values())).toEqual(sorted(plain.values()));
    const seen: Array<[string, number]> = [];
    sharded.forEach((value, key, map) => {
      expect(map).toBe(sharded);
      seen.push([key, value]);
    });
    expect(sorted(seen)).toEqual(sorted(plain.entries()));
  });

  it('spreads ids over its shards and takes keys of any kind through the shard function', () => {
    const used = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      used.add(shardOfText(`topic:${i}`) & 63);
    }
    expect(used.size).toBeGreaterThan(32);
    const byRecord = new ShardedMap<{ id: string }, string>((record) => shardOfText(record.id));
    const record = { id: 'feeds/a/metadata/1.metadata.json' };
    byRecord.set(record, 'one');
    expect(byRecord.get(record)).toBe('one');
    expect(byRecord.get({ id: record.id })).toBeUndefined(); // by identity, as a Map
  });
});
