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
      used.add(shardOfText(`topic:${i}`));
    }
    expect(used.size).toBe(1000);
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

  it('copies only the buckets a change falls in, then at most 1,024 entries whatever the size', async () => {
    for (const size of [10_000, 300_000]) {
      const map = filled(size);
      const slicer = { yieldIfDue: async () => undefined };
      // The first patch splits the 64th of the map the key falls in as it copies it.
      const first = await map.patched([['insight:5', -5]], slicer);
      const firstCopied = newBuckets(map, first);
      expect(firstCopied.reduce((sum, bucket) => sum + bucket.size, 0)).toBe(
        bucketsOf(map).find((bucket) => bucket.has('insight:5'))?.size,
      );
      expect(Math.max(...firstCopied.map((bucket) => bucket.size))).toBeLessThanOrEqual(1024);
      // Later patches there copy one piece.
      const second = await first.patched([['insight:5', -6]], slicer);
      const copied = newBuckets(first, second);
      expect(copied).toHaveLength(1);
      expect((copied[0] as Map<string, number>).size).toBeLessThanOrEqual(1024);
      expect([map.get('insight:5'), first.get('insight:5'), second.get('insight:5')]).toEqual([
        5, -5, -6,
      ]);
      expect([first.size, second.size]).toEqual([size, size]);
    }
  });

  it('asks the slicer while it copies a large bucket', async () => {
    const map = filled(300_000); // buckets of about 4,700 entries
    let asks = 0;
    await map.patched([['insight:5', -5]], {
      yieldIfDue: async () => {
        asks++;
      },
    });
    expect(asks).toBeGreaterThanOrEqual(2); // one ask per 2,048 entries copied
  });

  it('answers as a Map after patches that add, delete and split', async () => {
    const map = filled(20_000);
    const plain = new Map(map);
    const changes: Array<[string, number | undefined]> = [];
    for (let i = 0; i < 20_000; i++) {
      changes.push([`topic:${i}`, i]);
    }
    for (let i = 0; i < 500; i++) {
      changes.push([`insight:${i * 3}`, undefined]);
    }
    const slicer = { yieldIfDue: async () => undefined };
    const patched = await map.patched(changes, slicer);
    for (const [key, value] of changes) {
      if (value === undefined) plain.delete(key);
      else plain.set(key, value);
    }
    const again = await patched.patched(
      [...plain.keys()].map((key) => [key, plain.get(key)] as const),
      slicer,
    );
    for (const result of [patched, again]) {
      expect(result.size).toBe(plain.size);
      expect([...result].sort()).toEqual([...plain].sort());
      expect(result.get('topic:77')).toBe(77);
      expect(result.has('insight:3')).toBe(false);
    }
    expect(Math.max(...bucketsOf(again).map((bucket) => bucket.size))).toBeLessThanOrEqual(1024);
    expect(map.size).toBe(20_000);
    expect(map.get('insight:3')).toBe(3);
    expect(map.has('topic:1')).toBe(false);
  });

  it('keeps keys of equal hashes in one bucket and stops growing its directory', async () => {
    const map = new ShardedMap<string, number>(() => 7);
    for (let i = 0; i < 5000; i++) {
      map.set(`k${i}`, i);
    }
    const slicer = { yieldIfDue: async () => undefined };
    const first = await map.patched([['k1', -1]], slicer);
    const second = await first.patched([['k2', -2]], slicer);
    const third = await second.patched([['k3', -3]], slicer);
    const slots = (m: ShardedMap<string, number>) =>
      (m as unknown as { dir: unknown[] }).dir.length;
    expect(slots(second)).toBe(slots(first));
    expect(slots(third)).toBe(slots(first));
    expect(slots(first)).toBeLessThanOrEqual(1024);
    expect([map.size, third.size, third.get('k4999'), third.get('k1'), map.get('k1')]).toEqual([
      5000, 5000, 4999, -1, 1,
    ]);
  });
});

/** The buckets of `after` that `before` lacks. */
function newBuckets(
  before: ShardedMap<string, number>,
  after: ShardedMap<string, number>,
): Array<Map<string, number>> {
  const known = new Set(bucketsOf(before));
  return bucketsOf(after).filter((bucket) => !known.has(bucket));
}

/** The distinct buckets' maps of a map. */
function bucketsOf(map: ShardedMap<string, number>): Array<Map<string, number>> {
  const dir = (map as unknown as { dir: Array<{ map: Map<string, number> }> }).dir;
  return [...new Set(dir.map((bucket) => bucket.map))];
}
