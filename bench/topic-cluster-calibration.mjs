// How a corpus's KG topics cluster in the offline word vectors, next to the
// clusters its search/topic_clusters.json ships (the reference's grouping):
// the basis of the static model's default threshold (docs/decisions/search.md,
// "Cluster threshold per model"). Not part of `pnpm bench`.
//   node bench/topic-cluster-calibration.mjs <corpus root>...
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createCorpusRegistry } from '@podcast/corpus';
import { createEmbeddingProvider } from '@podcast/providers';
import { clusterTopics } from '@podcast/search';
import { pino } from 'pino';

const THRESHOLDS = Array.from(
  { length: 25 },
  (_, i) => Math.round((0.35 + i * 0.025) * 1000) / 1000,
);

/** Every KG topic once, embedded as the index embeds its kg_topic rows, with its episodes. */
async function topicVectors(snapshot, provider) {
  const topics = new Map();
  for (const episode of snapshot.episodes) {
    for (const topic of snapshot.kgOf(episode)?.topics ?? []) {
      const text = topic.description ? `${topic.label}. ${topic.description}` : topic.label;
      const known = topics.get(topic.id) ?? {
        topic_id: topic.id,
        label: topic.label,
        text,
        episode_ids: [],
      };
      known.episode_ids.push(episode.episode_id ?? '');
      topics.set(topic.id, known);
    }
  }
  const list = [...topics.values()];
  const vectors = await provider.embed(list.map((topic) => topic.text));
  return list.map((topic, i) => ({ ...topic, vector: vectors[i] }));
}

const dot = (a, b) => a.reduce((sum, v, i) => sum + v * b[i], 0);
const pairKey = (a, b) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Topic pairs a cluster document puts in one cluster. */
function togetherPairs(document) {
  const pairs = new Set();
  for (const cluster of document.clusters ?? []) {
    const ids = (cluster.members ?? []).map((m) => m.topic_id);
    for (const [i, a] of ids.entries()) {
      for (const b of ids.slice(i + 1)) {
        pairs.add(pairKey(a, b));
      }
    }
  }
  return pairs;
}

async function calibrate(root, provider) {
  const registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
  const topics = await topicVectors(await registry.get(root), provider);
  registry.close();
  const cosines = topics
    .flatMap((a, i) => topics.slice(i + 1).map((b) => dot(a.vector, b.vector)))
    .sort((a, b) => a - b);
  const at = (q) => cosines[Math.min(cosines.length - 1, Math.floor(q * cosines.length))];
  const shipped = JSON.parse(await readFile(path.join(root, 'search/topic_clusters.json'), 'utf8'));
  const reference = togetherPairs(shipped);
  const share = reference.size / cosines.length;
  const rows = THRESHOLDS.map((threshold) => {
    const document = clusterTopics(topics, threshold, provider.model);
    const ours = togetherPairs(document);
    const agreed = [...ours].filter((pair) => reference.has(pair)).length;
    const precision = ours.size === 0 ? 0 : agreed / ours.size;
    const recall = reference.size === 0 ? 0 : agreed / reference.size;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    const sizes = document.clusters.map((c) => c.member_count).join(',');
    return {
      threshold,
      clusters: document.cluster_count,
      singletons: document.singletons,
      sizes,
      f1: Math.round(f1 * 1000) / 1000,
    };
  });
  return {
    root,
    topics: topics.length,
    pairs: cosines.length,
    cosine_quantiles: Object.fromEntries(
      [0.5, 0.9, 0.95, 0.99].map((q) => [q, Math.round(at(q) * 1000) / 1000]),
    ),
    shipped: {
      model: shipped.model,
      threshold: shipped.threshold,
      clusters: shipped.cluster_count,
      pairs_together: reference.size,
    },
    // The cosine above which the shipped file's share of pairs lies: where our
    // vectors put the reference's threshold if both rank pairs alike.
    cosine_at_shipped_share: Math.round(at(1 - share) * 1000) / 1000,
    best_f1: rows.reduce((best, row) => (row.f1 > best.f1 ? row : best)),
    rows,
  };
}

const provider = await createEmbeddingProvider({ kind: 'static_word_vectors' });
for (const root of process.argv.slice(2)) {
  process.stdout.write(
    `${JSON.stringify(await calibrate(path.resolve(root), provider), null, 1)}\n`,
  );
}
