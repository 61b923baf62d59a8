import { CorpusLoading } from '@podcast/contracts';
import type { CorpusCaches, CorpusPlace } from '../caches/corpus-caches.js';
import { createDerivedValues, type DerivedValues } from '../caches/derived-values.js';
import type { NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedGraph } from '../readers/gi-graph.js';
import type { NormalizedKg } from '../readers/kg-reader.js';
import { stripEpisodePrefix } from '../readers/layer-ids.js';
import { buildEpisodeRecord, type EpisodeRecord } from '../records/episode-record.js';
import { buildFeedRecords, type FeedRecord } from '../records/feeds.js';
import { type ArtifactEntry, buildArtifactEntries } from './artifacts.js';
import type { SyncCounters } from './corpus-cache.js';
import {
  artifactDates,
  artifactOrder,
  type CachedMetadata,
  type CorpusState,
  feedSlugOf,
  ITEMS_PER_STEP,
  keptOnState,
  type LoadedArtifact,
  losingArtifacts,
  losingCopies,
  memoOnState,
  siblingsOf,
} from './corpus-state.js';
import { episodeListOf, firstBy, type ReplacedRecords } from './episode-list.js';
import { type PackedValue, unpacked } from './packed-value.js';
import { steppedValue } from './time-slicer.js';

export interface SnapshotStats extends SyncCounters {
  /** Wall time of the load or refresh that produced this snapshot. */
  durationMs: number;
  /** Metadata files discovered (before dedup, unreadable ones included). */
  metadataFiles: number;
}

/**
 * An immutable view of one corpus root at one moment. It is also the
 * `CorpusPlace` side-file readers take: `caches` are its registry's.
 */
export interface CorpusSnapshot extends CorpusPlace {
  readonly root: string;
  readonly loadedAt: Date;
  /** Deduplicated, newest first (spec 04 §3 sort). */
  readonly episodes: readonly EpisodeRecord[];
  /** Sorted by feed_id, the empty id last. */
  readonly feeds: readonly FeedRecord[];
  /**
   * GI/KG/bridge files after dedup, sorted by relative_path. Built after
   * the snapshot is published, in the background, or when first read.
   */
  readonly artifacts: readonly ArtifactEntry[];
  readonly stats: SnapshotStats;
  /** Lists, indexes and rows derived from this snapshot by `perSnapshot` readers. */
  readonly derived: DerivedValues;
  /**
   * Values that outlive one snapshot, held by the loader state of its root:
   * memos keyed by objects later snapshots share (records, parsed layers),
   * such as the graph index's items per episode.
   */
  readonly lasting: DerivedValues;
  /**
   * True on the snapshot a first load publishes before it reads the layers
   * (`SnapshotInput.layersPending`); absent otherwise.
   */
  readonly layersPending?: true;
  /**
   * The same object for two snapshots of a root when no GI, KG or bridge
   * value changed between them (a new one does not prove that one did).
   * Absent where it is not known (a folder view); read on a snapshot whose
   * layers are pending, it throws as `graphOf` does.
   */
  readonly layersVersion?: object;
  /**
   * Set when `episodes` is the previous snapshot's list with some records
   * replaced in place (`ReplacedRecords`): what changed, for readers that
   * patch what they derived from that list.
   */
  readonly replaced?: ReplacedRecords;
  findEpisodeBySlug(slug: string): EpisodeRecord | undefined;
  /** By metadata episode_id; an `episode:` prefix on the argument is ignored. */
  findEpisodeById(episodeId: string): EpisodeRecord | undefined;
  findEpisodeByRelpath(metadataRelpath: string): EpisodeRecord | undefined;
  findFeed(feedId: string): FeedRecord | undefined;
  /**
   * Metadata relpaths of every copy of the episode on disk: its own first,
   * then the copies older runs hold that lost run deduplication.
   */
  copiesOf(episode: EpisodeRecord): readonly string[];
  graphOf(episode: EpisodeRecord): NormalizedGraph | undefined;
  kgOf(episode: EpisodeRecord): NormalizedKg | undefined;
  bridgeOf(episode: EpisodeRecord): NormalizedBridge | undefined;
}

export interface SnapshotInput {
  state: CorpusState;
  winners: ReadonlySet<string>;
  stats: SnapshotStats;
  loadedAt: Date;
  caches: CorpusCaches;
  /**
   * Published while the first load still reads the GI, KG and bridge files
   * (`CorpusRoot.early`): its episodes, feeds and lookups are complete, and
   * whatever reads a layer or the artifact listing throws `CorpusLoading`
   * (a 503 with Retry-After) rather than answer without them.
   */
  layersPending?: boolean;
}

function recordOf(
  state: CorpusState,
  relpath: string,
  file: CachedMetadata,
): EpisodeRecord | undefined {
  const metadata = file.value;
  if (!metadata) {
    return undefined;
  }
  const [gi, kg, bridge] = siblingsOf(state, relpath, file);
  const siblings = {
    gi: state.artifacts.has(gi),
    kg: state.artifacts.has(kg),
    bridge: state.artifacts.has(bridge),
  };
  const key =
    (siblings.gi ? 1 : 0) +
    (siblings.kg ? 2 : 0) +
    (siblings.bridge ? 4 : 0) +
    state.artVersion * 8;
  const kept = file.derived;
  if (kept?.source === metadata && kept.key === key) {
    return kept.record;
  }
  const artExists = (art: string) => state.art.get(art) === true;
  const siblingRelpaths = { gi, kg, bridge };
  const built = buildEpisodeRecord({
    metadata,
    isPicked: true,
    metadataRelpath: relpath,
    root: state.root,
    siblings,
    siblingRelpaths,
    artExists,
    feedSlugOf: (feedId) => feedSlugOf(state, feedId),
  });
  // Its metadata strings are pooled already; of the derived ones only the run is shared.
  built.run_relpath = state.strings.one(built.run_relpath);
  // Built with optional fields added one by one; its shape keeps all 35 in the object.
  const record = Object.freeze(state.strings.settle(built));
  if (kept?.record.publish_date !== record.publish_date) {
    state.datesVersion++; // the artifact listing dates its rows by it
  }
  file.derived = { source: metadata, key, record };
  return record;
}

type ArtifactValues = ReadonlyMap<string, LoadedArtifact | PackedValue>;

/**
 * Loaded artifact values by relpath, copied so later loads cannot change
 * this snapshot; the copy is shared by snapshots until an artifact changes.
 * A value a restart kept packed is built when the snapshot is first asked
 * for it (`unpacked`), once for all the snapshots that share it. In steps,
 * like the artifact listing: on a large corpus the copy is long enough
 * that the list would wait for it before the snapshot was published.
 */
function* artifactValues(state: CorpusState): Generator<void, ArtifactValues> {
  const key = [state.artifactsVersion];
  const kept = keptOnState<ArtifactValues>(state, 'artifactValues', key);
  if (kept !== undefined) {
    return kept.value;
  }
  const values = new Map<string, LoadedArtifact | PackedValue>();
  let i = 0;
  for (const [relpath, file] of state.artifacts) {
    if (++i % ITEMS_PER_STEP === 0) {
      yield;
    }
    if (file.value) {
      values.set(relpath, file.value);
    }
  }
  state.memo.set('artifactValues', { key, value: values });
  return values;
}

/**
 * The artifact listing, built again only when an artifact, the winners, the
 * dedup keys or an episode's publish date changed since the last one. In
 * steps: a snapshot builds it in the background after it is published, or
 * at once when it is asked for first (`CorpusSnapshot.artifacts`).
 */
function* artifactListing(
  state: CorpusState,
  winners: ReadonlySet<string>,
  episodes: readonly EpisodeRecord[],
): Generator<void, readonly ArtifactEntry[]> {
  const key = [
    state.artifactsVersion,
    state.keysVersion,
    state.dedupKeysVersion,
    state.datesVersion,
    winners,
  ];
  const kept = keptOnState<readonly ArtifactEntry[]>(state, 'artifactListing', key);
  if (kept !== undefined) {
    return kept.value;
  }
  const dates = yield* artifactDates(state, episodes);
  const hidden = losingArtifacts(state, winners);
  const entries = yield* buildArtifactEntries(
    state.artifacts,
    artifactOrder(state),
    hidden,
    dates,
    ITEMS_PER_STEP,
  );
  const value = Object.freeze(entries);
  state.memo.set('artifactListing', { key, value });
  return value;
}

function feedsOf(episodes: readonly EpisodeRecord[]) {
  const feeds = Object.freeze(buildFeedRecords(episodes).map((feed) => Object.freeze(feed)));
  return { feeds, byFeed: firstBy(feeds, (f) => f.feed_id) };
}

/** The Retry-After of a request for layers the first load has not read yet. */
const LAYERS_RETRY_AFTER_S = 5;

function layersLoading(): never {
  throw new CorpusLoading(LAYERS_RETRY_AFTER_S, 'layers');
}

/**
 * Throws `CorpusLoading` for a snapshot published before its layers were
 * read: for what acts on the corpus from a snapshot (a rollback's plan),
 * which must see all of it.
 */
export function requireLayers(snapshot: Pick<CorpusSnapshot, 'layersPending'>): void {
  if (snapshot.layersPending === true) {
    layersLoading();
  }
}

export function buildCorpusSnapshot(input: SnapshotInput): CorpusSnapshot {
  const { state, winners } = input;
  const list = episodeListOf(state, winners, (relpath, file) => recordOf(state, relpath, file));
  const { episodes, bySlug, byId, byRelpath } = list;
  // Its lookups are made after the snapshot is published, in steps.
  list.prepare?.();
  const { feeds, byFeed } = memoOnState(state, 'feeds', [list.feedBasis ?? episodes], () =>
    feedsOf(episodes),
  );
  const lost = losingCopies(state, winners);
  const lookups = {
    root: state.root,
    ...(list.replaced === undefined ? {} : { replaced: list.replaced }),
    caches: input.caches,
    loadedAt: input.loadedAt,
    episodes,
    feeds,
    stats: Object.freeze({ ...input.stats }),
    derived: createDerivedValues(),
    lasting: state.lasting,
    findEpisodeBySlug: (slug: string) => bySlug.get(slug),
    findEpisodeById: (episodeId: string) =>
      byId.get(episodeId) ?? byId.get(stripEpisodePrefix(episodeId)),
    findEpisodeByRelpath: (relpath: string) => byRelpath.get(relpath),
    findFeed: (feedId: string) => byFeed.get(feedId),
    copiesOf: (episode: EpisodeRecord) => [
      episode.metadata_relpath,
      ...(lost.get(episode.metadata_relpath) ?? []),
    ],
  };
  if (input.layersPending === true) {
    // The layers are being read into the state under it: nothing derived from them is built.
    return Object.freeze({
      ...lookups,
      layersPending: true as const,
      get artifacts(): readonly ArtifactEntry[] {
        return layersLoading();
      },
      get layersVersion(): object {
        return layersLoading();
      },
      graphOf: layersLoading,
      kgOf: layersLoading,
      bridgeOf: layersLoading,
    });
  }
  // Its steps read the loader state: the next sync finishes it before it changes the state.
  const listing = steppedValue(artifactListing(state, winners, episodes));
  const values = steppedValue(artifactValues(state));
  listing.buildInBackground();
  values.buildInBackground();
  state.beforeChange = () => {
    try {
      values.get();
    } finally {
      listing.get();
    }
  };
  const valueAt = (relpath: string | null) => {
    const value = relpath === null ? undefined : values.get().get(relpath);
    return value === undefined ? undefined : unpacked(value);
  };
  return Object.freeze({
    ...lookups,
    get artifacts() {
      return listing.get();
    },
    // The values map is shared by snapshots until an artifact's value changes.
    get layersVersion(): object {
      return values.get();
    },
    graphOf: (episode: EpisodeRecord) => valueAt(episode.gi_relpath) as NormalizedGraph | undefined,
    kgOf: (episode: EpisodeRecord) => valueAt(episode.kg_relpath) as NormalizedKg | undefined,
    bridgeOf: (episode: EpisodeRecord) =>
      valueAt(episode.bridge_relpath) as NormalizedBridge | undefined,
  });
}
