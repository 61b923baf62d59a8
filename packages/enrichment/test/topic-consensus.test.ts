/**
 * @jest-environment ../providers/test/native-typed-arrays-env.cjs
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDebertaScorer, type NliScorer } from '@podcast/providers';
import { createScratch, type Scratch, writeTinyNliModel } from '@podcast/testing';
import {
  consensusCandidates,
  topicConsensus,
} from '../src/enrichers/topic-consensus/topic-consensus.js';
import type { InsightFact } from '../src/facts.js';

let scratch: Scratch;
let scorer: NliScorer;

beforeAll(async () => {
  scratch = createScratch('topic-consensus');
  const models = join(scratch.dir, 'models');
  await writeTinyNliModel(models, 'tiny-nli');
  scorer = await createDebertaScorer({ modelDir: models, model: 'tiny-nli' });
});
afterAll(() => scratch.remove());

const insight = (id: string, text: string, topicIds: string[]): InsightFact => ({
  id,
  text,
  grounded: true,
  speakers: [],
  topicIds,
});

const EPISODES = [
  {
    episodeId: 'ep-1',
    insights: [
      insight('insight:a', 'a short nap helps sleep', ['topic:naps']),
      insight('insight:b', 'battery cells charge fast', ['topic:batteries']),
    ],
  },
  {
    episodeId: 'ep-2',
    insights: [
      insight('insight:c', 'a short nap never helps sleep, a myth', ['topic:naps']),
      insight('insight:d', 'indeed a short nap helps sleep', ['topic:naps']),
    ],
  },
  {
    episodeId: 'ep-3',
    insights: [insight('insight:e', 'storm drains and rivers', ['topic:naps', 'topic:floods'])],
  },
];

describe('topic_consensus', () => {
  it('pairs insights of one topic across episodes only, alike enough, each pair once', () => {
    const pairs = consensusCandidates(EPISODES, { perTopic: 10, minCosine: 0.3 });
    const keys = pairs.map((p) => `${p.a.id}~${p.b.id}`).sort();
    // c and d share an episode; e shares no words; b is alone on its topic.
    expect(keys).toEqual(['insight:a~insight:c', 'insight:a~insight:d']);
    expect(consensusCandidates(EPISODES, { perTopic: 1, minCosine: 0.3 })).toHaveLength(1);
  });

  it('scores contradiction both ways and discounts the consensus by it', async () => {
    const data = await topicConsensus(EPISODES, scorer, {
      perTopic: 10,
      minCosine: 0.3,
      threshold: 0.7,
    });
    const byPair = new Map(data.consensus.map((row) => [row.insight_b_id, row]));
    const against = byPair.get('insight:c');
    const along = byPair.get('insight:d');
    expect(against?.contradiction).toBeGreaterThan(0.9);
    expect(against?.contradicts).toBe(true);
    expect(along?.contradiction).toBeLessThan(0.1);
    expect(along?.consensus_score).toBeGreaterThan(against?.consensus_score ?? 1);
    expect(data.contradicting_pairs).toBe(1);
  });

  it('stops between batches when the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(
      topicConsensus(EPISODES, scorer, {
        perTopic: 10,
        minCosine: 0.3,
        threshold: 0.7,
        signal: controller.signal,
      }),
    ).rejects.toThrow('cancelled');
  });
});
