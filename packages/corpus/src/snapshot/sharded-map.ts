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
  private count = 0;

  constructor(private readonly shard: (key: K) => number) {
    this.maps = Array.from({ length: SHARDS }, () => new Map<K, V>());
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
}

const SHARDS = 64;

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
