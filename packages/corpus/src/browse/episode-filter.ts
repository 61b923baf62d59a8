import { stripEpisodePrefix } from '../readers/layer-ids.js';
import type { EpisodeRecord } from '../records/episode-record.js';

/** Lower-cased text the `q` and `topic_q` filters search in. */
export interface EpisodeSearchText {
  title: string;
  /** Topic pills and KG topic labels, one per line. */
  topics: string;
}

/** The list filters of `GET /api/corpus/episodes`; absent fields do not filter. */
export interface EpisodeFilter {
  feed_id?: string;
  q?: string;
  topic_q?: string;
  /** YYYY-MM-DD: published on or after; undated episodes never match. */
  since?: string;
  /** Set when topic_cluster_only=true: episode ids a multi-member cluster lists. */
  clusteredEpisodeIds?: ReadonlySet<string>;
}

export function episodeSearchText(
  episode: Pick<EpisodeRecord, 'title' | 'topics'>,
  kgTopicLabels: readonly string[],
): EpisodeSearchText {
  return {
    title: episode.title.toLowerCase(),
    topics: [...episode.topics, ...kgTopicLabels].join('\n').toLowerCase(),
  };
}

/** What `q` and `topic_q` look for: trimmed and lower-cased, undefined when blank. */
export function searchNeedle(value: string | undefined): string | undefined {
  const trimmed = value?.trim().toLowerCase();
  return trimmed === '' ? undefined : trimmed;
}

/** Builds the row predicate once per request so the scan itself stays cheap. */
export function episodePredicate(
  filter: EpisodeFilter,
  textOf: (episode: EpisodeRecord) => EpisodeSearchText,
): (episode: EpisodeRecord) => boolean {
  const q = searchNeedle(filter.q);
  const topicQ = searchNeedle(filter.topic_q);
  const { feed_id, since, clusteredEpisodeIds } = filter;
  return (episode) => {
    if (feed_id !== undefined && episode.feed_id !== feed_id) {
      return false;
    }
    if (since !== undefined && (episode.publish_date === null || episode.publish_date < since)) {
      return false;
    }
    if (clusteredEpisodeIds !== undefined) {
      const id = episode.episode_id === null ? null : stripEpisodePrefix(episode.episode_id);
      if (id === null || !clusteredEpisodeIds.has(id)) {
        return false;
      }
    }
    if (q !== undefined && !textOf(episode).title.includes(q)) {
      return false;
    }
    return topicQ === undefined || textOf(episode).topics.includes(topicQ);
  };
}
