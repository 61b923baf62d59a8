import { isoSeconds } from './clock.js';
import { type EpisodeContext, episodeNodeId } from './episode-context.js';

/** Node and edge shapes shared by the GI and KG writers. */
export interface GraphNode {
  id: string;
  type: string;
  properties: Record<string, unknown>;
}

export interface GraphEdge {
  type: string;
  from: string;
  to: string;
  properties?: Record<string, unknown>;
}

/** The GI Episode node; both GI forms use document 1's Episode properties. */
export function giEpisodeNode(context: EpisodeContext): GraphNode {
  const { episode, feed, transcript } = context;
  const hasMedia = !episode.missing.includes('no_media_url');
  return {
    id: episodeNodeId(episode.episodeId),
    type: 'Episode',
    properties: {
      podcast_id: feed.podcastId,
      title: episode.title,
      publish_date: isoSeconds(episode.publishedMs),
      ...(hasMedia ? { audio_url: episode.mediaUrl } : {}),
      duration_ms: transcript.durationSeconds * 1000,
    },
  };
}

export function topicNodes(context: EpisodeContext, withSlug: boolean): GraphNode[] {
  return context.episode.topics.map((topic) => ({
    id: topic.id,
    type: 'Topic',
    properties: withSlug ? { label: topic.label, slug: topic.slug } : { label: topic.label },
  }));
}
