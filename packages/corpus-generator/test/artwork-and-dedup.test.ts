import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type GeneratedCorpusSummary, generateCorpus } from '../src/index.js';
import { filesEndingWith, makeTempDir, readJson, runDirOf } from './corpus-tree.js';

const temp = makeTempDir('art');
let summary: GeneratedCorpusSummary;
interface Metadata {
  feed: { feed_id: string; image_local_relpath?: string };
  episode: { episode_id: string; image_local_relpath?: string };
}
let metadata: Array<{ relpath: string; value: Metadata }> = [];

beforeAll(async () => {
  summary = await generateCorpus({ out: temp.path, feeds: 4, episodesPerFeed: 6, force: true });
  metadata = filesEndingWith(temp.path, '.metadata.json').map((relpath) => ({
    relpath,
    value: readJson<Metadata>(join(temp.path, relpath)),
  }));
});
afterAll(() => temp.remove());

describe('artwork store', () => {
  it('holds PNGs with the PNG signature and a 640×640 IHDR', () => {
    const pngs = summary.artFiles.filter((file) => file.endsWith('.png'));
    expect(pngs.length).toBeGreaterThanOrEqual(3);
    for (const file of pngs) {
      const bytes = readFileSync(join(temp.path, file));
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([640, 640]);
      expect(bytes.length).toBeLessThan(30_000);
    }
  });

  it('names each image by its own SHA-256 under sha256/<2hex>/<2hex>/', () => {
    expect(summary.artFiles.some((file) => file.endsWith('.svg'))).toBe(true);
    for (const file of summary.artFiles) {
      expect(file).toMatch(
        /^\.podcast_scraper\/corpus-art\/sha256\/([0-9a-f]{2})\/([0-9a-f]{2})\/\1\2[0-9a-f]{60}\.(png|svg)$/,
      );
    }
  });

  it('is what the metadata image_local_relpath fields point at, with one feed left without local art', () => {
    const feedArt = new Map(
      metadata.map(({ value }) => [value.feed.feed_id, value.feed.image_local_relpath]),
    );
    expect([...feedArt.values()].filter((relpath) => relpath === undefined)).toHaveLength(1);
    const referenced = metadata.flatMap(({ value }) => [
      value.feed.image_local_relpath,
      value.episode.image_local_relpath,
    ]);
    const episodeArt = metadata.filter(({ value }) => value.episode.image_local_relpath);
    expect(episodeArt.length).toBeGreaterThanOrEqual(1);
    expect(new Set(referenced.filter((r) => r !== undefined))).toEqual(new Set(summary.artFiles));
  });
});

describe('dedup setup', () => {
  it('has a feed whose newer run repeats episode ids of its older run and adds new ones', () => {
    const byRun = new Map<string, Set<string>>();
    for (const { relpath, value } of metadata) {
      const run = runDirOf(relpath);
      byRun.set(
        run,
        (byRun.get(run) ?? new Set()).add(`${value.feed.feed_id}|${value.episode.episode_id}`),
      );
    }
    const runs = [...byRun.keys()].sort();
    const pairs = runs.flatMap((older, i) =>
      runs
        .slice(i + 1)
        .filter((newer) => older.split('/')[1] === newer.split('/')[1])
        .map((newer) => [older, newer] as const),
    );
    expect(pairs.length).toBeGreaterThanOrEqual(1);
    for (const [older, newer] of pairs) {
      const olderIds = byRun.get(older) ?? new Set();
      const newerIds = [...(byRun.get(newer) ?? [])];
      expect(newerIds.filter((id) => olderIds.has(id)).length).toBeGreaterThanOrEqual(1);
      expect(newerIds.filter((id) => !olderIds.has(id)).length).toBeGreaterThanOrEqual(1);
    }
    expect(summary.duplicatedEpisodeIds.length).toBeGreaterThanOrEqual(1);
  });
});
