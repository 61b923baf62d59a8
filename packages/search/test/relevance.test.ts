import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type CorpusSnapshot, createCorpusRegistry } from '@podcast/corpus';
import { pino } from 'pino';
import {
  createSearchService,
  evaluateRelevance,
  type RelevanceScore,
  SAMPLE_RELEVANCE_CASES,
  type SearchMode,
} from '../src/index.js';
import { copySampleCorpus } from './sample-copy.js';

describe('relevance on the sample corpus', () => {
  let corpus: Awaited<ReturnType<typeof copySampleCorpus>>;
  const registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
  const search = createSearchService({ embedding: { kind: 'static_word_vectors' } });
  let snapshot: CorpusSnapshot;

  beforeAll(async () => {
    corpus = await copySampleCorpus();
    const start = await search.rebuild(corpus.root, true);
    if (start.status === 'started') {
      await start.finished;
    }
    snapshot = await registry.get(corpus.root);
  }, 120_000);
  afterAll(async () => {
    registry.close();
    await corpus.remove();
  });

  it('has hybrid beat BM25 alone and dense alone on MRR', async () => {
    expect(SAMPLE_RELEVANCE_CASES.length).toBeGreaterThanOrEqual(30);
    const scores = {} as Record<SearchMode, RelevanceScore>;
    for (const mode of ['lexical', 'dense', 'hybrid'] as const) {
      scores[mode] = await evaluateRelevance(search, snapshot, SAMPLE_RELEVANCE_CASES, mode);
    }
    const rows = Object.entries(scores).map(
      ([mode, s]) =>
        `${mode.padEnd(8)} recall@5 ${s.recall_at_5.toFixed(3)}  MRR ${s.mrr.toFixed(3)}`,
    );
    process.stdout.write(
      `relevance (${SAMPLE_RELEVANCE_CASES.length} queries)\n${rows.join('\n')}\n`,
    );
    expect(scores.hybrid.mrr).toBeGreaterThan(scores.lexical.mrr);
    expect(scores.hybrid.mrr).toBeGreaterThan(scores.dense.mrr);
  }, 120_000);
});
