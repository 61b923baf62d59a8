import { type EpisodeContext, episodeNodeId } from './episode-context.js';
import { type GraphEdge, type GraphNode, giEpisodeNode, topicNodes } from './graph-types.js';
import type { InsightModel } from './insights.js';
import type { Person } from './plan-types.js';
import { MODEL_NAMES } from './vocabulary/names.js';

function speakerId(person: Person): string {
  return person.id.replace(/^person:/, 'speaker:');
}

function strictQuoteNodes(context: EpisodeContext, insight: InsightModel): GraphNode[] {
  return insight.quotes.map((quote) => ({
    id: quote.id,
    type: 'Quote',
    properties: {
      text: quote.text,
      episode_id: context.episode.episodeId,
      speaker_id: speakerId(quote.speaker),
      char_start: quote.charStart,
      char_end: quote.charEnd,
      timestamp_start_ms: quote.startMs,
      timestamp_end_ms: quote.endMs,
      transcript_ref: context.transcriptRef,
    },
  }));
}

// Document 1 puts an Insight's optional confidence on the node, beside `properties`.
function strictInsightNode(
  context: EpisodeContext,
  insight: InsightModel,
): GraphNode & { confidence: number } {
  return {
    id: insight.id,
    type: 'Insight',
    properties: {
      text: insight.text,
      episode_id: context.episode.episodeId,
      grounded: insight.grounded,
    },
    confidence: insight.confidence,
  };
}

function strictInsightEdges(episodeId: string, insight: InsightModel): GraphEdge[] {
  const support = insight.quotes.flatMap((quote) => [
    { type: 'SUPPORTED_BY', from: insight.id, to: quote.id },
    { type: 'SPOKEN_BY', from: quote.id, to: speakerId(quote.speaker) },
  ]);
  const about = insight.about.map((a) => ({
    type: 'ABOUT',
    from: insight.id,
    to: a.topic.id,
    properties: { confidence: a.confidence },
  }));
  return [{ type: 'HAS_INSIGHT', from: episodeId, to: insight.id }, ...support, ...about];
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
