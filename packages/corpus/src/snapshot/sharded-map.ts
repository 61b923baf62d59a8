import type { TimeSlicer } from './time-slicer.js';

/** One bucket: the keys whose hash ends in the same `depth` bits. */
interface Bucket<K, V> {
  readonly depth: number;
  readonly map: Map<K, V>;
  /** Entries past which it splits: `MAX_BUCKET`, doubled when a split would leave a half empty (equal hashes). */
  limit: number;
}

/** What a map is made of; `patched` hands a copy of the directory to the new map. */
interface Parts<K, V> {
  dir: Array<Bucket<K, V>>;
  depth: number;
  count: number;
}

/**
 * A map split into buckets by a hash of the key, for maps of hundreds of
 * thousands to millions of entries built while requests are served and
 * patched after each change:
 *
 * - one V8 map grows by rehashing every entry at once, which on a large
 *   corpus held the event loop far past a build's time slice; a new map starts with 64 buckets, each growing on its own;
 * - `patched` copies only the buckets a change falls in, and a bucket of
 *   more than `MAX_BUCKET` entries is split as it is copied (extendible
 *   hashing), so the next change there copies at most about that many. With
 *   fixed shards, one changed episode copied whole shards, so a change cost
 *   more as the corpus grew.
 *
 * The directory holds `2 ** depth` slots; a bucket of depth `d` fills every
 * slot whose low `d` bits are its own. A fill never splits (the 64 buckets
 * grow as the fixed shards did): splitting as it filled rehashed each entry
 * several times and made large fills much slower. Iteration goes bucket by bucket, so it is not in insertion
 * order: callers that iterate must not depend on it.
 */
export class ShardedMap<K, V> implements ReadonlyMap<K, V> {
  private dir: Array<Bucket<K, V>>;
  private depth: number;
  private count: number;

  /** Empty, or (from `patched`) over buckets shared with another map. */
  constructor(
    private readonly shard: (key: K) => number,
    parts?: Parts<K, V>,
  ) {
    this.dir =
      parts?.dir ??
      Array.from({ length: 1 << FIRST_DEPTH }, () => ({
        depth: FIRST_DEPTH,
        map: new Map<K, V>(),
        limit: MAX_BUCKET,
      }));
    this.depth = parts?.depth ?? FIRST_DEPTH;
    this.count = parts?.count ?? 0;
  }

  private hashOf(key: K): number {
    return mixBits(this.shard(key));
  }

  private bucketAt(hash: number): Bucket<K, V> {
    return this.dir[hash & ((1 << this.depth) - 1)] as Bucket<K, V>;
  }

  get size(): number {
    return this.count;
  }

  /** How many buckets hold the entries (tests read it). */
  get buckets(): number {
    let count = 0;
    for (const _ of this.eachBucket()) count++;
    return count;
  }

  get(key: K): V | undefined {
    return this.bucketAt(this.hashOf(key)).map.get(key);
  }

  has(key: K): boolean {
    return this.bucketAt(this.hashOf(key)).map.has(key);
  }

  /** Sets in place: only on a map nothing was patched from. */
  set(key: K, value: V): this {
    const map = this.bucketAt(this.hashOf(key)).map;
    const before = map.size;
    map.set(key, value);
    this.count += map.size - before;
    return this;
  }

  /**
   * A copy of `bucket` (which holds `hash`) put in its slots: whole when it
   * holds up to its limit, else split by its next hash bits into pieces of
   * about half `MAX_BUCKET`, the directory doubled as far as they need. A
   * piece still over `MAX_BUCKET` (keys of equal hashes) is left whole on
   * its next copies until it holds twice as many.
   */
  private async copyOf(
    bucket: Bucket<K, V>,
    hash: number,
    slicer: TimeSlicer,
  ): Promise<Array<Bucket<K, V>>> {
    const size = bucket.map.size;
    const extra = Math.min(MAX_DEPTH - bucket.depth, Math.ceil(Math.log2(size / (MAX_BUCKET / 2))));
    const step = 1 << bucket.depth;
    if (size <= bucket.limit || extra <= 0) {
      const copy = {
        depth: bucket.depth,
        map: await copyInSlices(bucket.map, slicer),
        limit: Math.max(bucket.limit, size),
      };
      for (let at = hash & (step - 1); at < this.dir.length; at += step) {
        this.dir[at] = copy;
      }
      return [copy];
    }
    while (this.depth < bucket.depth + extra) {
      this.dir = this.dir.concat(this.dir);
      this.depth++;
    }
    const mask = (1 << extra) - 1;
    const pieces = Array.from({ length: 1 << extra }, () => ({
      depth: bucket.depth + extra,
      map: new Map<K, V>(),
      limit: MAX_BUCKET,
    }));
    let copied = 0;
    for (const [key, value] of bucket.map) {
      if (++copied % COPIED_PER_CHECK === 0) {
        await slicer.yieldIfDue();
      }
      (pieces[(this.hashOf(key) >>> bucket.depth) & mask] as Bucket<K, V>).map.set(key, value);
    }
    for (const piece of pieces) {
      piece.limit = Math.max(MAX_BUCKET, 2 * piece.map.size);
    }
    for (let at = hash & (step - 1); at < this.dir.length; at += step) {
      this.dir[at] = pieces[(at >>> bucket.depth) & mask] as Bucket<K, V>;
    }
    return pieces;
  }

  /** Each bucket once: at its first slot, the one below `2 ** depth`. */
  private *eachBucket(): Generator<Bucket<K, V>> {
    for (let at = 0; at < this.dir.length; at++) {
      const bucket = this.dir[at] as Bucket<K, V>;
      if (at < 1 << bucket.depth) {
        yield bucket;
      }
    }
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this) {
      callback.call(thisArg, value, key, this);
    }
  }

  *entries(): MapIterator<[K, V]> {
    for (const bucket of this.eachBucket()) {
      yield* bucket.map.entries();
    }
  }

  *keys(): MapIterator<K> {
    for (const bucket of this.eachBucket()) {
      yield* bucket.map.keys();
    }
  }

  *values(): MapIterator<V> {
    for (const bucket of this.eachBucket()) {
      yield* bucket.map.values();
    }
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  /**
   * A copy with `changes` made, an undefined value deleting its key. The
   * buckets no change falls in are shared with this map, not copied; the
   * others are copied (split when full, `copyOf`), asking the slicer
   * between copies. This map stays as it is, so readers of either never
   * see the other's entries: neither may be set afterwards.
   */
  async patched(
    changes: Iterable<readonly [K, V | undefined]>,
    slicer: TimeSlicer,
  ): Promise<ShardedMap<K, V>> {
    const next = new ShardedMap<K, V>(this.shard, {
      dir: this.dir.slice(),
      depth: this.depth,
      count: this.count,
    });
    const owned = new Set<Bucket<K, V>>();
    for (const [key, value] of changes) {
      const hash = next.hashOf(key);
      const bucket = next.bucketAt(hash);
      if (!owned.has(bucket)) {
        for (const made of await next.copyOf(bucket, hash, slicer)) {
          owned.add(made);
        }
      }
      const map = next.bucketAt(hash).map;
      const before = map.size;
      if (value === undefined) {
        map.delete(key);
      } else {
        map.set(key, value);
      }
      next.count += map.size - before;
    }
    return next;
  }
}

/** A new map's buckets: 64, as many maps as the fixed shards before. */
const FIRST_DEPTH = 6;

/** Entries past which a bucket is split when a patch copies it. */
const MAX_BUCKET = 1024;

/** At most `2 ** MAX_DEPTH` slots. */
const MAX_DEPTH = 20;

/** Entries copied between two checks of the slicer. */
const COPIED_PER_CHECK = 2048;

/** A copy of `map`, made entry by entry, asking the slicer every `COPIED_PER_CHECK` entries. */
async function copyInSlices<K, V>(map: Map<K, V>, slicer: TimeSlicer): Promise<Map<K, V>> {
  const copy = new Map<K, V>();
  let copied = 0;
  for (const [key, value] of map) {
    if (++copied % COPIED_PER_CHECK === 0) {
      await slicer.yieldIfDue();
    }
    copy.set(key, value);
  }
  return copy;
}

/** The 32-bit finaliser of MurmurHash3: every bit of the hash moves the low bits the directory reads. */
function mixBits(hash: number): number {
  let h = hash | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/**
 * A string's hash: its length and sixteen characters, twelve spread over it
 * and the last four (ids differ at the end, paths in the middle too). Eight
 * characters gave the 100,000 metadata paths of the generator's corpus
 * 24,222 distinct hashes, up to 821 paths on one; sixteen give 71,710, up
 * to 14.
 */
export function shardOfText(text: string): number {
  const end = text.length;
  let hash = end;
  for (let k = 1; k <= 12; k++) {
    hash = (Math.imul(hash, 31) + (text.charCodeAt(Math.floor((end * k) / 13)) | 0)) | 0;
  }
  for (let back = 1; back <= 4; back++) {
    hash = (Math.imul(hash, 31) + (text.charCodeAt(end - back) | 0)) | 0;
  }
  return hash;
}
