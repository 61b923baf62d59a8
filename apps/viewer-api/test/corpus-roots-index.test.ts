import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { indexFileIn } from '@podcast/runtime';
import { copySampleCorpusTo, createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';
import { remakeClockReads, writeSettled } from './support/hot-answers.js';

const NOW = () => new Date('2026-06-01T12:00:00Z');

/*
 * CORPUS_ROOTS names a folder of corpora. With the index on, each corpus in
 * it is answered from an SQLite index of its own under DATA_DIR, and a folder
 * of the default root's episodes still from a view of the projection; the
 * answers are the projection's, byte for byte.
 */
describe('roots other than CORPUS_DIR on the corpus index', () => {
  const scratch = createScratch('corpus-roots-index');
  const corpora = join(scratch.dir, 'corpora');
  const data = join(scratch.dir, 'data');
  const a = join(corpora, 'a');
  const b = join(corpora, 'b');
  const env = { DATA_DIR: data };
  const indexed = buildViewerTestApp({ roots: [corpora], now: NOW, env });
  const projected = buildViewerTestApp({
    roots: [corpora],
    now: NOW,
    env: { CORPUS_INDEX: 'projection' },
  });
  const feedFolder = join(
    SAMPLE_CORPUS_DIR,
    'feeds',
    readdirSync(join(SAMPLE_CORPUS_DIR, 'feeds'))[0] as string,
  );

  beforeAll(() => {
    mkdirSync(corpora);
    copySampleCorpusTo(a);
    copySampleCorpusTo(b);
  });
  afterAll(async () => {
    await indexed.close();
    await projected.close();
    scratch.remove();
  });

  const answers = async (path: string, route: string, query: Record<string, string> = {}) => ({
    fromIndex: await request(indexed.app)
      .get(route)
      .query({ path, ...query }),
    fromProjection: await request(projected.app)
      .get(route)
      .query({ path, ...query }),
  });

  it.each([
    ['/api/corpus/episodes', { limit: '200' }],
    ['/api/corpus/feeds', {}],
    ['/api/corpus/persons/top', {}],
    ['/api/corpus/stats', {}],
    ['/api/corpus/digest', {}],
  ])('answers %s for a corpus in the folder as the projection does', async (route, query) => {
    const { fromIndex, fromProjection } = await answers(a, route, query);
    expect(fromIndex.status).toBe(200);
    expect(fromIndex.body).toEqual(fromProjection.body);
    expect(fromIndex.body.path).toBe(a);
  });

  it('reads that corpus from an index of its own, never from a projection', async () => {
    const { fromIndex } = await answers(b, '/api/corpus/episodes');
    expect(fromIndex.status).toBe(200);
    const folders = join(data, 'corpus-index', 'folders');
    expect(existsSync(indexFileIn(folders, a))).toBe(true);
    expect(existsSync(indexFileIn(folders, b))).toBe(true);
    const loaded = indexed.corpus.describe().map((held) => held.root);
    expect(loaded).not.toContain(a);
    expect(loaded).not.toContain(b);
    expect(indexed.ctx.corpusIndexes?.describe().map((held) => held.root)).toEqual(
      expect.arrayContaining([a, b]),
    );
  });

  it('gives the configured folder an index beside the default root’s, held open', async () => {
    const { fromIndex, fromProjection } = await answers(corpora, '/api/corpus/episodes');
    expect(fromIndex.status).toBe(200);
    expect(fromIndex.body).toEqual(fromProjection.body);
    expect(existsSync(indexFileIn(join(data, 'corpus-index'), corpora))).toBe(true);
    expect(indexed.ctx.corpusIndexes?.describe()).toContainEqual({
      root: corpora,
      file: indexFileIn(join(data, 'corpus-index'), corpora),
      pinned: true,
    });
  });

  it('serves a folder of the default root’s episodes from a view, as before', async () => {
    const { fromIndex, fromProjection } = await answers(feedFolder, '/api/corpus/episodes');
    expect(fromIndex.status).toBe(200);
    expect(fromIndex.body.items.length).toBeGreaterThan(0);
    expect(fromIndex.body).toEqual(fromProjection.body);
    expect(indexed.corpus.describe()).toContainEqual(
      expect.objectContaining({ root: feedFolder, viewOf: SAMPLE_CORPUS_DIR }),
    );
  });

  it('shows a changed episode of that corpus once its index has ingested it', async () => {
    const page = (await answers(a, '/api/corpus/episodes')).fromIndex.body;
    const row = page.items[0] as { metadata_relpath: string; title: string };
    const file = join(a, row.metadata_relpath);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.episode.title = 'Retitled in a corpus of the folder';
    writeFileSync(file, JSON.stringify(doc));
    await indexed.refresh(a);
    const after = (await answers(a, '/api/corpus/episodes')).fromIndex.body;
    expect(after.items.map((item: { title: string }) => item.title)).toContain(
      'Retitled in a corpus of the folder',
    );
  });

  it('answers again once that corpus’s own cluster files change, not the default root’s', async () => {
    const d = join(corpora, 'd');
    copySampleCorpusTo(d);
    const query = { topic_cluster_only: 'true', limit: '200' };
    // Built, so that both requests read one data version of its index.
    await indexed.ctx.corpusIndexes?.indexOf(d, false).ingestNow();
    const before = await answers(d, '/api/corpus/episodes', query);
    expect(before.fromIndex.body).toEqual(before.fromProjection.body);
    expect(before.fromIndex.body.items.length).toBeGreaterThan(0);
    rmSync(join(d, 'search', 'topic_clusters.json'));
    const after = await answers(d, '/api/corpus/episodes', query);
    expect(after.fromIndex.body).toEqual(after.fromProjection.body);
    expect(after.fromIndex.body).not.toEqual(before.fromIndex.body);
  });

  it('makes a hot answer of that corpus again after its index commits, before its next request', async () => {
    const c = join(corpora, 'c');
    copySampleCorpusTo(c);
    // The digest reads the clock for its cache key (the UTC day) and in its handler.
    let clockReads = 0;
    const viewer = buildViewerTestApp({
      roots: [corpora],
      now: () => {
        clockReads++;
        return NOW();
      },
      env: { DATA_DIR: join(scratch.dir, 'data-hot') },
    });
    // The index alone ingests: a new projection snapshot would remake hot answers as well.
    const ingest = () => viewer.ctx.corpusIndexes?.indexOf(c, false).ingestNow();
    const digest = () =>
      request(viewer.app)
        .get('/api/corpus/digest')
        .query({ path: c, window: 'since', since: '2000-01-01' });
    try {
      // The shared index built and its last commit seen (the watch looks every second), so
      // that no commit of it remakes the hot answers below.
      await viewer.ctx.corpusIndex?.ingestNow();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // Built first: each commit of a first build is a new version, with a cache of its own.
      expect((await digest()).status).toBe(200);
      await ingest();
      // The first answer, then HOT_HITS (16) hits of it: the answer is hot.
      let answer = await digest();
      for (let i = 0; i < 16; i++) {
        answer = await digest();
      }
      expect(answer.status).toBe(200);
      expect(viewer.ctx.hotAnswers?.size).toBe(1);
      const [row] = answer.body.rows as Array<{ metadata_relpath: string }>;
      const file = join(c, row?.metadata_relpath ?? '');
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      doc.episode.title = 'Made again before it was asked for';
      writeSettled(file, JSON.stringify(doc));
      await ingest();
      clockReads = 0;
      // No request now: only the remake of the hot answer reads the clock.
      expect(await remakeClockReads(() => clockReads)).toBeGreaterThanOrEqual(2);
      clockReads = 0;
      const after = await digest();
      expect((after.body.rows as Array<{ title: string }>)[0]?.title).toBe(doc.episode.title);
      // Served from what the remake made: the cache's key read the clock, no handler did.
      expect(clockReads).toBe(1);
      expect(viewer.corpus.describe().map((held) => held.root)).not.toContain(c);
    } finally {
      await viewer.close();
    }
  });

  it('refuses a folder outside the roots with 403 before any index is opened', async () => {
    const res = await request(indexed.app).get('/api/corpus/episodes').query({ path: scratch.dir });
    expect(res.status).toBe(403);
    expect(existsSync(indexFileIn(join(data, 'corpus-index', 'folders'), scratch.dir))).toBe(false);
  });
});
