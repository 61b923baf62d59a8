import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as lancedb from '@lancedb/lancedb';
import { compactTable, lanceSession, refreshVectorIndex } from '../src/store/lance-tables.js';

/** Deterministic pseudo-random unit-ish vectors (a linear congruential sequence). */
function rowsFrom(start: number, count: number, dims = 8) {
  let seed = start + 1;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648 - 0.5;
  };
  return Array.from({ length: count }, (_, i) => ({
    doc_id: `d${start + i}`,
    vector: Array.from({ length: dims }, next),
  }));
}

describe('LanceDB table upkeep after a build', () => {
  let dir: string;
  let db: lancedb.Connection;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lance-tables-'));
    db = await lancedb.connect(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('compacts the fragments one append per batch leaves into one, keeping every row', async () => {
    const table = await db.createTable('appended', rowsFrom(0, 50));
    for (let batch = 1; batch < 6; batch++) {
      await table.add(rowsFrom(batch * 50, 50));
    }
    expect((await table.stats()).fragmentStats.numFragments).toBe(6);
    await compactTable(table);
    expect((await table.stats()).fragmentStats.numFragments).toBe(1);
    expect(await table.countRows()).toBe(300);
  });

  it('indexes the vectors only from the row threshold on, with the cosine distance queries use', async () => {
    const small = await db.createTable('small', rowsFrom(0, 300));
    await refreshVectorIndex(small, 1000);
    expect(await small.listIndices()).toEqual([]);
    const large = await db.createTable('large', rowsFrom(0, 1200));
    await refreshVectorIndex(large, 1000);
    const [index] = await large.listIndices();
    expect(index?.columns).toEqual(['vector']);
    expect(index?.indexType).toBe('IvfFlat');
    // Still answers nearest-neighbour queries, the row itself first.
    const probe = rowsFrom(0, 1200)[700] as { doc_id: string; vector: number[] };
    const [hit] = await large
      .query()
      .nearestTo(probe.vector)
      .distanceType('cosine')
      .limit(1)
      .toArray();
    expect(hit.doc_id).toBe(probe.doc_id);
  });

  it('keeps the trained partitions on a later build: compaction adds the new rows to them', async () => {
    const table = await db.createTable('grown', rowsFrom(0, 1200));
    await refreshVectorIndex(table, 1000);
    await table.add(rowsFrom(5000, 100));
    await refreshVectorIndex(table, 1000);
    const name = (await table.listIndices())[0]?.name as string;
    // Not retrained: the new rows wait for compaction, which indexes them.
    expect(await table.indexStats(name)).toMatchObject({ numUnindexedRows: 100 });
    await compactTable(table);
    expect(await table.indexStats(name)).toMatchObject({
      numIndexedRows: 1300,
      numUnindexedRows: 0,
    });
  });

  it('keeps at most the session cap of index data however many partitions searches read', async () => {
    // 20,000 vectors of 64 floats: about 5 MB of IVF partitions, 20 of 141 read per search.
    await db.createTable('partitions', rowsFrom(0, 20_000, 64));
    await refreshVectorIndex(await db.openTable('partitions'), 1000);
    const probes = rowsFrom(50_000, 60, 64).map((row) => row.vector);
    const cachedAfterSearches = async (session: lancedb.Session) => {
      const table = await (await lancedb.connect(dir, { session })).openTable('partitions');
      for (const vector of probes) {
        await table.query().nearestTo(vector).distanceType('cosine').limit(5).toArray();
      }
      return Number(session.sizeBytes());
    };
    // Unbounded, the session keeps what the searches read (about 11 MB); bounded to 1 MB, it
    // keeps about 1 MB: the cache evicts after it inserts, so it may pass its cap by an entry.
    expect(await cachedAfterSearches(new lancedb.Session())).toBeGreaterThan(4 << 20);
    expect(await cachedAfterSearches(await lanceSession(1))).toBeLessThan(1.5 * (1 << 20));
  });
});
