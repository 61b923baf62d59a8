import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import { quotesOfInsight } from '@podcast/corpus';

/** What the corpus knows about a favorited insight, for the fields a client left out. */
export interface InsightDetails {
  /** Undefined when the episode's graph does not hold the insight. */
  text?: string;
  episode_slug?: string;
  podcast_title?: string;
  start_ms?: number;
}

/**
 * The first episode (in snapshot order) whose graph holds the insight. A scan,
 * not an index: it runs only when a client saves an insight favorite without
 * its episode_slug, and a package keeps no cache behind its callers' backs.
 */
function episodeHoldingInsight(snapshot: CorpusSnapshot, ref: string): EpisodeRecord | undefined {
  return snapshot.episodes.find((episode) =>
    snapshot.graphOf(episode)?.insights.some((insight) => insight.id === ref),
  );
}

/**
 * The insight's text, its episode (the given slug, else the episode whose graph
 * holds the ref), that episode's show title, and where its first supporting
 * quote starts.
 */
export function insightDetails(
  snapshot: CorpusSnapshot,
  ref: string,
  episodeSlug: string | undefined,
): InsightDetails {
  const episode =
    episodeSlug === undefined
      ? episodeHoldingInsight(snapshot, ref)
      : snapshot.findEpisodeBySlug(episodeSlug);
  if (episode === undefined) {
    return {};
  }
  const graph = snapshot.graphOf(episode);
  const insight = graph?.insights.find((candidate) => candidate.id === ref);
  const startMs =
    graph && insight ? quotesOfInsight(graph, insight)[0]?.timestamp_start_ms : undefined;
  return {
    ...(insight === undefined ? {} : { text: insight.text }),
    episode_slug: episode.slug,
    ...(episode.podcast_title === null ? {} : { podcast_title: episode.podcast_title }),
    ...(startMs === undefined || startMs < 0 ? {} : { start_ms: Math.round(startMs) }),
  };
}
