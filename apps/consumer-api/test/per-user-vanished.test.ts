import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '@podcast/corpus';
import { putPlayback, replaceQueue, saveFavorite, subscribe } from '@podcast/db';
import { copySampleCorpus, type SampleCorpusCopy } from '@podcast/testing';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import { someInsight } from './support/corpus-facts.js';

const slugsOf = (items: { slug?: string; ref?: string }[]) =>
  items.map((item) => item.slug ?? item.ref);

describe('rows whose episode or show left the corpus', () => {
  let copy: SampleCorpusCopy;
  let corpusDir: string;
  let testApp: TestApp;
  let userId: string;
  let gone: EpisodeRecord;
  let stays: EpisodeRecord;

  beforeAll(async () => {
    // A private copy of the sample, so an episode can really disappear.
    copy = copySampleCorpus('consumer-vanished');
    corpusDir = copy.corpusDir;
    testApp = await buildTestApp({ appEnv: 'development', env: { CORPUS_DIR: corpusDir } });
    const snapshot = await testApp.ctx.corpus.get(corpusDir);
    gone = someInsight(snapshot).episode;
    stays = snapshot.episodes.find((episode) => episode.slug !== gone.slug) as EpisodeRecord;
    userId = (await request(testApp.app).get('/api/app/me')).body.user_id;
  });

  afterAll(async () => {
    await testApp.close();
    copy.remove();
  });

  const get = async (path: string) => (await request(testApp.app).get(path)).body;
  const metadataPath = () => join(corpusDir, gone.metadata_relpath);

  it('hides them from lists while the episode is gone and shows them again when it returns', async () => {
    const now = new Date();
    const db = testApp.ctx.db;
    await putPlayback(db, userId, stays.slug, 5, now);
    await putPlayback(db, userId, gone.slug, 10, new Date(now.getTime() + 1));
    await replaceQueue(db, userId, [gone.slug, stays.slug]);
    await saveFavorite(db, userId, { kind: 'episode', ref: gone.slug }, now);
    await saveFavorite(
      db,
      userId,
      { kind: 'insight', ref: 'insight:x', extra: { text: 't', episode_slug: gone.slug } },
      now,
    );
    expect(slugsOf((await get('/api/app/playback')).items)).toEqual([gone.slug, stays.slug]);

    await rename(metadataPath(), `${metadataPath()}.away`);
    await testApp.refresh();
    expect(slugsOf((await get('/api/app/playback')).items)).toEqual([stays.slug]);
    expect((await get('/api/app/queue')).items).toEqual([stays.slug]);
    const favorites = await get('/api/app/favorites');
    expect(favorites.episodes).toEqual([]);
    expect(favorites.insights).toEqual([]);
    // A direct read still answers the kept position.
    expect((await get(`/api/app/playback/${gone.slug}`)).position_seconds).toBe(10);

    await rename(`${metadataPath()}.away`, metadataPath());
    await testApp.refresh();
    expect(slugsOf((await get('/api/app/playback')).items)).toEqual([gone.slug, stays.slug]);
    expect((await get('/api/app/queue')).items).toEqual([gone.slug, stays.slug]);
    expect((await get('/api/app/favorites')).episodes).toEqual([{ ref: gone.slug }]);
  });

  it('hides a subscription to a show the corpus no longer has, keeping the row', async () => {
    await subscribe(testApp.ctx.db, userId, 'sha256:show-that-left', new Date());
    expect((await get('/api/app/library')).items).toEqual([]);
    const rows = await testApp.ctx.db
      .selectFrom('library_subscriptions')
      .select('feed_id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([{ feed_id: 'sha256:show-that-left' }]);
  });
});
