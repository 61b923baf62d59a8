import { z } from 'zod';
import { type EpisodeFacts, roundTo } from '../../facts.js';
import { corpusEnricher } from '../../manifest.js';

/** The slice of an NliScorer (packages/providers) this enricher uses. */
export interface PairScorer {
  score(pairs: readonly (readonly [string, string])[]): Promise<{ contradiction: number }[]>;
}

interface Candidate {
  a: { id: string; text: string };
  b: { id: string; text: string };
  topicId: string;
  cosine: number;
}

const STOP = new Set(
  'a an and are as at be but by for from has have in is it its of on or that the their they this to was we were with you'.split(
    ' ',
  ),
);

/** Term counts of a text: lowercased words, stop words dropped. */
function termsOf(text: string): Map<string, number> {
  const terms = new Map<string, number>();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!STOP.has(match[0])) {
      terms.set(match[0], (terms.get(match[0]) ?? 0) + 1);
    }
  }
  return terms;
}

function cosineOf(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [term, count] of a) {
    dot += count * (b.get(term) ?? 0);
  }
  const norm = (m: Map<string, number>) =>
    Math.sqrt([...m.values()].reduce((s, v) => s + v * v, 0));
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}

/**
 * Pairs of insights about one topic from two different episodes, the most
 * alike first (lexical cosine of their texts), at most `perTopic` a topic; a
 * pair sharing several topics is kept once, under the first.
 */
export function consensusCandidates(
  episodes: readonly Pick<EpisodeFacts, 'episodeId' | 'insights'>[],
  options: { perTopic: number; minCosine: number },
): Candidate[] {
  const byTopic = new Map<string, { episodeId: string; id: string; text: string }[]>();
  for (const episode of episodes) {
    for (const insight of episode.insights) {
      for (const topicId of new Set(insight.topicIds ?? [])) {
        const list = byTopic.get(topicId) ?? [];
        list.push({ episodeId: episode.episodeId, id: insight.id, text: insight.text });
        byTopic.set(topicId, list);
      }
    }
  }
  const terms = new Map<string, Map<string, number>>();
  const termsFor = (id: string, text: string) => {
    let found = terms.get(id);
    if (!found) {
      found = termsOf(text);
      terms.set(id, found);
    }
    return found;
  };
  const seen = new Set<string>();
  const chosen: Candidate[] = [];
  for (const topicId of [...byTopic.keys()].sort()) {
    const list = byTopic.get(topicId) ?? [];
    const pairs: Candidate[] = [];
    for (let i = 0; i < list.length; i += 1) {
      for (let j = i + 1; j < list.length; j += 1) {
        const [x, y] = [list[i], list[j]] as [(typeof list)[0], (typeof list)[0]];
        if (x.episodeId === y.episodeId || x.id === y.id) {
          continue;
        }
        const [a, b] = x.id < y.id ? [x, y] : [y, x];
        const cosine = cosineOf(termsFor(a.id, a.text), termsFor(b.id, b.text));
        if (cosine >= options.minCosine) {
          pairs.push({ a, b, topicId, cosine });
        }
      }
    }
    pairs.sort((p, q) => q.cosine - p.cosine || (p.a.id + p.b.id < q.a.id + q.b.id ? -1 : 1));
    let kept = 0;
    for (const pair of pairs) {
      if (kept >= options.perTopic) {
        break;
      }
      const key = `${pair.a.id}|${pair.b.id}`;
      if (!seen.has(key)) {
        seen.add(key);
        chosen.push(pair);
        kept += 1;
      }
    }
  }
  return chosen;
}

const BATCH = 32;

/**
 * topic_consensus `data` (spec 04 §7): for pairs of insights on one topic
 * from different episodes, how alike they are (`cosine`), how likely one
 * contradicts the other (`contradiction`: the NLI probability, the larger of
 * both directions), and `consensus_score` = cosine × (1 − contradiction).
 */
export async function topicConsensus(
  episodes: readonly Pick<EpisodeFacts, 'episodeId' | 'insights'>[],
  scorer: PairScorer,
  options: { perTopic: number; minCosine: number; threshold: number; signal?: AbortSignal },
) {
  const candidates = consensusCandidates(episodes, options);
  const contradictions: number[] = [];
  for (let start = 0; start < candidates.length; start += BATCH) {
    options.signal?.throwIfAborted();
    const batch = candidates.slice(start, start + BATCH);
    const scores = await scorer.score(
      batch.flatMap((c) => [[c.a.text, c.b.text] as const, [c.b.text, c.a.text] as const]),
    );
    batch.forEach((_, i) => {
      contradictions.push(
        Math.max(scores[2 * i]?.contradiction ?? 0, scores[2 * i + 1]?.contradiction ?? 0),
      );
    });
  }
  const consensus = candidates.map((c, i) => {
    const contradiction = contradictions[i] ?? 0;
    return {
      insight_a_id: c.a.id,
      insight_b_id: c.b.id,
      topic_id: c.topicId,
      cosine: roundTo(c.cosine, 4),
      contradiction: roundTo(contradiction, 4),
      consensus_score: roundTo(c.cosine * (1 - contradiction), 4),
      contradicts: contradiction >= options.threshold,
    };
  });
  return {
    consensus,
    contradicting_pairs: consensus.filter((row) => row.contradicts).length,
  };
}

export const topicConsensusEnricher = corpusEnricher(
  {
    id: 'topic_consensus',
    version: '1.0.0',
    tier: 'ml',
    description:
      'Where insights from different episodes on one topic agree or contradict (NLI cross-encoder)',
    schema_version: '1.0',
    config_schema: z.object({
      threshold: z
        .number()
        .min(0)
        .max(1)
        .default(0.7)
        .describe('Contradiction probability from which a pair counts as contradicting'),
      pairs_per_topic: z.number().int().min(1).max(100).default(10).describe('Pairs kept a topic'),
      min_cosine: z.number().min(0).max(1).default(0.2).describe('Lexical cosine floor of a pair'),
    }),
    provider_requirement: { protocol: 'NliScorer' },
    accuracy_gate: { metric: 'precision', threshold: 0.5 },
    opt_in: false,
  },
  async (episodes, config, context) => {
    if (context.provider === undefined) {
      throw new Error('topic_consensus needs an NliScorer (enrichers.topic_consensus.provider)');
    }
    const scorer = (await context.provider()) as PairScorer;
    const data = await topicConsensus(episodes, scorer, {
      perTopic: config.pairs_per_topic,
      minCosine: config.min_cosine,
      threshold: config.threshold,
      signal: context.signal,
    });
    return { data, records_written: data.consensus.length, cost_usd: 0 };
  },
);
