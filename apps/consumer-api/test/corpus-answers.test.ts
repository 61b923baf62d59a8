import { join } from 'node:path';
import { describe } from '@jest/globals';
import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import { generateCorpus } from '@podcast/corpus-generator';
import { ANSWER_CORPUS } from '@podcast/testing';
import { declareAnswerSuite } from '@podcast/testing/answer-suite';
import { buildTestApp } from './support/build-test-app.js';

/*
 * Every catalog route of the app, over the generated 1,000-episode corpus,
 * answers what it answered when the recording was made (before the corpus
 * internals were reshaped for 100,000 episodes). RECORD_CORPUS_ANSWERS=1
 * re-records; a changed recording is a change of behaviour and shows in review.
 */

const q = encodeURIComponent;

function episodeRequests(episode: EpisodeRecord): string[] {
  const slug = `/api/app/episodes/${q(episode.slug)}`;
  const requests = [
    slug,
    `${slug}/insights`,
    `${slug}/entities`,
    `${slug}/segments`,
    `${slug}/related`,
    `${slug}/search?q=jazz`,
    `${slug}/stats`,
    `/api/app/playback/${q(episode.slug)}`,
  ];
  if (episode.artwork_relpath !== null) {
    requests.push(`/api/app/artwork?ref=${q(episode.artwork_relpath)}`);
  }
  return requests;
}

function answerRequests(snapshot: CorpusSnapshot): string[] {
  const list = snapshot.episodes;
  const episodes = [list[0], list[Math.floor(list.length / 2)], list[list.length - 1]];
  episodes.push(list.find((e) => !e.has_gi));
  const feeds = [snapshot.feeds[0], snapshot.feeds[snapshot.feeds.length - 1]];
  return [
    '/api/app/episodes',
    '/api/app/episodes?page=3&page_size=50',
    '/api/app/episodes?page=100&page_size=10',
    '/api/app/episodes?status=ready&page_size=100',
    '/api/app/podcasts',
    ...feeds.flatMap((feed) => {
      const path = `/api/app/podcasts/${q(feed?.feed_id ?? '')}/episodes`;
      return [
        path,
        `${path}?page=2&page_size=20`,
        `/api/app/episodes?feed_id=${q(feed?.feed_id ?? '')}`,
      ];
    }),
    '/api/app/themes',
    '/api/app/themes?limit=50',
    '/api/app/storylines',
    '/api/app/discover',
    '/api/app/discover?limit=24',
    '/api/app/corpus/trending-topics',
    '/api/app/corpus/trending-topics?limit=50',
    '/api/app/search?q=jazz',
    ...[...new Set(episodes)].flatMap((episode) => (episode ? episodeRequests(episode) : [])),
  ];
}

describe('app catalog routes over 1,000 generated episodes', () => {
  declareAnswerSuite('consumer', {
    generate: (out) => generateCorpus({ ...ANSWER_CORPUS, out, force: true }),
    recording: join(import.meta.dirname, 'fixtures/corpus-answers-consumer'),
    build: async (root, cacheDir, now, early, index) => {
      const t = await buildTestApp({
        env: {
          CORPUS_DIR: root,
          CORPUS_CACHE_DIR: cacheDir,
          ...(early ? { CORPUS_LOAD_WAIT_MS: '60000' } : {}),
          ...(index ?? { CORPUS_INDEX: 'projection' }),
        },
        now,
        ...(early ? { corpus: { layersLaterMin: 1, beforeLayers: early.beforeLayers } } : {}),
      });
      return {
        handler: t.app,
        snapshot: () => t.ctx.corpus.get(root),
        persist: () => t.ctx.corpus.persist(root),
        projection: () => t.ctx.corpus.projection(),
        warm: () => t.ctx.corpus.warm(root),
        snapshotLoaded: () => t.ctx.corpus.describe().length > 0,
        ingestNow: async () => t.ctx.corpusIndex?.ingestNow(),
        close: t.close,
      };
    },
    urls: answerRequests,
    servedEarly: [
      '/api/app/episodes',
      '/api/app/episodes?page=3&page_size=50',
      '/api/app/podcasts',
    ],
    // Not on the corpus index yet: asked last, with the index on, and free to load the projection.
    onProjection: [],
  });
});
