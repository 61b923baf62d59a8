import { z } from 'zod';
import { roundTo } from '../../facts.js';
import { corpusEnricher, DETERMINISTIC } from '../../manifest.js';
import { countPairs, splitPair } from '../pair-counts.js';

/**
 * topic_cooccurrence_corpus `data`: topic pairs discussed in the same
 * episode, with lift and PMI; pairs seen once are dropped when any pair is
 * seen twice, and at most `topK` pairs are kept.
 */
export function topicCooccurrence(groups: ReadonlyArray<readonly string[]>, topK: number) {
  const withTopics = groups.filter((g) => g.length > 0);
  const total = Math.max(1, withTopics.length);
  const { single, pairs } = countPairs(withTopics);
  const rows = [...pairs.entries()].map(([key, count]) => {
    const [a, b] = splitPair(key);
    const lift = count / total / (((single.get(a) ?? 1) / total) * ((single.get(b) ?? 1) / total));
    return {
      topic_a_id: a,
      topic_b_id: b,
      episode_count: count,
      lift: roundTo(lift, 3),
      pmi: roundTo(Math.log2(lift), 3),
    };
  });
  const floor = rows.some((r) => r.episode_count >= 2) ? 2 : 1;
  const kept = rows
    .filter((r) => r.episode_count >= floor)
    .sort(
      (x, y) =>
        y.episode_count - x.episode_count ||
        y.lift - x.lift ||
        (x.topic_a_id + x.topic_b_id < y.topic_a_id + y.topic_b_id ? -1 : 1),
    );
  return { episodes_considered: withTopics.length, pairs: kept.slice(0, topK) };
}

export const topicCooccurrenceEnricher = corpusEnricher(
  {
    id: 'topic_cooccurrence_corpus',
    ...DETERMINISTIC,
    description: 'Topic pairs discussed in the same episode, with lift and PMI',
    config_schema: z.object({
      top_k: z.number().int().min(1).max(10_000).default(500).describe('Pairs kept'),
    }),
  },
  (episodes, config) => {
    const data = topicCooccurrence(
      episodes.map((e) => e.topicIds),
      config.top_k,
    );
    return { data, records_written: data.pairs.length, cost_usd: 0 };
  },
);
