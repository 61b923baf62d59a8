import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { memoryLogger } from '@podcast/testing';
import { readSegments } from '../src/caches/segment-reads.js';
import { discoverMetadataFiles } from '../src/discovery/discovery.js';
import { type CorpusRegistry, createCorpusRegistry } from '../src/snapshot/corpus-registry.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';

// The shipped sample corpus (see its README for the counts asserted here).
const SAMPLE = path.resolve(import.meta.dirname, '../../../corpus/sample');
const NEWER_RUN = 'feeds/rss_belowthecurb_show_e78f408c/run_20261112-134838_8bb39c72/';

describe('the shipped sample corpus', () => {
  let registry: CorpusRegistry;
  let snapshot: CorpusSnapshot;
  let warnings: unknown[];

  beforeAll(async () => {
    const { logger, lines } = memoryLogger();
    registry = createCorpusRegistry({ logger, watch: false });
    snapshot = await registry.get(SAMPLE);
    warnings = lines.filter((line) => line.level === 40);
  });
  afterAll(() => registry.close());

  it('loads 24 distinct episodes of 4 feeds from 26 metadata files without warnings', async () => {
    expect(await discoverMetadataFiles(SAMPLE)).toHaveLength(26);
    expect(snapshot.episodes).toHaveLength(24);
    expect(snapshot.feeds.map((f) => f.episode_count)).toEqual([6, 6, 6, 6]);
    expect(warnings).toEqual([]);
  });

  it('keeps the newer run copy of re-processed episodes', () => {
    for (const id of [
      '92a76735-5a33-41da-8e0a-2e3c7de90492',
      '5c0b1bba-ea66-4643-813a-efaf95c2c150',
    ]) {
      expect(snapshot.findEpisodeById(id)?.metadata_relpath.startsWith(NEWER_RUN)).toBe(true);
    }
  });

  it('reads the GI of every episode that has one, in lineages 3.1 and 1.0', () => {
    const versions = snapshot.episodes
      .filter((e) => e.has_gi)
      .map((e) => snapshot.graphOf(e)?.schema_version)
      .sort();
    expect(versions).toEqual([...Array(4).fill('1.0'), ...Array(17).fill('3.1')]);
  });

  it('verifies local art for the three feeds that have it', () => {
    expect(snapshot.feeds.filter((f) => f.image_local_relpath !== null)).toHaveLength(3);
  });

  it('serves ad-free segments where they exist and raw ones otherwise', async () => {
    const variants = await Promise.all(
      snapshot.episodes.map(async (e) => (await readSegments(snapshot, e))?.variant ?? 'none'),
    );
    expect(variants.filter((v) => v === 'adfree').length).toBeGreaterThan(0);
    expect(variants.filter((v) => v === 'raw').length).toBeGreaterThan(0);
    expect(variants.filter((v) => v === 'none')).toHaveLength(2);
  });
});
