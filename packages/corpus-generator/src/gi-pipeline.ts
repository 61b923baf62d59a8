import { type EpisodeContext, episodeNodeId } from './episode-context.js';
import { insightEdgesWith, insightNodeWith, quoteNodesWith } from './gi-insight-parts.js';
import { type GraphEdge, type GraphNode, giEpisodeNode, topicNodes } from './graph-types.js';
import type { InsightModel } from './insights.js';
import { MODEL_NAMES } from './vocabulary/names.js';

function insightNode(context: EpisodeContext, insight: InsightModel): GraphNode {
  return insightNodeWith(context, insight, {
    insight_type: insight.type,
    ...(insight.positionHint === undefined ? {} : { position_hint: insight.positionHint }),
    confidence: insight.confidence,
    salience: insight.salience,
    rank: insight.rank,
    tier: insight.tier,
    routing_tag: insight.routingTag,
    surfaceable: insight.surfaceable,
    speaker: insight.speaker.name,
  });
}

function quoteNodes(context: EpisodeContext, insight: InsightModel): GraphNode[] {
  return quoteNodesWith(context, insight, (speaker) => ({
    speaker_id: speaker.id,
    speaker_name: speaker.name,
  }));
}

function insightEdges(episodeId: string, insight: InsightModel): GraphEdge[] {
  const support = insight.quotes.flatMap((quote, i) => [
    {
      type: 'SUPPORTED_BY',
      from: insight.id,
      to: quote.id,
      properties: {
        nli_score: insight.supportScores[i]?.nli,
        qa_score: insight.supportScores[i]?.qa,
      },
    },
    { type: 'SPOKEN_BY', from: quote.id, to: quote.speaker.id },
  ]);
  return insightEdgesWith(episodeId, insight, support);
}

/** GI in the current pipeline lineage "3.1" (spec 04 §4), with fixture-style Episode→Topic MENTIONS. */
export function buildPipelineGi(context: EpisodeContext): Record<string, unknown> {
  const { feed, episode, insights, speakers } = context;
  const episodeId = episodeNodeId(episode.episodeId);
  const nodes: GraphNode[] = [
    {
      id: feed.podcastId,
      type: 'Podcast',
      properties: { title: feed.title, rss_url: feed.url, feed_id: feed.feedId },
    },
    giEpisodeNode(context),
    ...speakers.map((person) => ({
      id: person.id,
      type: 'Person',
      properties: { name: person.name },
    })),
    ...topicNodes(context, false),
    ...insights.flatMap((insight) => [
      insightNode(context, insight),
      ...quoteNodes(context, insight),
    ]),
  ];
  const edges: GraphEdge[] = [
    { type: 'HAS_EPISODE', from: feed.podcastId, to: episodeId },
    ...speakers.map((person) => ({ type: 'SPOKE_IN', from: person.id, to: episodeId })),
    ...episode.topics.map((topic) => ({ type: 'MENTIONS', from: episodeId, to: topic.id })),
    ...insights.flatMap((insight) => insightEdges(episodeId, insight)),
  ];
  return {
    schema_version: '3.1',
    model_version: MODEL_NAMES.gi,
    prompt_version: 'gi_extract/v3.1',
    episode_id: episode.episodeId,
    nodes,
    edges,
  };
}
