import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { indexFileIn } from '@podcast/runtime';
import { copySampleCorpus, createScratch, memoryLogger, type Scratch } from '@podcast/testing';
import {
  type CorpusIndex,
  type CorpusIndexPool,
  createCorpusIndexPool,
  findEpisodeBySlug,
  openCorpusIndex,
} from '../src/index.js';
import { isLockHeld } from '../src/ingest-lock.js';

const QUIET = { watch: false, rescanMs: 60_000, heartbeatMs: 50 } as const;

describe('the pool of other roots’ indexes', () => {
  let scratch: Scratch;
  let folder: string;
  let pool: CorpusIndexPool;
  const outside: CorpusIndex[] = [];

  /** An empty corpus folder of its own (a `feeds/` folder inside). */
  const corpus = (name: string) => {
    const dir = path.join(scratch.dir, 'corpora', name);
    mkdirSync(path.join(dir, 'feeds'), { recursive: true });
    return dir;
  };
  const openIndex = (root: string, file: string) =>
    openCorpusIndex({ file, root, logger: memoryLogger().logger, ...QUIET });
  const makePool = (maxOpen: number, maxFiles: number) => {
    pool = createCorpusIndexPool({ folder, open: openIndex, maxOpen, maxFiles, closeDelayMs: 0 });
    return pool;
  };
  const otherFile = (root: string) => indexFileIn(path.join(folder, 'folders'), root);
  /** Opens the index of `root` and waits for its first ingest, so it holds the lock and has a file. */
  const used = async (root: string, pinned = false) => {
    const index = pool.indexOf(root, pinned);
    await index.ingestNow();
    return index;
  };

  beforeEach(() => {
    scratch = createScratch('index-pool');
    folder = path.join(scratch.dir, 'data', 'corpus-index');
  });
  afterEach(async () => {
    await pool?.close();
    await Promise.all(outside.splice(0).map((index) => index.close()));
    scratch.remove();
  });

  it('answers from the index of the root it is asked for', async () => {
    const sample = copySampleCorpus('index-pool-sample');
    try {
      makePool(2, 16);
      const index = await used(sample.corpusDir);
      expect(pool.indexOf(sample.corpusDir, false)).toBe(index);
      const view = await index.serving('catalog');
      expect(await findEpisodeBySlug(view.db, 'no-such-episode')).toBeUndefined();
      expect(existsSync(otherFile(sample.corpusDir))).toBe(true);
    } finally {
      sample.remove();
    }
  });

  it('closes the least recently used past maxOpen, never a pinned root', async () => {
    makePool(1, 16);
    const [a, b, pinned] = [corpus('a'), corpus('b'), corpus('pinned')];
    const pinnedIndex = await used(pinned, true);
    const first = await used(a);
    expect(isLockHeld(`${otherFile(a)}.lock`, 5000, Date.now())).toBe(true);
    await used(b);
    await delay(100); // closeDelayMs 0: closed on the next turns
    // Closed: its lock released, and asking again opens it anew.
    expect(isLockHeld(`${otherFile(a)}.lock`, 5000, Date.now())).toBe(false);
    expect(pool.describe().map((held) => held.root)).toEqual([pinned, b]);
    const again = await used(a);
    expect(again).not.toBe(first);
    expect(pool.indexOf(pinned, true)).toBe(pinnedIndex);
    expect(pool.describe()).toEqual([
      { root: a, file: otherFile(a), pinned: false },
      { root: pinned, file: indexFileIn(folder, pinned), pinned: true },
    ]);
  });

  it('keeps at most maxFiles files, deleting the least recently used', async () => {
    makePool(1, 2);
    const [a, b, c, pinned] = [corpus('a'), corpus('b'), corpus('c'), corpus('pinned')];
    await used(pinned, true);
    await used(a);
    await used(b);
    await delay(100);
    await used(c);
    await delay(100);
    const kept = readdirSync(path.join(folder, 'folders')).filter((f) => f.endsWith('.sqlite'));
    expect(kept.sort()).toEqual([path.basename(otherFile(b)), path.basename(otherFile(c))].sort());
    for (const tail of ['', '-wal', '-shm', '.lock']) {
      expect(existsSync(otherFile(a) + tail)).toBe(false);
    }
    // The configured root's file is not the pool's to bound.
    expect(existsSync(indexFileIn(folder, pinned))).toBe(true);
  });

  it('keeps a file another process ingests, however old', async () => {
    makePool(1, 2);
    const [a, b, c, d] = [corpus('a'), corpus('b'), corpus('c'), corpus('d')];
    await used(a);
    await used(b);
    await delay(100);
    // Another process (here another handle) now ingests a, the oldest file.
    const other = openIndex(a, otherFile(a));
    outside.push(other);
    await other.ingestNow();
    expect(other.isIngester()).toBe(true);
    await used(c);
    await delay(100);
    await used(d);
    expect(existsSync(otherFile(a))).toBe(true);
    expect(existsSync(otherFile(b))).toBe(false);
    expect([c, d].map((root) => existsSync(otherFile(root)))).toEqual([true, true]);
  });

  it('keeps open an index asked for again while it waits to close', async () => {
    pool = createCorpusIndexPool({
      folder,
      open: openIndex,
      maxOpen: 1,
      closeDelayMs: 60_000,
    });
    const [a, b] = [corpus('a'), corpus('b')];
    const first = await used(a);
    await used(b);
    expect(pool.indexOf(a, false)).toBe(first);
    expect(isLockHeld(`${otherFile(a)}.lock`, 5000, Date.now())).toBe(true);
  });
});
