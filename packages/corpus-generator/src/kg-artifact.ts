import { isoSeconds, MINUTE_MS } from './clock.js';
import { type EpisodeContext, episodeNodeId } from './episode-context.js';
import { type GraphEdge, type GraphNode, topicNodes } from './graph-types.js';
import type { Person } from './plan-types.js';
import { slugify } from './text.js';
import { MODEL_NAMES } from './vocabulary/names.js';

export function orgId(name: string): string {
  return `org:${slugify(name.replace(/^the /, ''))}`;
}

/** Hosts, guests and people the guests cited, each once, in that order. */
export function kgPeople(context: EpisodeContext): Person[] {
  const people = [...context.feed.hosts, ...context.episode.guests, ...context.script.figures];
  return people.filter((person, index) => people.findIndex((p) => p.id === person.id) === index);
}

/** Organisations named in the conversation plus the guests' employers. */
export function kgOrgs(context: EpisodeContext): string[] {
  const names = [
    ...context.script.orgs,
    ...context.episode.guests.flatMap((g) => (g.org ? [g.org] : [])),
  ];
  return [...new Set(names)].sort();
}

function kgNodes(
  context: EpisodeContext,
  people: readonly Person[],
  orgs: readonly string[],
): GraphNode[] {
  const { feed, episode } = context;
  return [
    {
      id: episodeNodeId(episode.episodeId),
      type: 'Episode',
      properties: {
        title: episode.title,
        publish_date: isoSeconds(episode.publishedMs),
        podcast_id: feed.podcastId,
      },
    },
    { id: feed.podcastId, type: 'Podcast', properties: { title: feed.title, feed_url: feed.url } },
    ...topicNodes(context, true),
    ...people.map((person) => ({
      id: person.id,
      type: 'Person',
      properties: { name: person.name, role: person.role },
    })),
    ...orgs.map((name) => ({ id: orgId(name), type: 'Organization', properties: { name } })),
  ];
}

/**
 * KG in the current pipeline lineage "2.0" (spec 04 §4): typed Person,
 * Organization and Podcast nodes; MENTIONS runs X→Episode as the pipeline
 * writes it. Without a transcript the extractor falls back to the summary.
 */
export function buildKg(context: EpisodeContext): Record<string, unknown> {
  const { feed, episode } = context;
  const episodeId = episodeNodeId(episode.episodeId);
  const hasTranscript = !episode.missing.includes('no_transcript');
  const people = kgPeople(context);
  const orgs = kgOrgs(context);
  const mentioned = [
    ...episode.topics.map((t) => t.id),
    ...people.map((p) => p.id),
    ...orgs.map(orgId),
  ];
  const role = (r: Person['role']) => people.filter((p) => p.role === r);
  const edges: GraphEdge[] = [
    { type: 'HAS_EPISODE', from: feed.podcastId, to: episodeId },
    ...mentioned.map((id) => ({ type: 'MENTIONS', from: id, to: episodeId })),
    ...role('host').map((p) => ({ type: 'HOSTS', from: p.id, to: feed.podcastId })),
    ...role('guest').map((p) => ({ type: 'GUESTS_ON', from: p.id, to: feed.podcastId })),
  ];
  const extraction = {
    model_version: hasTranscript ? MODEL_NAMES.kg : 'summary_bullets',
    extracted_at: isoSeconds(context.processedAtMs - 2 * MINUTE_MS),
    transcript_ref: hasTranscript ? context.transcriptRef : null,
  };
  return {
    schema_version: '2.0',
    episode_id: episode.episodeId,
    extraction,
    nodes: kgNodes(context, people, orgs),
    edges,
  };
}
