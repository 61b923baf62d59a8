import type { CorpusSnapshot } from '@podcast/corpus';
import type { ContentEpisode } from './digest-content.js';

const INSIGHTS_PER_EPISODE = 3;

/** The corpus as the notification planners read it: episodes with their graph ids and insights. */
export function contentEpisodesOf(snapshot: CorpusSnapshot): ContentEpisode[] {
  return snapshot.episodes.map((episode) => {
    const graph = snapshot.graphOf(episode);
    const refs = [
      ...(graph?.topics ?? []).map((topic) => topic.id),
      ...(graph?.persons ?? []).filter((person) => !person.hidden).map((person) => person.id),
    ];
    return {
      slug: episode.slug,
      feed_id: episode.feed_id,
      title: episode.title,
      podcast_title: episode.podcast_title,
      published_at: episode.publish_date,
      graph_refs: refs,
      duration_seconds: episode.duration_seconds,
      insights: (graph?.insights ?? [])
        .filter((insight) => insight.grounded && insight.text.trim() !== '')
        .slice(0, INSIGHTS_PER_EPISODE)
        .map((insight) => ({ id: insight.id, text: insight.text })),
    };
  });
}
