import type { NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedGraph, NormalizedInsight, NormalizedQuote } from '../readers/gi-graph.js';
import { labelFromId } from '../readers/graph-nodes.js';
import type { NormalizedKg } from '../readers/kg-reader.js';
import { canonicalPersonId, isListedPersonId } from '../readers/person-ids.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import { catalogBound, compareEpisodes } from '../records/episode-sort.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { ShardedMap, shardOfText } from '../snapshot/sharded-map.js';
import { perSnapshotInSlices } from '../snapshot/snapshot-memo.js';
import { createTimeSlicer, forEachInSlices, type TimeSlicer } from '../snapshot/time-slicer.js';
import { projectInsights, quotesOfInsight } from './insight-projection.js';
import { canonicalEntityId, speakersOfQuotes } from './speakers.js';

/** One shown insight of a graph-eligible episode, with its ids canonicalised. */
export interface GraphInsight {
  id: string;
  episode: EpisodeRecord;
  insight: NormalizedInsight;
  /** Supporting quotes that exist as nodes, in SUPPORTED_BY order. */
  quotes: readonly NormalizedQuote[];
  /** Named persons who said it: its quotes' speakers (`speakersOfQuotes`). */
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
  /** Newest episode first; within an episode, display order (made when first read). */
  readonly insights: readonly GraphInsight[];
  readonly byInsightId: ReadonlyMap<string, readonly GraphInsight[]>;
  readonly byTopic: ReadonlyMap<string, readonly GraphInsight[]>;
  readonly bySpeaker: ReadonlyMap<string, readonly GraphInsight[]>;
  /** Keyed by person, org and topic id: every insight naming it. */
  readonly byNode: ReadonlyMap<string, readonly GraphInsight[]>;
  readonly byEpisode: ReadonlyMap<EpisodeRecord, readonly GraphInsight[]>;
  /** Speaker counts of the lists above, shared by the indexes patched from one build (`SpeakerTallies`). */
  readonly tallies: SpeakerTallies;
  /** Display label of a topic, person or org id (bridge, then GI, then KG, then the id). */
  labelOf(id: string): string;
  /**
   * A requested id in the index's terms: layer prefixes stripped, `speaker:`
   * and `entity:` folded into `person:`, a bare name given `fallbackPrefix`,
   * then any bridge's canonical map applied.
   */
  canonicalOf(id: string, fallbackPrefix: 'topic:' | 'person:' | 'org:'): string;
}

/** A list's speakers with how many of its items name each, most first (`cil-queries.ts`). */
export type SpeakerCount = readonly [personId: string, count: number];

/**
 * Speaker counts kept per counted list while that list is the same object.
 * A patch shares every list no change touched, so after a retitle the
 * counts of the largest topics (tens of thousands of insights at 100,000
 * episodes) are not made again; a list a patch replaced is counted anew.
 * One instance serves the indexes patched from one build, and keeps the
 * `max` most recently counted lists.
 */
export interface SpeakerTallies {
  of(key: string, items: readonly GraphInsight[]): readonly SpeakerCount[] | undefined;
  keep(key: string, items: readonly GraphInsight[], counts: readonly SpeakerCount[]): void;
}

export function createSpeakerTallies(max = 64): SpeakerTallies {
  const kept = new Map<
    string,
    { items: readonly GraphInsight[]; counts: readonly SpeakerCount[] }
  >();
  return {
    of(key, items) {
      const entry = kept.get(key);
      if (entry === undefined || entry.items !== items) {
        return undefined;
      }
      kept.delete(key);
      kept.set(key, entry);
      return entry.counts;
    },
    keep(key, items, counts) {
      kept.delete(key);
      kept.set(key, { items, counts });
      if (kept.size > max) {
        kept.delete(kept.keys().next().value as string);
      }
    },
  };
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

/** The files of one graph-eligible episode, parsed, with its record. */
export interface GraphEpisodeLayers {
  episode: EpisodeRecord;
  graph: NormalizedGraph;
  kg: NormalizedKg;
  bridge: NormalizedBridge;
}

export function graphInsightsOf(layers: GraphEpisodeLayers): GraphInsight[] {
  const { episode, graph, kg, bridge } = layers;
  const date = dateOf(kg, episode);
  return projectInsights(graph).map((insight, position) => {
    const quotes = quotesOfInsight(graph, insight);
    const speakers = speakersOfQuotes(quotes, bridge);
    const topics = unique(
      insight.topicIds
        .map((id) => bridge.topic_to_canonical.get(id) ?? id)
        .filter((id) => id.startsWith('topic:')),
    );
    const named = [...insight.personIds, ...insight.orgIds].map((id) =>
      canonicalEntityId(bridge, id),
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

/**
 * One episode's items, kept per record while its layers are the same
 * objects: a snapshot after a change derives again only the episodes whose
 * record or files changed. Records and parsed layers are immutable and
 * shared between snapshots; the map is the root's (`snapshot.lasting`), and
 * its entries go when their record does.
 */
function itemsOf(
  itemsByRecord: WeakMap<EpisodeRecord, EpisodeItems>,
  layers: GraphEpisodeLayers,
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
function labelIn(layers: GraphEpisodeLayers, id: string): string | undefined {
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

/** A bridge's id aliases in the order they are taken: its topic map, then its entity map. */
export function bridgeAliasesOf(bridge: NormalizedBridge): Array<readonly [string, string]> {
  const aliases: Array<readonly [string, string]> = [];
  for (const map of [bridge.topic_to_canonical, bridge.entity_to_canonical]) {
    for (const [from, to] of map) {
      aliases.push([from, canonicalPersonId(to)]);
    }
  }
  return aliases;
}

function collectAliases(aliases: Map<string, string>, bridge: NormalizedBridge): void {
  for (const [from, to] of bridgeAliasesOf(bridge)) {
    if (!aliases.has(from)) {
      aliases.set(from, to);
    }
  }
}

/**
 * The labels one episode gives the nodes of its items (`labelIn`), for the
 * nodes it names; an index takes the newest episode's.
 */
export function episodeLabelsOf(
  layers: GraphEpisodeLayers,
  items: readonly GraphInsight[],
): Array<readonly [string, string]> {
  const nodes = new Set(items.flatMap((item) => item.nodes));
  const labels: Array<readonly [string, string]> = [];
  for (const id of nodes) {
    const label = labelIn(layers, id);
    if (label !== undefined) {
      labels.push([id, label]);
    }
  }
  return labels;
}

/**
 * A requested id before the bridges' aliases: layer prefixes stripped,
 * `speaker:` and `entity:` folded into `person:`, a bare name given `fallbackPrefix`.
 */
export function requestedGraphId(id: string, fallbackPrefix: 'topic:' | 'person:' | 'org:') {
  const bare = canonicalPersonId(id.trim());
  return bare.includes(':') ? bare : `${fallbackPrefix}${bare}`;
}

function layersOf(
  snapshot: CorpusSnapshot,
  episode: EpisodeRecord,
): GraphEpisodeLayers | undefined {
  const graph = snapshot.graphOf(episode);
  const kg = snapshot.kgOf(episode);
  const bridge = snapshot.bridgeOf(episode);
  return graph && kg && bridge ? { episode, graph, kg, bridge } : undefined;
}

/** The graph-eligible episode's items (`itemsOf`), or undefined when it has no GI, KG or bridge value. */
function eligibleItemsOf(
  snapshot: CorpusSnapshot,
  itemsByRecord: WeakMap<EpisodeRecord, EpisodeItems>,
  episode: EpisodeRecord,
): readonly GraphInsight[] | undefined {
  const layers = layersOf(snapshot, episode);
  return layers === undefined ? undefined : itemsOf(itemsByRecord, layers);
}

type Lists<K> = ShardedMap<K, readonly GraphInsight[]>;

/** What an index is made of, without the snapshot its labels are looked up in. */
interface IndexParts {
  readonly episodes: readonly EpisodeRecord[];
  readonly byInsightId: Lists<string>;
  readonly byTopic: Lists<string>;
  readonly bySpeaker: Lists<string>;
  readonly byNode: Lists<string>;
  readonly byEpisode: Lists<EpisodeRecord>;
  readonly aliases: ReadonlyMap<string, string>;
  readonly tallies: SpeakerTallies;
}

/** The keys an item is listed under in each by-id list. */
const LISTED_BY = {
  byInsightId: (item: GraphInsight) => [item.id],
  byTopic: (item: GraphInsight) => item.topics,
  bySpeaker: (item: GraphInsight) => item.speakers,
  byNode: (item: GraphInsight) => item.nodes,
} as const;

const ITEMS_BY_RECORD = Symbol('graph_items_by_record');

function itemsByRecordOf(snapshot: CorpusSnapshot): WeakMap<EpisodeRecord, EpisodeItems> {
  return snapshot.lasting.derive(ITEMS_BY_RECORD, () => new WeakMap<EpisodeRecord, EpisodeItems>());
}

async function aliasesOf(
  snapshot: CorpusSnapshot,
  episodes: readonly EpisodeRecord[],
  slicer: TimeSlicer,
): Promise<Map<string, string>> {
  const aliases = new Map<string, string>();
  await forEachInSlices(
    episodes,
    slicer,
    (episode) => {
      const bridge = snapshot.bridgeOf(episode);
      if (bridge !== undefined) {
        collectAliases(aliases, bridge);
      }
    },
    256,
  );
  return aliases;
}

async function buildParts(snapshot: CorpusSnapshot, slicer: TimeSlicer): Promise<IndexParts> {
  const itemsByRecord = itemsByRecordOf(snapshot);
  const episodes: EpisodeRecord[] = [];
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
  return { episodes, aliases, ...maps, tallies: createSpeakerTallies() };
}

/** The index a snapshot's readers get over `parts`: labels are looked up in `snapshot` on first use. */
function indexOver(snapshot: CorpusSnapshot, parts: IndexParts): GraphIndex {
  const labels = new Map<string, string>();
  let insights: readonly GraphInsight[] | undefined;
  return {
    episodes: parts.episodes,
    get insights() {
      insights ??= parts.episodes.flatMap((episode) => parts.byEpisode.get(episode) ?? []);
      return insights;
    },
    byInsightId: parts.byInsightId,
    byTopic: parts.byTopic,
    bySpeaker: parts.bySpeaker,
    byNode: parts.byNode,
    byEpisode: parts.byEpisode,
    tallies: parts.tallies,
    labelOf: (id) => {
      let label = labels.get(id);
      if (label === undefined) {
        label = findLabel(snapshot, parts.byNode.get(id) ?? [], id) ?? labelFromId(id);
        labels.set(id, label);
      }
      return label;
    },
    canonicalOf: (id, fallbackPrefix) => {
      const prefixed = requestedGraphId(id, fallbackPrefix);
      return parts.aliases.get(prefixed) ?? prefixed;
    },
  };
}

/**
 * Builds the snapshot's graph index from every episode, yielding to the
 * event loop whenever `slicer` says its slice is spent: at 100,000 episodes
 * the build takes seconds, and requests to other routes are served in
 * between.
 */
export async function buildGraphIndex(
  snapshot: CorpusSnapshot,
  slicer: TimeSlicer = createTimeSlicer(),
): Promise<GraphIndex> {
  return indexOver(snapshot, await buildParts(snapshot, slicer));
}

/** The parts last built for a root, and the snapshot's episodes and layers they were built from. */
interface LastBuilt {
  readonly all: readonly EpisodeRecord[];
  readonly layers: object | undefined;
  readonly parts: IndexParts;
}

/** One episode whose items differ from the last index's: `was` there, `now` in the snapshot (often the same record). */
interface EpisodeChange {
  readonly was: EpisodeRecord;
  readonly now: EpisodeRecord;
  readonly before: readonly GraphInsight[] | undefined;
  readonly after: readonly GraphInsight[] | undefined;
}

/**
 * More changed episodes than this and the index is built from every
 * episode: a patch copies the shards and lists each change touches.
 */
export const MAX_PATCHED_EPISODES = 256;

/**
 * The episodes whose items differ between `last` and `snapshot`, in the
 * catalog order; undefined when a patch cannot follow: episodes came, went
 * or moved in the order (a new publish date), or too many changed. Both
 * lists are walked side by side (pointer comparisons); an episode kept as
 * the same record is looked at only when some layer value changed since.
 */
async function changesSince(
  snapshot: CorpusSnapshot,
  last: LastBuilt,
  slicer: TimeSlicer,
): Promise<EpisodeChange[] | undefined> {
  const before = last.all;
  const after = snapshot.episodes;
  if (before.length !== after.length) {
    return undefined;
  }
  const itemsByRecord = itemsByRecordOf(snapshot);
  const sameLayers = last.layers !== undefined && last.layers === snapshot.layersVersion;
  const changes: EpisodeChange[] = [];
  /** Adds the change at one place; false when a patch cannot follow it. */
  const compare = (was: EpisodeRecord, now: EpisodeRecord): boolean => {
    if (was.metadata_relpath !== now.metadata_relpath || was.publish_date !== now.publish_date) {
      return false;
    }
    const old = last.parts.byEpisode.get(was);
    const items = eligibleItemsOf(snapshot, itemsByRecord, now);
    if (old !== items) {
      changes.push({ was, now, before: old, after: items });
    }
    return changes.length <= MAX_PATCHED_EPISODES;
  };
  if (sameLayers && before === after) {
    return changes;
  }
  if (sameLayers && snapshot.replaced?.base === before) {
    // The list says which records it replaced since `before`: no walk of every place.
    for (const [was, now] of snapshot.replaced.pairs) {
      if (!compare(was, now)) {
        return undefined;
      }
    }
    return changes;
  }
  for (let i = 0; i < after.length; i++) {
    if ((i & 255) === 0) {
      await slicer.yieldIfDue();
    }
    const was = before[i] as EpisodeRecord;
    const now = after[i] as EpisodeRecord;
    if (was === now && sameLayers) {
      continue;
    }
    if (!compare(was, now)) {
      return undefined;
    }
  }
  return changes;
}

const episodeOf = (item: GraphInsight) => item.episode;

/**
 * `list` with the items of each changed episode swapped for its new ones.
 * In the structural order an episode's items are one run, found by binary
 * search (a changed episode keeps its place in the catalog order), so the
 * rest of the list is copied as whole runs, not looked at item by item: the
 * lists of the largest topics and persons hold tens of thousands of items.
 * `changes` are in the catalog order.
 */
function swappedIn(
  list: readonly GraphInsight[],
  changes: ReadonlyMap<EpisodeChange, readonly GraphInsight[]>,
): GraphInsight[] {
  const runs: Array<readonly GraphInsight[]> = [];
  let from = 0;
  for (const [{ was }, items] of changes) {
    runs.push(list.slice(from, catalogBound(list, was, false, episodeOf)), items);
    from = catalogBound(list, was, true, episodeOf);
  }
  runs.push(list.slice(from));
  return ([] as GraphInsight[]).concat(...runs);
}

/**
 * The new lists of every key the changed episodes' old or new items are
 * listed under in one by-id map, a list left empty deleted; one key per
 * check of the slicer.
 */
async function listChanges(
  lists: Lists<string>,
  keysOf: (item: GraphInsight) => readonly string[],
  changes: readonly EpisodeChange[],
  slicer: TimeSlicer,
): Promise<Array<[string, readonly GraphInsight[] | undefined]>> {
  // Per key, the changes that touch it (in the catalog order) and their new items under it.
  const touched = new Map<string, Map<EpisodeChange, GraphInsight[]>>();
  const touch = (key: string, change: EpisodeChange) => {
    let byChange = touched.get(key);
    if (byChange === undefined) {
      byChange = new Map();
      touched.set(key, byChange);
    }
    let items = byChange.get(change);
    if (items === undefined) {
      items = [];
      byChange.set(change, items);
    }
    return items;
  };
  for (const change of changes) {
    for (const item of change.before ?? []) {
      for (const key of keysOf(item)) {
        touch(key, change);
      }
    }
    for (const item of change.after ?? []) {
      for (const key of keysOf(item)) {
        touch(key, change).push(item);
      }
    }
  }
  const result: Array<[string, readonly GraphInsight[] | undefined]> = [];
  for (const [key, byChange] of touched) {
    await slicer.yieldIfDue();
    const list = swappedIn(lists.get(key) ?? [], byChange);
    result.push([key, list.length === 0 ? undefined : list]);
  }
  return result;
}

/**
 * The last index's parts with the changed episodes' items swapped in. What
 * no change touches is shared with the last index, which stays as it was
 * (its snapshot may still be answering from it).
 */
async function patchParts(
  snapshot: CorpusSnapshot,
  last: LastBuilt,
  changes: readonly EpisodeChange[],
  slicer: TimeSlicer,
): Promise<IndexParts> {
  const { parts } = last;
  let episodes = parts.episodes;
  const eligibilityMoved = changes.some(
    (c) => (c.before === undefined) !== (c.after === undefined),
  );
  if (eligibilityMoved || changes.some((c) => c.was !== c.now && c.before !== undefined)) {
    const list = parts.episodes.slice();
    for (const { was, now, after } of changes) {
      const at = catalogBound(list, was, false);
      if (list[at] === was) {
        list.splice(at, 1);
      }
      if (after !== undefined) {
        list.splice(at, 0, now);
      }
    }
    episodes = list;
  }
  const patchedLists = async (name: keyof typeof LISTED_BY) => {
    await slicer.yieldIfDue();
    const lists = parts[name];
    return lists.patched(await listChanges(lists, LISTED_BY[name], changes, slicer), slicer);
  };
  const byInsightId = await patchedLists('byInsightId');
  const byTopic = await patchedLists('byTopic');
  const bySpeaker = await patchedLists('bySpeaker');
  const byNode = await patchedLists('byNode');
  const byEpisode = await parts.byEpisode.patched(
    changes.flatMap(({ was, now, after }) =>
      was === now ? [[now, after] as const] : [[was, undefined] as const, [now, after] as const],
    ),
    slicer,
  );
  // Aliases come from the eligible episodes' bridges, newest first: the
  // same while every changed episode kept its bridge and its eligibility.
  const bridgesKept =
    !eligibilityMoved && last.layers !== undefined && last.layers === snapshot.layersVersion;
  const aliases = bridgesKept ? parts.aliases : await aliasesOf(snapshot, episodes, slicer);
  return {
    episodes,
    byInsightId,
    byTopic,
    bySpeaker,
    byNode,
    byEpisode,
    aliases,
    tallies: parts.tallies,
  };
}

const LAST_BUILT = Symbol('graph_index_last_built');

/**
 * The snapshot's index, patched from the last one built for its root when
 * few episodes changed since (a retitle, a rewritten GI file), else built
 * from every episode. A patch re-derives only the changed episodes' items
 * and copies only the lists and shards they touch: after one changed
 * episode at 100,000 episodes it takes milliseconds where a build takes
 * seconds and allocates the whole index again.
 */
export async function patchedOrBuiltIndex(
  snapshot: CorpusSnapshot,
  slicer: TimeSlicer,
): Promise<GraphIndex> {
  const lastBuilt = snapshot.lasting.derive(LAST_BUILT, () => new Map<string, LastBuilt>());
  const last = lastBuilt.get(snapshot.root);
  const changes = last && (await changesSince(snapshot, last, slicer));
  const parts =
    last !== undefined && changes !== undefined
      ? changes.length === 0
        ? last.parts
        : await patchParts(snapshot, last, changes, slicer)
      : await buildParts(snapshot, slicer);
  lastBuilt.set(snapshot.root, { all: snapshot.episodes, layers: snapshot.layersVersion, parts });
  return indexOver(snapshot, parts);
}

/**
 * The snapshot's graph index, built in slices on first use and dropped with
 * the snapshot. Once asked for, each later snapshot of the root has it built
 * (or patched) as soon as it is published (`perSnapshotInSlices`).
 */
export const graphIndexOf: (snapshot: CorpusSnapshot) => Promise<GraphIndex> = perSnapshotInSlices(
  patchedOrBuiltIndex,
  'graph_index',
);
