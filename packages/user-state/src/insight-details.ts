import { quotesOfInsight } from '@podcast/corpus';
import type { CorpusHoldings } from './deps.js';

/** What the corpus knows about a favorited insight, for the fields a client left out. */
export interface InsightDetails {
  /** Undefined when the episode's graph does not hold the insight. */
  text?: string;
  episode_slug?: string;
  podcast_title?: string;
  start_ms?: number;
}

/**
 * The insight's text, its episode (the given slug, else the first episode in
 * catalog order whose graph holds the ref), that episode's show title, and
 * where its first supporting quote starts.
 */
export async function insightDetails(
  holdings: CorpusHoldings,
  ref: string,
  episodeSlug: string | undefined,
): Promise<InsightDetails> {
  const episode =
    episodeSlug === undefined
      ? await holdings.episodeOfInsight(ref)
      : await holdings.findEpisode(episodeSlug);
  if (episode === undefined) {
    return {};
  }
  const graph = (await holdings.layersOf([episode])).graphOf(episode);
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
