import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '@podcast/corpus';
import { retitledMetadata, tearInHalf } from '@podcast/testing';
import request from 'supertest';
import { buildTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';
import { sampleCopy } from './support/sample-copy.js';

/** A pipeline that crashed mid-write leaves an episode's files cut in half. */
describe('an episode whose files were cut mid-write', () => {
  let copy: Awaited<ReturnType<typeof sampleCopy>>;
  let t: TestApp;
  let episodes: EpisodeRecord[];
  beforeAll(async () => {
    copy = await sampleCopy('consumer-torn');
    t = await buildTestApp({ env: { CORPUS_DIR: copy.root } });
    episodes = (await servedSnapshot(t)).episodes.filter((episode) => episode.has_gi);
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await copy.remove();
  });

  const answers = async (slug: string) => {
    const [episode, insights] = [
      await request(t.app).get(`/api/app/episodes/${slug}`),
      await request(t.app).get(`/api/app/episodes/${slug}/insights`),
    ];
    return {
      episode: { status: episode.status, body: episode.body },
      insights: { status: insights.status, body: insights.body },
    };
  };
  const fileOf = (relpath: string | null) => path.join(copy.root, relpath as string);

  it('is served as before while torn, and anew once the files are whole', async () => {
    const episode = episodes[0] as EpisodeRecord;
    const before = await answers(episode.slug);
    expect(before.episode.status).toBe(200);
    expect(before.insights.body.items.length).toBeGreaterThan(0);
    const torn = tearInHalf([fileOf(episode.metadata_relpath), fileOf(episode.gi_relpath)]);
    await t.refresh();
    expect(await answers(episode.slug)).toEqual(before);

    torn.complete((file, whole) =>
      file.endsWith('.metadata.json') ? retitledMetadata(whole, 'Written whole at last') : whole,
    );
    await t.refresh();
    const after = await answers(episode.slug);
    expect(after.episode.body.title).toBe('Written whole at last');
    expect(after.insights).toEqual(before.insights);
  });

  it('keeps the insights of a GI file cut alone', async () => {
    const episode = episodes[1] as EpisodeRecord;
    const before = await answers(episode.slug);
    expect(before.insights.body.items.length).toBeGreaterThan(0);
    const torn = tearInHalf([fileOf(episode.gi_relpath)]);
    await t.refresh();
    expect(await answers(episode.slug)).toEqual(before);
    torn.complete();
    await t.refresh();
    expect(await answers(episode.slug)).toEqual(before);
  });
});
