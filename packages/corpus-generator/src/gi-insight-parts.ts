import type { EpisodeContext } from './episode-context.js';
import type { GraphEdge, GraphNode } from './graph-types.js';
import type { InsightModel } from './insights.js';
import type { Person } from './plan-types.js';

/**
 * An Insight node with document 1's properties (text, episode, grounded)
 * first, then the form's own `extra` properties.
 */
export function insightNodeWith(
  context: EpisodeContext,
  insight: InsightModel,
  extra: Record<string, unknown>,
): GraphNode {
  return {
    id: insight.id,
    type: 'Insight',
    properties: {
      text: insight.text,
      episode_id: context.episode.episodeId,
      grounded: insight.grounded,
      ...extra,
    },
  };
}

/** An insight's Quote nodes; the two GI forms name the speaker differently (`speakerFields`). */
export function quoteNodesWith(
  context: EpisodeContext,
  insight: InsightModel,
  speakerFields: (speaker: Person) => Record<string, unknown>,
): GraphNode[] {
  return insight.quotes.map((quote) => ({
    id: quote.id,
    type: 'Quote',
    properties: {
      text: quote.text,
      episode_id: context.episode.episodeId,
      ...speakerFields(quote.speaker),
      char_start: quote.charStart,
      char_end: quote.charEnd,
      timestamp_start_ms: quote.startMs,
      timestamp_end_ms: quote.endMs,
      transcript_ref: context.transcriptRef,
    },
  }));
}

/** HAS_INSIGHT from the episode, the form's `support` edges, then one ABOUT edge per topic. */
export function insightEdgesWith(
  episodeId: string,
  insight: InsightModel,
  support: GraphEdge[],
): GraphEdge[] {
  const about = insight.about.map((a) => ({
    type: 'ABOUT',
    from: insight.id,
    to: a.topic.id,
    properties: { confidence: a.confidence },
  }));
  return [{ type: 'HAS_INSIGHT', from: episodeId, to: insight.id }, ...support, ...about];
}
