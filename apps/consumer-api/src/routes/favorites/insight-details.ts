import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import { quotesOfInsight } from '@podcast/corpus';

/** What the corpus knows about a favorited insight, for the fields a client left out. */
export interface InsightDetails {
  episode_slug?: string;
  podcast_title?: string;
  start_ms?: number;
}

// One index per snapshot, built on first use: a snapshot never changes, and a
// new one (after the corpus changed) simply gets its own.
const episodeByInsight = new WeakMap<CorpusSnapshot, Map<string, EpisodeRecord>>();

function insightIndex(snapshot: CorpusSnapshot): Map<string, EpisodeRecord> {
  let index = episodeByInsight.get(snapshot);
  if (index === undefined) {
    index = new Map();
    for (const episode of snapshot.episodes) {
      for (const insight of snapshot.graphOf(episode)?.insights ?? []) {
        if (!index.has(insight.id)) {
          index.set(insight.id, episode);
        }
      }
    }
    episodeByInsight.set(snapshot, index);
  }
  return index;
}

/**
 * The insight's episode (the given slug, else the episode whose graph holds the
 * ref), that episode's show title, and where its first supporting quote starts.
 */
export function insightDetails(
  snapshot: CorpusSnapshot,
  ref: string,
  episodeSlug: string | undefined,
): InsightDetails {
  const episode =
    episodeSlug === undefined
      ? insightIndex(snapshot).get(ref)
      : snapshot.findEpisodeBySlug(episodeSlug);
  if (episode === undefined) {
    return {};
  }
  const graph = snapshot.graphOf(episode);
  const insight = graph?.insights.find((candidate) => candidate.id === ref);
  const startMs =
    graph && insight ? quotesOfInsight(graph, insight)[0]?.timestamp_start_ms : undefined;
  return {
    episode_slug: episode.slug,
    ...(episode.podcast_title === null ? {} : { podcast_title: episode.podcast_title }),
    ...(startMs === undefined || startMs < 0 ? {} : { start_ms: Math.round(startMs) }),
  };
}
