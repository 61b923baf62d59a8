import { z } from 'zod';
import { type EpisodeFacts, roundTo } from '../../facts.js';
import { corpusEnricher } from '../../manifest.js';

/** The slice of an EmbeddingProvider (packages/providers) this enricher uses: unit vectors. */
export interface TextEmbedder {
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

const BATCH = 64;

/** The dot product: the cosine of two unit vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) {
    sum += (a[i] ?? 0) * (b[i] ?? 0);
  }
  return sum;
}

/**
 * topic_similarity `data` (spec 04 §7): for each KG topic, the `topK` other
 * topics whose label embeddings are most similar (cosine of unit vectors),
 * at least `minSimilarity`.
 */
export async function topicSimilarity(
  episodes: readonly Pick<EpisodeFacts, 'topicLabels'>[],
  embedder: TextEmbedder,
  options: { topK: number; minSimilarity: number; signal?: AbortSignal },
) {
  const labels = new Map<string, string>();
  for (const episode of episodes) {
    for (const [id, label] of Object.entries(episode.topicLabels)) {
      if (!labels.has(id) && label.trim() !== '') {
        labels.set(id, label);
      }
    }
  }
  const ids = [...labels.keys()].sort();
  const vectors: Float32Array[] = [];
  for (let start = 0; start < ids.length; start += BATCH) {
    options.signal?.throwIfAborted();
    const batch = ids.slice(start, start + BATCH).map((id) => labels.get(id) ?? '');
    vectors.push(...(await embedder.embed(batch)));
  }
  const topics = ids.map((id, i) => {
    const own = vectors[i] as Float32Array;
    const near = ids
      .map((other, j) => ({
        topic_id: other,
        similarity: j === i ? -1 : dot(own, vectors[j] as Float32Array),
      }))
      .filter((row) => row.topic_id !== id && row.similarity >= options.minSimilarity)
      .sort((a, b) => b.similarity - a.similarity || (a.topic_id < b.topic_id ? -1 : 1))
      .slice(0, options.topK)
      .map((row) => ({ ...row, similarity: roundTo(row.similarity, 4) }));
    return { topic_id: id, top_k: near };
  });
  return { topics };
}

export const topicSimilarityEnricher = corpusEnricher(
  {
    id: 'topic_similarity',
    version: '1.0.0',
    tier: 'embedding',
    description:
      'For each topic, the topics whose labels mean nearly the same (sentence embeddings)',
    schema_version: '1.0',
    config_schema: z.object({
      top_k: z.number().int().min(1).max(50).default(5).describe('Neighbours kept per topic'),
      min_similarity: z.number().min(0).max(1).default(0.5).describe('Cosine floor'),
    }),
    provider_requirement: { protocol: 'EmbeddingProvider' },
    accuracy_gate: null,
    opt_in: false,
  },
  async (episodes, config, context) => {
    if (context.provider === undefined) {
      throw new Error(
        'topic_similarity needs an EmbeddingProvider (enrichers.topic_similarity.provider)',
      );
    }
    const embedder = (await context.provider()) as TextEmbedder;
    const data = await topicSimilarity(episodes, embedder, {
      topK: config.top_k,
      minSimilarity: config.min_similarity,
      signal: context.signal,
    });
    return { data, records_written: data.topics.length, cost_usd: 0 };
  },
);
