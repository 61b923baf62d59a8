import type { TimeSlicer } from './time-slicer.js';

/**
 * A map split in 64 maps by a cheap hash of the key (`shard`, 0-63), for
 * maps of hundreds of thousands to millions of entries built while requests
 * are served: one V8 map grows by rehashing every entry at once, which at
 * 100,000 episodes held the event loop for 100-300 ms in the middle of a
 * build's time slice; a shard rehashes a 64th of that. Iteration goes shard
 * by shard, so it is not in insertion order: callers that iterate must not
 * depend on the order.
 */
export class ShardedMap<K, V> implements ReadonlyMap<K, V> {
  private readonly maps: Array<Map<K, V>>;
  private count: number;

  /** Empty, or (from `patched`) over shards shared with another map. */
  constructor(
    private readonly shard: (key: K) => number,
    shared?: { maps: Array<Map<K, V>>; count: number },
  ) {
    this.maps = shared?.maps ?? Array.from({ length: SHARDS }, () => new Map<K, V>());
    this.count = shared?.count ?? 0;
  }

  private mapOf(key: K): Map<K, V> {
    return this.maps[this.shard(key) & (SHARDS - 1)] as Map<K, V>;
  }

  get size(): number {
    return this.count;
  }

  get(key: K): V | undefined {
    return this.mapOf(key).get(key);
  }

  has(key: K): boolean {
    return this.mapOf(key).has(key);
  }

  set(key: K, value: V): this {
    const map = this.mapOf(key);
    const before = map.size;
    map.set(key, value);
    this.count += map.size - before;
    return this;
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this) {
      callback.call(thisArg, value, key, this);
    }
  }

  *entries(): MapIterator<[K, V]> {
    for (const map of this.maps) {
      yield* map.entries();
    }
  }

  *keys(): MapIterator<K> {
    for (const map of this.maps) {
      yield* map.keys();
    }
  }

  *values(): MapIterator<V> {
    for (const map of this.maps) {
      yield* map.values();
    }
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  /**
   * A copy with `changes` made, an undefined value deleting its key. The
   * shards no change falls in are shared with this map, not copied; the
   * others are copied in slices (`copyInSlices`). This map stays as it is, so
   * readers of either never see the other's entries: neither may be set
   * afterwards.
   */
  async patched(
    changes: Iterable<readonly [K, V | undefined]>,
    slicer: TimeSlicer,
  ): Promise<ShardedMap<K, V>> {
    const byShard = new Map<number, Array<readonly [K, V | undefined]>>();
    for (const change of changes) {
      const at = this.shard(change[0]) & (SHARDS - 1);
      const list = byShard.get(at);
      if (list === undefined) {
        byShard.set(at, [change]);
      } else {
        list.push(change);
      }
    }
    const maps = this.maps.slice();
    let count = this.count;
    for (const [at, list] of byShard) {
      const copy = await copyInSlices(maps[at] as Map<K, V>, slicer);
      count -= copy.size;
      for (const [key, value] of list) {
        if (value === undefined) {
          copy.delete(key);
        } else {
          copy.set(key, value);
        }
      }
      count += copy.size;
      maps[at] = copy;
    }
    return new ShardedMap(this.shard, { maps, count });
  }
}

const SHARDS = 64;

/** Entries copied between two checks of the slicer. */
const COPIED_PER_CHECK = 2048;

/**
 * A copy of `map`, made entry by entry in slices: a shard of a map of a
 * million and a half entries holds over 20,000, which `new Map(shard)`
 * copied in 2-3 ms of one piece while the episode list waited.
 */
async function copyInSlices<K, V>(map: Map<K, V>, slicer: TimeSlicer): Promise<Map<K, V>> {
  const copy = new Map<K, V>();
  let copied = 0;
  for (const [key, value] of map) {
    if (copied++ % COPIED_PER_CHECK === 0) {
      await slicer.yieldIfDue();
    }
    copy.set(key, value);
  }
  return copy;
}

/**
 * A string's shard: its length and eight characters spread over it, the
 * last three among them (ids differ at the end, paths in the middle too).
 */
export function shardOfText(text: string): number {
  const end = text.length;
  let hash = end;
  for (let k = 1; k <= 5; k++) {
    hash = (Math.imul(hash, 31) + (text.charCodeAt(Math.floor((end * k) / 6)) | 0)) | 0;
  }
  for (let back = 1; back <= 3; back++) {
    hash = (Math.imul(hash, 31) + (text.charCodeAt(end - back) | 0)) | 0;
  }
  return hash;
}
