/**
 * @jest-environment ../../packages/providers/test/native-typed-arrays-env.cjs
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IndexStatsResponse, SearchResponse } from '@podcast/contracts';
import { writeTinySentenceModel } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { copySampleCorpus, waitForRebuild } from './support/sample-corpus-copy.js';

const TOKEN = 'operator-token-for-sentence-model-tests';
const MODEL = 'tiny-sentence-model';

describe('an index built and queried with sentence_transformer_local', () => {
  let modelDir: string;
  let corpus: Awaited<ReturnType<typeof copySampleCorpus>>;
  let viewer: ViewerTestApp;
  beforeAll(async () => {
    modelDir = await mkdtemp(path.join(tmpdir(), 'st-models-'));
    await writeTinySentenceModel(modelDir, MODEL);
    corpus = await copySampleCorpus();
    viewer = buildViewerTestApp({
      corpusDir: corpus.root,
      operatorToken: TOKEN,
      env: {
        EMBEDDING_PROVIDER: 'sentence_transformer_local',
        EMBEDDING_MODEL: MODEL,
        EMBEDDING_MODEL_DIR: modelDir,
      },
    });
  });
  afterAll(async () => {
    viewer.close();
    await corpus.remove();
    await rm(modelDir, { recursive: true, force: true });
  });

  it('records the provider and model in the index and answers hybrid searches', async () => {
    const started = await request(viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', `Bearer ${TOKEN}`);
    expect(started.status).toBe(202);
    const stats = IndexStatsResponse.parse(await waitForRebuild(viewer.app, corpus.root));
    expect(stats).toMatchObject({
      available: true,
      rebuild_last_error: null,
      embedding_provider: 'sentence_transformer_local',
      embedding_model: MODEL,
      embedding_dim: 5,
      configured_embedding_provider: 'sentence_transformer_local',
    });
    const res = await request(viewer.app)
      .get('/api/search')
      .query({ q: 'insomnia and napping', top_k: 5 });
    expect(res.status).toBe(200);
    const body = SearchResponse.parse(res.body);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.some((hit) => /sleep|insomnia|nap/i.test(hit.text))).toBe(true);
    const other = await request(viewer.app)
      .get('/api/search')
      .query({ q: 'insomnia', embedding_model: 'static-glove-100d' });
    expect(other.body).toMatchObject({ error: 'embedding_model_mismatch', results: [] });
  }, 120_000);
});
