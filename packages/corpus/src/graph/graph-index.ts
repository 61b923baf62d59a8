import { canonicalPersonId, isListedPersonId } from '../browse/person-ids.js';
import type { NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedKg } from '../readers/kg-reader.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import { compareEpisodes } from '../records/episode-sort.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { ShardedMap, shardOfText } from '../snapshot/sharded-map.js';
import { perSnapshotInSlices } from '../snapshot/snapshot-memo.js';
import { createTimeSlicer, forEachInSlices, type TimeSlicer } from '../snapshot/time-slicer.js';
import type { NormalizedGraph, NormalizedInsight, NormalizedQuote } from './gi-graph.js';
import { labelFromId } from './graph-nodes.js';
import { projectInsights, quotesOfInsight } from './insight-projection.js';

/** One shown insight of a graph-eligible episode, with its ids canonicalised. */
export interface GraphInsight {
  id: string;
  episode: EpisodeRecord;
  insight: NormalizedInsight;
  /** Supporting quotes that exist as nodes, in SUPPORTED_BY order. */
  quotes: readonly NormalizedQuote[];
  /** Named persons who said it: its quotes' speakers, else its SPOKEN_BY/linked persons. */
  speakers: readonly string[];
  /** ABOUT targets starting with `topic:`, after the bridge's topic map. */
  topics: readonly string[];
  /** Persons and orgs it names (speakers included), after the bridge's entity map. */
  entities: readonly string[];
  /** YYYY-MM-DD: the KG Episode date, else the metadata date; null when unknown. */
  date: string | null;
  /** Its place in the episode's display order (see `compareStructural`). */
  position: number;
  /** Its topics and entities, each once: the `byNode` keys it is listed under. */
  nodes: readonly string[];
}

/**
 * The index's structural order: newest episode first (the catalog order),
 * display order within an episode. Items carry no global position, so an
 * episode's items can be reused by the next snapshot's index unchanged.
 */
export function compareStructural(a: GraphInsight, b: GraphInsight): number {
  return a.episode === b.episode ? a.position - b.position : compareEpisodes(a.episode, b.episode);
}

/**
 * The cross-episode graph the relational and graph-query routes scan, built
 * once per snapshot. Only episodes with a GI, a KG and a bridge file take
 * part (spec 04 §2.3); hidden insights (`surfaceable: false`, `drop`) do not.
 */
export interface GraphIndex {
  /** Graph-eligible episodes, newest first. */
  readonly episodes: readonly EpisodeRecord[];
  /** Newest episode first; within an episode, display order. */
  readonly insights: readonly GraphInsight[];
  readonly byInsightId: ReadonlyMap<string, readonly GraphInsight[]>;
  readonly byTopic: ReadonlyMap<string, readonly GraphInsight[]>;
  readonly bySpeaker: ReadonlyMap<string, readonly GraphInsight[]>;
  /** Keyed by person, org and topic id: every insight naming it. */
  readonly byNode: ReadonlyMap<string, readonly GraphInsight[]>;
  readonly byEpisode: ReadonlyMap<EpisodeRecord, readonly GraphInsight[]>;
  /** Display label of a topic, person or org id (bridge, then GI, then KG, then the id). */
  labelOf(id: string): string;
  /**
   * A requested id in the index's terms: layer prefixes stripped, `speaker:`
   * and `entity:` folded into `person:`, a bare name given `fallbackPrefix`,
   * then any bridge's canonical map applied.
   */
  canonicalOf(id: string, fallbackPrefix: 'topic:' | 'person:' | 'org:'): string;
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

function dateOf(kg: NormalizedKg | undefined, episode: EpisodeRecord): string | null {
  const fromKg = kg?.publish_date;
  if (fromKg && DATE.test(fromKg)) {
    return fromKg.slice(0, 10);
  }
  return episode.publish_date;
}

/** Appends `value` to the list of `key`, making the list when it is the first. */
export function pushInto<K, V>(
  map: { get(key: K): V[] | undefined; set(key: K, value: V[]): unknown },
  key: K,
  value: V,
): void {
  const list = map.get(key);
  if (list === undefined) {
    map.set(key, [value]);
  } else {
    list.push(value);
  }
}

const unique = (ids: Iterable<string>) => [...new Set(ids)];

function canonicalEntity(bridge: NormalizedBridge, id: string): string {
  const mapped = bridge.entity_to_canonical.get(id) ?? id;
  return canonicalPersonId(mapped);
}

function speakersOf(
  insight: NormalizedInsight,
  quotes: readonly NormalizedQuote[],
  bridge: NormalizedBridge,
) {
  const fromQuotes = quotes.map((q) => q.speaker_id).filter((id): id is string => id !== null);
  const ids = fromQuotes.length > 0 ? fromQuotes : insight.personIds;
  return unique(ids.map((id) => canonicalEntity(bridge, id)).filter(isListedPersonId));
}

interface EpisodeLayers {
  episode: EpisodeRecord;
  graph: NormalizedGraph;
  kg: NormalizedKg;
  bridge: NormalizedBridge;
}

function graphInsightsOf(layers: EpisodeLayers): GraphInsight[] {
  const { episode, graph, kg, bridge } = layers;
  const date = dateOf(kg, episode);
  return projectInsights(graph).map((insight, position) => {
    const quotes = quotesOfInsight(graph, insight);
    const speakers = speakersOf(insight, quotes, bridge);
    const topics = unique(
      insight.topicIds
        .map((id) => bridge.topic_to_canonical.get(id) ?? id)
        .filter((id) => id.startsWith('topic:')),
    );
    const named = [...insight.personIds, ...insight.orgIds].map((id) =>
      canonicalEntity(bridge, id),
    );
    const entities = unique([
      ...speakers,
      ...named.filter((id) => isListedPersonId(id) || id.startsWith('org:')),
    ]);
    return {
      id: insight.id,
      episode,
      insight,
      quotes,
      speakers,
      topics,
      entities,
      date,
      position,
      nodes: unique([...topics, ...entities]),
    };
  });
}

interface EpisodeItems {
  graph: NormalizedGraph;
  kg: NormalizedKg;
  bridge: NormalizedBridge;
  items: readonly GraphInsight[];
}

const ITEMS_BY_RECORD = Symbol('graph_items_by_record');

/**
 * One episode's items, kept per record while its layers are the same
 * objects: a snapshot after a change derives again only the episodes whose
 * record or files changed. Records and parsed layers are immutable and
 * shared between snapshots; the map is the root's (`snapshot.lasting`), and
 * its entries go when their record does.
 */
function itemsOf(
  itemsByRecord: WeakMap<EpisodeRecord, EpisodeItems>,
  layers: EpisodeLayers,
): readonly GraphInsight[] {
  const kept = itemsByRecord.get(layers.episode);
  if (
    kept !== undefined &&
    kept.graph === layers.graph &&
    kept.kg === layers.kg &&
    kept.bridge === layers.bridge
  ) {
    return kept.items;
  }
  const items = Object.freeze(graphInsightsOf(layers));
  itemsByRecord.set(layers.episode, { ...layers, items });
  return items;
}

/** The label one episode gives `id`: its bridge's display name, then GI, then KG, then a quote's speaker name. */
function labelIn(layers: EpisodeLayers, id: string): string | undefined {
  const named = (node: { id: string }) => canonicalPersonId(node.id) === id;
  const candidates = [
    layers.bridge.identities.find(named)?.display_name,
    [...layers.graph.topics, ...layers.kg.topics].find((node) => node.id === id)?.label,
    [...layers.graph.persons, ...layers.graph.orgs, ...layers.kg.persons, ...layers.kg.orgs].find(
      named,
    )?.name,
    layers.graph.quotes.find((q) => q.speaker_id !== null && canonicalPersonId(q.speaker_id) === id)
      ?.speaker_name,
  ];
  return candidates.find((label) => label !== undefined && label !== '');
}

/** The label of the newest episode that names `id` (labels are looked up on use, not at build). */
function findLabel(snapshot: CorpusSnapshot, items: readonly GraphInsight[], id: string) {
  const seen = new Set<EpisodeRecord>();
  for (const { episode } of items) {
    if (!seen.has(episode)) {
      seen.add(episode);
      const layers = layersOf(snapshot, episode);
      const label = layers && labelIn(layers, id);
      if (label !== undefined) {
        return label;
      }
    }
  }
  return undefined;
}

function collectAliases(aliases: Map<string, string>, bridge: NormalizedBridge): void {
  for (const map of [bridge.topic_to_canonical, bridge.entity_to_canonical]) {
    for (const [from, to] of map) {
      if (!aliases.has(from)) {
        aliases.set(from, canonicalPersonId(to));
      }
    }
  }
}

function layersOf(snapshot: CorpusSnapshot, episode: EpisodeRecord): EpisodeLayers | undefined {
  const graph = snapshot.graphOf(episode);
  const kg = snapshot.kgOf(episode);
  const bridge = snapshot.bridgeOf(episode);
  return graph && kg && bridge ? { episode, graph, kg, bridge } : undefined;
}

/**
 * Builds the snapshot's graph index, yielding to the event loop whenever
 * `slicer` says its slice is spent: at 100,000 episodes the build takes
 * seconds, and requests to other routes are served in between.
 */
export async function buildGraphIndex(
  snapshot: CorpusSnapshot,
  slicer: TimeSlicer = createTimeSlicer(),
): Promise<GraphIndex> {
  const itemsByRecord = snapshot.lasting.derive(
    ITEMS_BY_RECORD,
    () => new WeakMap<EpisodeRecord, EpisodeItems>(),
  );
  const episodes: EpisodeRecord[] = [];
  const insights: GraphInsight[] = [];
  const labels = new Map<string, string>();
  const aliases = new Map<string, string>();
  // Split maps: at 100,000 episodes they hold up to millions of entries, and
  // one V8 map rehashes them all at once as it grows, inside one slice.
  const maps = {
    byInsightId: new ShardedMap<string, GraphInsight[]>(shardOfText),
    byTopic: new ShardedMap<string, GraphInsight[]>(shardOfText),
    bySpeaker: new ShardedMap<string, GraphInsight[]>(shardOfText),
    byNode: new ShardedMap<string, GraphInsight[]>(shardOfText),
    byEpisode: new ShardedMap<EpisodeRecord, readonly GraphInsight[]>((episode) =>
      shardOfText(episode.metadata_relpath),
    ),
  };
  await forEachInSlices(snapshot.episodes, slicer, (episode) => {
    const layers = layersOf(snapshot, episode);
    if (layers === undefined) {
      return;
    }
    episodes.push(episode);
    collectAliases(aliases, layers.bridge);
    const own = itemsOf(itemsByRecord, layers);
    maps.byEpisode.set(episode, own);
    for (const item of own) {
      insights.push(item);
      pushInto(maps.byInsightId, item.id, item);
      for (const id of item.topics) {
        pushInto(maps.byTopic, id, item);
      }
      for (const id of item.speakers) {
        pushInto(maps.bySpeaker, id, item);
      }
      for (const id of item.nodes) {
        pushInto(maps.byNode, id, item);
      }
    }
  });
  return {
    episodes,
    insights,
    ...maps,
    labelOf: (id) => {
      let label = labels.get(id);
      if (label === undefined) {
        label = findLabel(snapshot, maps.byNode.get(id) ?? [], id) ?? labelFromId(id);
        labels.set(id, label);
      }
      return label;
    },
    canonicalOf: (id, fallbackPrefix) => {
      const bare = canonicalPersonId(id.trim());
      const prefixed = bare.includes(':') ? bare : `${fallbackPrefix}${bare}`;
      return aliases.get(prefixed) ?? prefixed;
    },
  };
}

/**
 * The snapshot's graph index, built in slices on first use and dropped with
 * the snapshot. Once asked for, each later snapshot of the root has it built
 * as soon as it is published (`perSnapshotInSlices`).
 */
export const graphIndexOf: (snapshot: CorpusSnapshot) => Promise<GraphIndex> = perSnapshotInSlices(
  buildGraphIndex,
  'graph_index',
);
