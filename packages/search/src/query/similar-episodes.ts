import type { EpisodeRecord } from '@podcast/corpus';
import { normalizeInPlace } from '@podcast/providers';
import type { SearchService } from '../search-service.js';
import { sqlText } from '../store/lance-tables.js';
import type { SearchCorpus } from './search-corpus.js';

export type SimilarEpisodes =
  | { status: 'no_index' }
  | { status: 'ok'; episodes: { episode: EpisodeRecord; score: number }[] };

/** Rows that describe an episode as a whole: its insights, summary and title. */
const PROFILE_TYPES = "('insight', 'summary', 'summary_short', 'episode_title')";
const NEIGHBOURS = 200;

/** Rows come back with Arrow vectors (iterable, not indexable): copied to plain arrays. */
function meanVector(rows: { vector: Iterable<number> }[]): Float32Array | undefined {
  const vectors = rows.map((row) => Float32Array.from(row.vector));
  const first = vectors[0];
  if (first === undefined) {
    return undefined;
  }
  const sum = new Float32Array(first.length);
  for (const vector of vectors) {
    vector.forEach((value, d) => {
      sum[d] = (sum[d] ?? 0) + value;
    });
  }
  return normalizeInPlace(sum);
}

/**
 * Episodes nearest to one episode: the mean vector of its insight, summary
 * and title rows against the same rows of every other episode; an episode
 * scores its best row's cosine similarity.
 */
export async function findSimilarEpisodes(
  search: SearchService,
  corpus: Pick<SearchCorpus, 'root' | 'episodesByIds'>,
  episode: EpisodeRecord,
  topK: number,
): Promise<SimilarEpisodes> {
  const index = await search.openIndex(corpus.root);
  if (index === undefined) {
    return { status: 'no_index' };
  }
  const episodeId = sqlText(episode.episode_id ?? '');
  const profile: { vector: Iterable<number> }[] = [];
  const tables = (await Promise.all([index.tableOf('insight'), index.tableOf('aux')])).filter(
    (table) => table !== undefined,
  );
  for (const table of tables) {
    const where = `episode_id = ${episodeId} AND doc_type IN ${PROFILE_TYPES}`;
    profile.push(...(await table.query().where(where).select(['vector']).toArray()));
  }
  const vector = meanVector(profile);
  const best = new Map<string, number>();
  for (const table of vector ? tables : []) {
    const rows = await table
      .query()
      .nearestTo(Array.from(vector ?? []))
      .distanceType('cosine')
      .where(`episode_id <> ${episodeId} AND doc_type IN ${PROFILE_TYPES}`)
      .select(['episode_id', '_distance'])
      .limit(NEIGHBOURS)
      .toArray();
    for (const row of rows) {
      const score = 1 - Number(row._distance);
      best.set(row.episode_id, Math.max(best.get(row.episode_id) ?? -1, score));
    }
  }
  const ranked = [...best].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const found = await corpus.episodesByIds(ranked.map(([id]) => id));
  const episodes = ranked
    .flatMap(([id, score]) => {
      const peer = found.get(id);
      return peer ? [{ episode: peer, score }] : [];
    })
    .slice(0, topK);
  return { status: 'ok', episodes };
}
