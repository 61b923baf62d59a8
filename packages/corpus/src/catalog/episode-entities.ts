import type { EntityRef, EpisodeEntities, TopicRef } from '@podcast/contracts';
import { displayNameIn, type NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedKg } from '../readers/kg-reader.js';
import type { TopicGroup, TopicOverlays } from './topic-overlays.js';

function overlayOf(
  id: string,
  overlays: TopicOverlays,
  bridge: NormalizedBridge | undefined,
): Partial<TopicRef> {
  // Connectivity bridges map episode topic ids to corpus-wide ones.
  const canonical = bridge?.topic_to_canonical.get(id);
  const pick = (index: ReadonlyMap<string, TopicGroup>) =>
    index.get(id) ?? (canonical === undefined ? undefined : index.get(canonical));
  const theme = pick(overlays.themes);
  const storyline = pick(overlays.storylines);
  return {
    ...(theme && { cluster_id: theme.id, cluster_label: theme.label, cluster_size: theme.size }),
    ...(storyline && {
      theme_cluster_id: storyline.id,
      theme_cluster_label: storyline.label,
      theme_cluster_size: storyline.size,
    }),
  };
}

/**
 * People, organisations and topics of one episode's KG, in file order.
 * Names prefer the bridge's display name (the one shared across layers);
 * unnamed diarization voices are left out. No KG gives empty lists.
 */
export function episodeEntitiesOf(
  kg: NormalizedKg | undefined,
  bridge: NormalizedBridge | undefined,
  overlays: TopicOverlays,
): EpisodeEntities {
  if (kg === undefined) {
    return { persons: [], orgs: [], topics: [] };
  }
  const nameOf = (id: string, fallback: string) => displayNameIn(bridge, id) ?? fallback;
  const persons: EntityRef[] = kg.persons
    .filter((person) => !person.hidden)
    .map((person) => ({
      id: person.id,
      name: nameOf(person.id, person.name),
      ...(person.role === undefined ? {} : { role: person.role }),
    }));
  const orgs: EntityRef[] = kg.orgs.map((org) => ({ id: org.id, name: nameOf(org.id, org.name) }));
  const topics: TopicRef[] = kg.topics.map((topic) => ({
    id: topic.id,
    label: nameOf(topic.id, topic.label),
    ...overlayOf(topic.id, overlays, bridge),
  }));
  return { persons, orgs, topics };
}
