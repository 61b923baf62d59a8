import { type EpisodeContext, episodeNodeId } from './episode-context.js';
import { insightEdgesWith, insightNodeWith, quoteNodesWith } from './gi-insight-parts.js';
import { type GraphEdge, type GraphNode, giEpisodeNode, topicNodes } from './graph-types.js';
import type { InsightModel } from './insights.js';
import type { Person } from './plan-types.js';
import { MODEL_NAMES } from './vocabulary/names.js';

function speakerId(person: Person): string {
  return person.id.replace(/^person:/, 'speaker:');
}

function strictQuoteNodes(context: EpisodeContext, insight: InsightModel): GraphNode[] {
  return quoteNodesWith(context, insight, (speaker) => ({ speaker_id: speakerId(speaker) }));
}

// Document 1 puts an Insight's optional confidence on the node, beside `properties`.
function strictInsightNode(
  context: EpisodeContext,
  insight: InsightModel,
): GraphNode & { confidence: number } {
  return { ...insightNodeWith(context, insight, {}), confidence: insight.confidence };
}

function strictInsightEdges(episodeId: string, insight: InsightModel): GraphEdge[] {
  const support = insight.quotes.flatMap((quote) => [
    { type: 'SUPPORTED_BY', from: insight.id, to: quote.id },
    { type: 'SPOKEN_BY', from: quote.id, to: speakerId(quote.speaker) },
  ]);
  return insightEdgesWith(episodeId, insight, support);
}

function strictNodes(context: EpisodeContext): GraphNode[] {
  const { feed, insights, speakers } = context;
  const publisher = feed.hosts.map((h) => h.name).join(', ');
  const speakerNodes = speakers.map((p) => ({
    id: speakerId(p),
    type: 'Speaker',
    properties: { name: p.name, aliases: [p.name.split(' ')[0] as string] },
  }));
  return [
    {
      id: feed.podcastId,
      type: 'Podcast',
      properties: { title: feed.title, rss_url: feed.url, publisher },
    },
    giEpisodeNode(context),
    ...speakerNodes,
    ...topicNodes(context, false),
    ...insights.flatMap((insight) => [
      strictInsightNode(context, insight),
      ...strictQuoteNodes(context, insight),
    ]),
  ];
}

/**
 * GI exactly as document 1's 1.0 schema allows: Speaker nodes with
 * `speaker:` ids, only the listed properties, `grounded` always explicit,
 * and edge properties only where the table defines them.
 */
export function buildStrictGi(context: EpisodeContext): Record<string, unknown> {
  const { feed, episode, insights, speakers } = context;
  const episodeId = episodeNodeId(episode.episodeId);
  const [first, second] = episode.topics;
  const related =
    first && second
      ? [{ type: 'RELATED_TO', from: first.id, to: second.id, properties: { confidence: 0.6 } }]
      : [];
  const edges: GraphEdge[] = [
    { type: 'HAS_EPISODE', from: feed.podcastId, to: episodeId },
    ...speakers.map((person) => ({ type: 'SPOKE_IN', from: speakerId(person), to: episodeId })),
    ...insights.flatMap((insight) => strictInsightEdges(episodeId, insight)),
    ...related,
  ];
  return {
    schema_version: '1.0',
    model_version: MODEL_NAMES.giStrict,
    prompt_version: 'gi_extract/v1.0',
    episode_id: episode.episodeId,
    nodes: strictNodes(context),
    edges,
  };
}
