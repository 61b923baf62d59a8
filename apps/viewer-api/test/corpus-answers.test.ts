import { join } from 'node:path';
import { describe } from '@jest/globals';
import { generateCorpus } from '@podcast/corpus-generator';
import { ANSWER_CORPUS } from '@podcast/testing';
import { declareAnswerSuite } from '@podcast/testing/answer-suite';
import { viewerAnswerRequests } from './support/answer-requests.js';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';

/*
 * Every corpus route of the viewer, over the generated 1,000-episode corpus,
 * answers what it answered when the recording was made (before the corpus
 * internals were reshaped for 100,000 episodes). RECORD_CORPUS_ANSWERS=1
 * re-records; a changed recording is a change of behaviour and shows in review.
 */

describe('viewer corpus routes over 1,000 generated episodes', () => {
  declareAnswerSuite('viewer', {
    generate: (out) => generateCorpus({ ...ANSWER_CORPUS, out, force: true }),
    recording: join(import.meta.dirname, 'fixtures/corpus-answers-viewer'),
    build: async (root, cacheDir, now, early, index) => {
      const viewer = buildViewerTestApp({
        corpusDir: root,
        now,
        env: {
          CORPUS_CACHE_DIR: cacheDir,
          ...(early ? { CORPUS_LOAD_WAIT_MS: '60000' } : {}),
          ...(index ?? { CORPUS_INDEX: 'projection' }),
        },
        ...(early ? { corpus: { layersLaterMin: 1, beforeLayers: early.beforeLayers } } : {}),
      });
      return {
        handler: viewer.app,
        snapshot: () => viewer.corpus.get(root),
        persist: () => viewer.corpus.persist(root),
        projection: () => viewer.corpus.projection(),
        warm: () => viewer.corpus.warm(root),
        snapshotLoaded: () => viewer.corpus.describe().length > 0,
        ingestNow: async () => viewer.ctx.corpusIndex?.ingestNow(),
        close: viewer.close,
      };
    },
    urls: viewerAnswerRequests,
    servedEarly: ['/api/corpus/episodes', '/api/corpus/episodes?limit=7', '/api/corpus/feeds'],
    // Not on the corpus index yet: asked last, with the index on, and free to load the projection.
    onProjection: [],
  });
});
