import type { CorpusSnapshot, EpisodeRecord, FeedRecord } from '@podcast/corpus';
import { projectInsights, quotesOfInsight } from '@podcast/corpus';

/** The first `count` episode slugs of the catalog; fails loudly when the corpus is smaller. */
export function someSlugs(snapshot: CorpusSnapshot, count: number): string[] {
  const slugs = snapshot.episodes.slice(0, count).map((episode) => episode.slug);
  if (slugs.length < count) {
    throw new Error(`the test corpus has fewer than ${count} episodes`);
  }
  return slugs;
}

/** Shows with an id and an RSS URL, the ones a user can subscribe to and export. */
export function subscribableFeeds(snapshot: CorpusSnapshot, count: number): FeedRecord[] {
  const feeds = snapshot.feeds.filter((feed) => feed.feed_id !== '' && feed.url !== null);
  if (feeds.length < count) {
    throw new Error(`the test corpus has fewer than ${count} feeds with a URL`);
  }
  return feeds.slice(0, count);
}

export interface InsightFact {
  episode: EpisodeRecord;
  insightId: string;
  text: string;
  shownInsights: number;
  startMs: number | undefined;
}

/** An insight with a timed supporting quote, and what the corpus says about it. */
export function someInsight(snapshot: CorpusSnapshot): InsightFact {
  for (const episode of snapshot.episodes) {
    const graph = snapshot.graphOf(episode);
    for (const insight of graph?.insights ?? []) {
      const startMs = graph ? quotesOfInsight(graph, insight)[0]?.timestamp_start_ms : undefined;
      if (graph && startMs !== undefined) {
        return {
          episode,
          insightId: insight.id,
          text: insight.text,
          shownInsights: projectInsights(graph).length,
          startMs,
        };
      }
    }
  }
  throw new Error('the test corpus has no insight with a timed quote');
}
