/**
 * Node ids across GI/KG/bridge lineages (spec 04 §2.3, §4). Some writers
 * prefix ids with the graph layer (`g:`, `k:`, `kg:`), sometimes more than
 * once; every comparison happens on the stripped id.
 */
const LAYER_PREFIX = /^(?:g|k|kg):/;

export function stripLayerPrefixes(id: string): string {
  let current = id;
  while (LAYER_PREFIX.test(current)) {
    current = current.replace(LAYER_PREFIX, '');
  }
  return current;
}

/** Connectivity fixtures write `episode:<id>` as the artifact's top-level episode_id. */
export function stripEpisodePrefix(id: string): string {
  const bare = stripLayerPrefixes(id);
  return bare.startsWith('episode:') ? bare.slice('episode:'.length) : bare;
}

export type NodeKind =
  | 'insight'
  | 'quote'
  | 'topic'
  | 'person'
  | 'org'
  | 'episode'
  | 'podcast'
  | 'entity';

const PREFIX_KINDS: ReadonlyArray<readonly [string, NodeKind]> = [
  ['insight:', 'insight'],
  ['quote:', 'quote'],
  ['topic:', 'topic'],
  ['concept:', 'topic'],
  ['person:', 'person'],
  ['speaker:', 'person'],
  ['org:', 'org'],
  ['episode:', 'episode'],
  ['podcast:', 'podcast'],
];

const TYPE_KINDS: Readonly<Record<string, NodeKind>> = {
  insight: 'insight',
  quote: 'quote',
  topic: 'topic',
  concept: 'topic',
  person: 'person',
  speaker: 'person',
  organization: 'org',
  organisation: 'org',
  org: 'org',
  episode: 'episode',
  podcast: 'podcast',
  entity: 'entity',
};

/** Kind implied by an id prefix (`entity:person:x` counts as a person), if any. */
export function kindFromId(id: string): NodeKind | undefined {
  const bare = id.startsWith('entity:') ? id.slice('entity:'.length) : id;
  for (const [prefix, kind] of PREFIX_KINDS) {
    if (bare.startsWith(prefix)) {
      return kind;
    }
  }
  return id.startsWith('entity:') ? 'entity' : undefined;
}

/** Kind named by a node `type` (or an Entity's `kind`), case-insensitively. */
export function kindFromType(type: unknown): NodeKind | undefined {
  return typeof type === 'string' ? TYPE_KINDS[type.trim().toLowerCase()] : undefined;
}

/** Unnamed diarization voices (`person:speaker-<ep>-<n>`) stay out of people lists. */
export function isHiddenPersonId(id: string): boolean {
  return id.startsWith('person:speaker-');
}

/**
 * A node's kind: the id prefix first, then its `type`; an Entity takes its
 * `kind` (`entity_kind`, `category` in older writers) instead.
 */
export function nodeKindOf(
  id: string,
  type: unknown,
  props: Record<string, unknown>,
): NodeKind | undefined {
  const kind = kindFromId(id) ?? kindFromType(type);
  if (kind !== 'entity') {
    return kind;
  }
  const entityKind = kindFromType(props.kind ?? props.entity_kind ?? props.category);
  return entityKind === 'person' || entityKind === 'org' ? entityKind : 'entity';
}
