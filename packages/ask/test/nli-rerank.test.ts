/**
 * @jest-environment ../providers/test/native-typed-arrays-env.cjs
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createScratch, writeTinyNliModel } from '@podcast/testing';
import {
  type AskService,
  createAskService,
  EXTRACTIVE_THRESHOLD,
  NLI_THRESHOLD,
  rerankScorerOf,
} from '../src/index.js';
import { type AskCorpus, askCorpus } from './ask-corpus.js';

const scratch = createScratch('ask-nli');
let corpus: AskCorpus;
const QUESTION = {
  question: 'Is napping mostly a story about money?',
  topK: 5,
  scope: 'corpus' as const,
};

beforeAll(async () => {
  await writeTinyNliModel(scratch.dir, 'tiny-nli');
  corpus = await askCorpus('ask-nli');
  await corpus.build();
}, 120_000);
afterAll(() => {
  corpus.close();
  scratch.remove();
});

describe('a local NLI model as the reranker', () => {
  it('scores the passages and holds them to its own line', async () => {
    const extractive = await createAskService({ search: corpus.search }).ask(
      corpus.snapshot,
      QUESTION,
    );
    const withModel: AskService = createAskService({
      search: corpus.search,
      scorer: rerankScorerOf({ modelDir: scratch.dir, model: 'tiny-nli' }),
      threshold: 0,
    });
    const answer = await withModel.ask(corpus.snapshot, QUESTION);
    expect(answer.status).toBe('answered');
    expect(answer.evidence.map((e) => e.score)).not.toEqual(
      extractive.evidence.map((e) => e.score),
    );
    expect(NLI_THRESHOLD).not.toBe(EXTRACTIVE_THRESHOLD);
  });

  it('falls back to the extractive answer when the model cannot load', async () => {
    const reasons: string[] = [];
    const broken = createAskService({
      search: corpus.search,
      scorer: rerankScorerOf({ modelDir: scratch.dir, model: 'missing-model' }, (reason) =>
        reasons.push(reason),
      ),
    });
    const extractive = createAskService({ search: corpus.search });
    expect(await broken.ask(corpus.snapshot, QUESTION)).toEqual(
      await extractive.ask(corpus.snapshot, QUESTION),
    );
    expect(reasons).toHaveLength(1);
  });
});
