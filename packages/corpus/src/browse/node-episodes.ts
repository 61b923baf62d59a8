import type { NodeEpisode } from '@podcast/contracts';
import type { NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedGraph } from '../readers/gi-graph.js';
import type { NormalizedKg } from '../readers/kg-reader.js';
import { canonicalPersonId } from '../readers/person-ids.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import { graphPathsOf } from '../records/wire-fields.js';

/** The artifacts of one episode that can mention a node. */
export interface NodeSource {
  graph: NormalizedGraph | undefined;
  kg: NormalizedKg | undefined;
  bridge: NormalizedBridge | undefined;
}

const NODE_PREFIX = /^(?:person|org|topic):/;

function* graphIds(graph: NormalizedGraph): Generator<string> {
  for (const node of [...graph.topics, ...graph.persons, ...graph.orgs]) {
    yield node.id;
  }
  for (const insight of graph.insights) {
    yield* insight.topicIds;
    yield* insight.personIds;
    yield* insight.orgIds;
  }
  for (const quote of graph.quotes) {
    if (quote.speaker_id !== null) {
      yield quote.speaker_id;
    }
  }
}

/** person:/org:/topic: ids an episode's GI, KG or bridge mentions, canonicalised. */
export function nodeIdsOf(source: NodeSource): Set<string> {
  const raw: string[] = [];
  if (source.graph) {
    raw.push(...graphIds(source.graph));
  }
  if (source.kg) {
    raw.push(...[...source.kg.topics, ...source.kg.persons, ...source.kg.orgs].map((n) => n.id));
  }
  raw.push(...(source.bridge?.identities.map((identity) => identity.id) ?? []));
  return new Set(raw.map(canonicalPersonId).filter((id) => NODE_PREFIX.test(id)));
}

/** node id → episodes mentioning it, in the order given (catalog order). */
export function buildNodeEpisodeIndex<E>(
  episodes: readonly E[],
  sourceOf: (episode: E) => NodeSource,
): Map<string, E[]> {
  const index = new Map<string, E[]>();
  for (const episode of episodes) {
    addToNodeEpisodeIndex(index, episode, sourceOf(episode));
  }
  return index;
}

/** Lists `episode` under each node id its layers name (episodes added newest first stay so). */
export function addToNodeEpisodeIndex<E>(
  index: Map<string, E[]>,
  episode: E,
  source: NodeSource,
): void {
  for (const id of nodeIdsOf(source)) {
    const list = index.get(id);
    if (list === undefined) {
      index.set(id, [episode]);
    } else {
      list.push(episode);
    }
  }
}

export type NodeEpisodeRow = NodeEpisode;

export function nodeEpisodeRow(episode: EpisodeRecord): NodeEpisodeRow {
  return {
    metadata_relpath: episode.metadata_relpath,
    ...(episode.episode_id === null ? {} : { episode_id: episode.episode_id }),
    title: episode.title,
    publish_date: episode.publish_date,
    ...graphPathsOf(episode),
    has_gi: episode.has_gi,
    has_kg: episode.has_kg,
  };
}
