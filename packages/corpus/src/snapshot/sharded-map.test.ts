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

function filled(count: number): ShardedMap<string, number> {
  const map = new ShardedMap<string, number>(shardOfText);
  for (let i = 0; i < count; i++) {
    map.set(`insight:${i}`, i);
  }
  return map;
}

describe('ShardedMap.patched', () => {
  it('makes the changes in a copy and leaves the map it came from as it was', async () => {
    const map = filled(1000);
    const patched = await map.patched(
      [
        ['insight:1', 100],
        ['insight:2', undefined],
        ['new', 7],
      ],
      { yieldIfDue: async () => undefined },
    );
    expect([patched.get('insight:1'), patched.has('insight:2'), patched.get('new')]).toEqual([
      100,
      false,
      7,
    ]);
    expect(patched.size).toBe(1000);
    expect([...patched.keys()]).toHaveLength(1000);
    expect([map.get('insight:1'), map.get('insight:2'), map.has('new'), map.size]).toEqual([
      1,
      2,
      false,
      1000,
    ]);
    // Every key no change names reads the same in both.
    for (const [key, value] of map) {
      if (key !== 'insight:1' && key !== 'insight:2') {
        expect(patched.get(key)).toBe(value);
      }
    }
  });

  it('copies only the shards a change falls in, asking the slicer as it copies', async () => {
    const map = filled(100_000);
    let asks = 0;
    const patched = await map.patched([['insight:5', -5]], {
      yieldIfDue: async () => {
        asks++;
      },
    });
    const shardsOf = (m: ShardedMap<string, number>) =>
      (m as unknown as { maps: Array<Map<string, number>> }).maps;
    const copied = shardsOf(patched).filter((shard, at) => shard !== shardsOf(map)[at]);
    expect(copied).toHaveLength(1);
    // One ask per 2,048 entries copied.
    expect(asks).toBe(Math.ceil((copied[0] as Map<string, number>).size / 2048));
    expect(asks).toBeGreaterThan(0);
    expect(patched.get('insight:5')).toBe(-5);
    expect(map.get('insight:5')).toBe(5);
  });
});
