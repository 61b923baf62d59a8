import { projectInsights } from '../graph/insight-projection.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { episodeSignalsFrom } from './episode-signals.js';

/** What the notification planners read of one episode, from the snapshot or the corpus index. */
export interface EpisodeContent {
  episode: Pick<
    EpisodeRecord,
    | 'slug'
    | 'feed_id'
    | 'episode_id'
    | 'title'
    | 'podcast_title'
    | 'publish_date'
    | 'duration_seconds'
  >;
  /** The episode's topic and person ids as the digest lists them (KG, GI and bridge, hidden persons left out). */
  topics: string[];
  persons: string[];
  /** Its first shown grounded insights with text, in shown order. */
  insights: Array<{ id: string; text: string }>;
}

/**
 * Every episode of the snapshot as `EpisodeContent`: the digest's signals
 * and its first `insightsPerEpisode` shown grounded insights whose text is
 * not empty (the corpus index's `queryEpisodeContent` answers the same).
 */
export function episodeContentsOf(
  snapshot: CorpusSnapshot,
  insightsPerEpisode: number,
): EpisodeContent[] {
  return snapshot.episodes.map((record) => {
    const graph = snapshot.graphOf(record);
    const signals = episodeSignalsFrom(snapshot.kgOf(record), graph, snapshot.bridgeOf(record));
    const insights =
      graph === undefined
        ? []
        : projectInsights(graph)
            .filter((insight) => insight.grounded && insight.text !== '')
            .slice(0, insightsPerEpisode)
            .map(({ id, text }) => ({ id, text }));
    return {
      episode: {
        slug: record.slug,
        feed_id: record.feed_id,
        episode_id: record.episode_id,
        title: record.title,
        podcast_title: record.podcast_title,
        publish_date: record.publish_date,
        duration_seconds: record.duration_seconds,
      },
      topics: signals.topics.map((topic) => topic.id),
      persons: signals.persons.map((person) => person.id),
      insights,
    };
  });
}
