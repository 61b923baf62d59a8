import { episodeIdOf } from './graph-nodes.js';
import { stripLayerPrefixes } from './layer-ids.js';
import { asArray, asRecord, asText, type UnknownRecord } from './lenient-values.js';

export interface BridgeIdentity {
  id: string;
  type?: string;
  display_name: string;
  aliases: string[];
}

/**
 * The three bridge shapes (spec 04 §2.3) in one form: pipeline and fixture
 * files carry identities; connectivity carries only canonical-id maps.
 */
export interface NormalizedBridge {
  episode_id: string | null;
  schema_version: string | null;
  identities: BridgeIdentity[];
  /** Connectivity: entity id → canonical id (empty for the other shapes). */
  entity_to_canonical: ReadonlyMap<string, string>;
  /** Connectivity: topic id → canonical id (empty for the other shapes). */
  topic_to_canonical: ReadonlyMap<string, string>;
}

function readIdentity(item: unknown): BridgeIdentity | undefined {
  const identity = asRecord(item);
  const id = asText(identity?.id);
  if (identity === undefined || id === undefined) {
    return undefined;
  }
  const bare = stripLayerPrefixes(id);
  const aliases = asArray(identity.aliases)
    .map(asText)
    .filter((alias): alias is string => alias !== undefined);
  const type = asText(identity.type);
  return {
    id: bare,
    ...(type ? { type } : {}),
    display_name: asText(identity.display_name) ?? asText(identity.name) ?? bare,
    aliases,
  };
}

function readIdMap(value: unknown): Map<string, string> {
  const map = new Map<string, string>();
  for (const [key, target] of Object.entries(asRecord(value) ?? {})) {
    const canonical = asText(target);
    if (canonical !== undefined) {
      map.set(stripLayerPrefixes(key), stripLayerPrefixes(canonical));
    }
  }
  return map;
}

export function normalizeBridge(artifact: UnknownRecord): NormalizedBridge {
  const identities = asArray(artifact.identities)
    .map(readIdentity)
    .filter((identity): identity is BridgeIdentity => identity !== undefined);
  return {
    episode_id: episodeIdOf(artifact),
    schema_version: asText(artifact.schema_version) ?? null,
    identities,
    entity_to_canonical: readIdMap(artifact.entity_to_canonical),
    topic_to_canonical: readIdMap(artifact.topic_to_canonical),
  };
}

/**
 * The display name the bridge gives `id`: its first identity of that id.
 * Looked up in the identities rather than kept as a map beside them: an
 * episode's bridge names a handful of ids, and a map per episode cost
 * memory on every episode for what a short scan finds.
 */
export function displayNameIn(
  bridge: NormalizedBridge | undefined,
  id: string,
): string | undefined {
  for (const identity of bridge?.identities ?? []) {
    if (identity.id === id) {
      return identity.display_name;
    }
  }
  return undefined;
}
