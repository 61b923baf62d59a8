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
 * Which episodes a reader wants: those published on or after `since` (a
 * `YYYY-MM-DD` day, as `publish_date` holds it), or of one of `feeds`, or
 * with one of `slugs`, or listing one of `topics` or `persons`.
 */
export interface EpisodeContentFilter {
  since: string;
  feeds: readonly string[];
  slugs: readonly string[];
  topics: readonly string[];
  persons: readonly string[];
}

/** The test `filter` makes of an episode (the index's query makes the same one in SQL). */
function contentFilterTest(filter: EpisodeContentFilter) {
  const feeds = new Set(filter.feeds);
  const slugs = new Set(filter.slugs);
  const topics = new Set(filter.topics);
  const persons = new Set(filter.persons);
  return (record: EpisodeRecord, topicIds: readonly string[], personIds: readonly string[]) =>
    (record.publish_date !== null && record.publish_date >= filter.since) ||
    feeds.has(record.feed_id) ||
    slugs.has(record.slug) ||
    topicIds.some((id) => topics.has(id)) ||
    personIds.some((id) => persons.has(id));
}

/**
 * The snapshot's episodes as `EpisodeContent`, every one or those `filter`
 * passes: the digest's signals and the first `insightsPerEpisode` shown
 * grounded insights whose text is not empty (the corpus index's
 * `queryEpisodeContent` answers the same).
 */
export function episodeContentsOf(
  snapshot: CorpusSnapshot,
  insightsPerEpisode: number,
  filter?: EpisodeContentFilter,
): EpisodeContent[] {
  const passes = filter === undefined ? () => true : contentFilterTest(filter);
  return snapshot.episodes.flatMap((record) => {
    const graph = snapshot.graphOf(record);
    const signals = episodeSignalsFrom(snapshot.kgOf(record), graph, snapshot.bridgeOf(record));
    const topics = signals.topics.map((topic) => topic.id);
    const persons = signals.persons.map((person) => person.id);
    if (!passes(record, topics, persons)) {
      return [];
    }
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
      topics,
      persons,
      insights,
    };
  });
}
