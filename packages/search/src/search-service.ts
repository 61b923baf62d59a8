import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type * as lancedb from '@lancedb/lancedb';
import { DEFAULT_SEARCH_CACHE_MB, TopicClustersRebuildOutcome } from '@podcast/contracts';
import type { CorpusSnapshot } from '@podcast/corpus';
import type { IndexLocation } from '@podcast/corpus-index';
import {
  createEmbeddingProvider,
  type EmbeddingProvider,
  type EmbeddingSpec,
  STATIC_MODEL,
} from '@podcast/providers';
import { acquireRebuildLock, isLockHeld } from './build/rebuild-lock.js';
import { type RebuildEvent, type RebuildStart, startRebuild } from './build/run-rebuild.js';
import { defaultClusterThreshold } from './clusters/cluster-thresholds.js';
import {
  type ClusterRebuildPlan,
  rebuildTopicClusters,
  type TopicLabelSource,
} from './clusters/rebuild-topic-clusters.js';
import type { DocType, SourceTier } from './documents/index-document.js';
import { appendQueryLog } from './query/query-log.js';
import { classifyQuery, type QueryType } from './query/query-type.js';
import { reciprocalRankFusion } from './query/rank-fusion.js';
import { type ListedRow, rankedLists, type SearchMode, storedRows } from './query/ranked-lists.js';
import { type SearchCorpus, snapshotSearchCorpus } from './query/search-corpus.js';
import { type SearchFilter, tiersFor, wherePredicate } from './query/search-filter.js';
import {
  dedupeKgSurfaces,
  isKgSurface,
  type SearchHit,
  showsLayers,
  toSearchHit,
} from './query/search-hits.js';
import { type LiftOverrides, NO_LIFT_OVERRIDES } from './query/transcript-lift.js';
import {
  currentFingerprintsOf,
  type FingerprintSource,
  type Fingerprints,
  type SnapshotFingerprints,
} from './store/fingerprints.js';
import { type IndexMeta, readIndexMeta } from './store/index-meta.js';
import { indexPathsOf } from './store/index-paths.js';
import { readJsonOr, writeJsonAtomic } from './store/json-files.js';
import { lanceSession, loadLanceDb, openTable } from './store/lance-tables.js';

export interface SearchRequest extends SearchFilter {
  q: string;
  topK: number;
  /** Compared with the index's model; a different one is reported, not searched. */
  embeddingModel?: string;
  dedupeKgSurfaces?: boolean;
  mode?: SearchMode;
  /** Append to the query log (the /api/search contract); scoped consumer searches do not. */
  logQuery?: boolean;
  /** Rows read from each list before fusion (default: 4 × topK, at least 50). */
  depth?: number;
  /**
   * The doc types a caller uses: rows of other types keep their place in
   * the fusion and the `topK` cut but are left out of the hits, unread.
   */
  hitTypes?: readonly string[];
}

export type SearchOutcome =
  | { status: 'no_index'; query_type: QueryType }
  | {
      status: 'model_mismatch';
      query_type: QueryType;
      index_model: string;
      requested_model: string;
    }
  | {
      status: 'ok';
      query_type: QueryType;
      embedding_model: string;
      hits: SearchHit[];
      lift_stats: { transcript_hits_returned: number; lift_applied: number };
    };

export interface SearchServiceOptions {
  embedding: EmbeddingSpec;
  now?: () => Date;
  /** Where query-log append failures go (the answer never waits for or fails on them). */
  onLogError?: (err: unknown) => void;
  /**
   * How long the current files' fingerprints of one snapshot are reused by the
   * stats route (default 10 s). A new snapshot always recomputes them.
   */
  fingerprintTtlMs?: number;
  /** The MB of index data (IVF partitions, posting lists) kept between searches (default 256). */
  cacheMb?: number;
}

/** Index access for the API process: one provider, connections reopened after each build. */
export interface SearchService {
  /** The configured provider's model name (known without loading it). */
  readonly configuredModel: string;
  readonly configuredProvider: EmbeddingSpec['kind'];
  /**
   * Hits hydrated from `corpus`: a snapshot, or the corpus index's episodes
   * with their files read on demand (a `SearchCorpus`).
   */
  search(corpus: SearchCorpus | CorpusSnapshot, request: SearchRequest): Promise<SearchOutcome>;
  readMeta(root: string): Promise<IndexMeta | undefined>;
  isRebuilding(root: string): Promise<boolean>;
  /**
   * Starts a background build; `docTypes` omitted keeps the last build's
   * types. With `catalog` (the corpus index of `root`) the builder lists the
   * episodes from it, else it loads the corpus's snapshot.
   */
  rebuild(
    root: string,
    force: boolean,
    docTypes?: DocType[],
    catalog?: IndexLocation,
  ): Promise<RebuildStart>;
  history(root: string): Promise<RebuildEvent[]>;
  embed(texts: string[]): Promise<Float32Array[]>;
  /** The index of `root` as last built (tables opened once per build), or undefined. */
  openIndex(root: string): Promise<OpenIndex | undefined>;
  /**
   * Fingerprints of the corpus's files, shared by concurrent callers and
   * reused for `fingerprintTtlMs` while the source's version stays current:
   * the stats route would otherwise stat every episode's files on every request.
   */
  currentFingerprints(source: FingerprintSource): Promise<SnapshotFingerprints>;
  /** The fingerprints the build of `meta` recorded, read once per build. */
  recordedFingerprints(root: string, meta: IndexMeta): Promise<Fingerprints>;
  /**
   * Re-clusters the KG topics from the index's vectors into
   * `search/topic_clusters.json` in the background, without reindexing.
   * `threshold` omitted takes the index model's default
   * (`defaultClusterThreshold`). `busy` while an index rebuild or another
   * clustering of this corpus runs; `no_index` without a usable index.
   * `finished` never rejects; its outcome is also recorded for
   * `lastTopicClusterRebuild`.
   */
  rebuildTopicClusters(
    source: TopicLabelSource,
    request: { threshold?: number; force: boolean },
  ): Promise<ClusterRebuildStart>;
  /** How the last topic-cluster rebuild of `root` ended, from its record; undefined when none. */
  lastTopicClusterRebuild(root: string): Promise<TopicClustersRebuildOutcome | undefined>;
  /**
   * Runs `change` (a corpus edit: rollback, restore) behind the rebuild gate
   * of `root`: the cross-process rebuild lock, held for the whole change, so
   * no index rebuild starts meanwhile. `busy` (and `change` not run) while a
   * rebuild, a topic clustering or another change of this corpus runs.
   */
  exclusive<T>(root: string, change: () => Promise<T>): Promise<ExclusiveOutcome<T>>;
  /**
   * Stops running builders and waits until each has ended, its
   * `rebuild_failed` event is in the history and its lock is released: a
   * stopped server leaves no process writing the index.
   */
  close(): Promise<void>;
}

export type ExclusiveOutcome<T> = { status: 'busy' } | { status: 'done'; value: T };

export type ClusterRebuildStart =
  | { status: 'started'; plan: ClusterRebuildPlan; finished: Promise<TopicClustersRebuildOutcome> }
  | { status: 'busy' }
  | { status: 'no_index' };

export interface OpenIndex {
  meta: IndexMeta;
  tableOf(tier: SourceTier): Promise<lancedb.Table | undefined>;
}

function modelOf(spec: EmbeddingSpec): string {
  return spec.kind === 'static_word_vectors' ? STATIC_MODEL : spec.model;
}

const isZero = (vector: Float32Array) => vector.every((v) => v === 0);

export function createSearchService(options: SearchServiceOptions): SearchService {
  const now = options.now ?? (() => new Date());
  let provider: Promise<EmbeddingProvider> | undefined;
  // Per root, the index of the last build seen: reopened when index_meta.json changes.
  const indexes = new Map<string, { stamp: string; index: OpenIndex }>();
  const ttlMs = options.fingerprintTtlMs ?? 10_000;
  const current = new Map<
    string,
    { version: object; at: number; prints: Promise<SnapshotFingerprints> }
  >();
  const recorded = new Map<string, { stamp: string; prints: Promise<Fingerprints> }>();
  const builders = new Set<ChildProcess>();
  const running = new Set<Promise<unknown>>();
  // Roots whose topic clusters are being rebuilt in this process.
  const clustering = new Set<string>();
  // One session for every index this process opens, so the bound is the process's.
  let session: Promise<lancedb.Session> | undefined;
  const getProvider = () => {
    provider ??= createEmbeddingProvider(options.embedding).catch((err: unknown) => {
      provider = undefined;
      throw err;
    });
    return provider;
  };

  async function openIndex(root: string): Promise<OpenIndex | undefined> {
    const meta = await readIndexMeta(indexPathsOf(root).meta);
    if (meta === undefined) {
      return undefined;
    }
    const cached = indexes.get(root);
    if (cached?.stamp === meta.last_updated) {
      return cached.index;
    }
    session ??= lanceSession(options.cacheMb ?? DEFAULT_SEARCH_CACHE_MB);
    const db = Promise.all([loadLanceDb(), session]).then(([{ connect }, shared]) =>
      connect(indexPathsOf(root).lanceDir, { session: shared }),
    );
    const tables = new Map<SourceTier, Promise<lancedb.Table | undefined>>();
    const tableOf = (tier: SourceTier) => {
      if (!tables.has(tier)) {
        tables.set(
          tier,
          db.then((connection) => openTable(connection, tier)),
        );
      }
      return tables.get(tier) as Promise<lancedb.Table | undefined>;
    };
    const index = { meta, tableOf };
    indexes.set(root, { stamp: meta.last_updated, index });
    return index;
  }

  async function search(
    source: SearchCorpus | CorpusSnapshot,
    request: SearchRequest,
  ): Promise<SearchOutcome> {
    const corpus = 'episodesByIds' in source ? source : snapshotSearchCorpus(source);
    const queryType = classifyQuery(request.q);
    const paths = indexPathsOf(corpus.root);
    if (request.logQuery) {
      appendQueryLog(paths.queryLog, queryType, now()).catch(options.onLogError ?? (() => {}));
    }
    const index = await openIndex(corpus.root);
    if (index === undefined) {
      return { status: 'no_index', query_type: queryType };
    }
    const { meta } = index;
    const requested = request.embeddingModel ?? modelOf(options.embedding);
    if (requested !== meta.embedding_model) {
      return {
        status: 'model_mismatch',
        query_type: queryType,
        index_model: meta.embedding_model,
        requested_model: requested,
      };
    }
    const mode = request.mode ?? 'hybrid';
    const vector =
      mode === 'lexical' ? undefined : (await (await getProvider()).embed([request.q]))[0];
    const lists = await rankedLists(index.tableOf, {
      text: request.q,
      vector: vector && !isZero(vector) ? vector : undefined,
      tiers: tiersFor(request),
      where: wherePredicate(request),
      depth: request.depth ?? Math.max(50, request.topK * 4),
      mode,
    });
    let fused = reciprocalRankFusion<ListedRow>(lists, (row) => row.doc_id);
    if (request.dedupeKgSurfaces ?? true) {
      const surfaces = fused.map(({ item }) => item).filter((row) => isKgSurface(row.doc_type));
      const texts = await storedRows(index.tableOf, surfaces, ['doc_id', 'text']);
      fused = dedupeKgSurfaces(
        fused,
        new Map(texts.flatMap((row) => (row ? [[row.doc_id, row.text]] : []))),
      );
    }
    const top = fused
      .slice(0, request.topK)
      .filter(({ item }) => request.hitTypes?.includes(item.doc_type) ?? true);
    const [rows, overrides] = await Promise.all([
      storedRows(
        index.tableOf,
        top.map(({ item }) => item),
      ),
      readJsonOr<LiftOverrides>(`${corpus.root}/cil_lift_overrides.json`, NO_LIFT_OVERRIDES),
    ]);
    const lift = { ...NO_LIFT_OVERRIDES, ...overrides };
    const stored = rows.filter((row) => row !== undefined);
    const episodes = await corpus.episodesByIds(stored.map((row) => row.episode_id));
    // Only the hits that show a graph need their episode's files read.
    const layers = await corpus.layersOf(
      stored.flatMap((row) => {
        const episode = showsLayers(row) ? episodes.get(row.episode_id) : undefined;
        return episode === undefined ? [] : [episode];
      }),
    );
    const hits = top.flatMap(({ score }, i) => {
      const row = rows[i];
      return row ? [toSearchHit(row, score, episodes.get(row.episode_id), layers, lift)] : [];
    });
    const transcriptHits = hits.filter((hit) => hit.doc_type === 'transcript');
    return {
      status: 'ok',
      query_type: queryType,
      embedding_model: meta.embedding_model,
      hits,
      lift_stats: {
        transcript_hits_returned: transcriptHits.length,
        lift_applied: transcriptHits.filter((hit) => hit.lifted).length,
      },
    };
  }

  function currentFingerprints(source: FingerprintSource): Promise<SnapshotFingerprints> {
    const at = now().getTime();
    const known = current.get(source.root);
    if (known?.version === source.version && at - known.at < ttlMs) {
      return known.prints;
    }
    const prints = currentFingerprintsOf(source);
    current.set(source.root, { version: source.version, at, prints });
    prints.catch(() => current.delete(source.root));
    return prints;
  }

  function recordedFingerprints(root: string, meta: IndexMeta): Promise<Fingerprints> {
    const known = recorded.get(root);
    if (known?.stamp === meta.last_updated) {
      return known.prints;
    }
    const prints = readJsonOr<Fingerprints>(indexPathsOf(root).fingerprints, {});
    recorded.set(root, { stamp: meta.last_updated, prints });
    return prints;
  }

  return {
    configuredModel: modelOf(options.embedding),
    configuredProvider: options.embedding.kind,
    search,
    readMeta: (root) => readIndexMeta(indexPathsOf(root).meta),
    isRebuilding: (root) => isLockHeld(indexPathsOf(root).lock),
    rebuild: async (root, force, docTypes, catalog) => {
      if (clustering.has(root)) {
        return { status: 'busy' };
      }
      const start = await startRebuild(
        root,
        options.embedding,
        force,
        now,
        builders,
        docTypes,
        catalog,
      );
      if (start.status === 'started') {
        running.add(start.finished);
        void start.finished.then(() => running.delete(start.finished));
      }
      return start;
    },
    history: async (root) => {
      const text = await readFile(indexPathsOf(root).history, 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as RebuildEvent];
          } catch {
            return [];
          }
        });
    },
    embed: async (texts) => (await getProvider()).embed(texts),
    openIndex,
    currentFingerprints,
    recordedFingerprints,
    rebuildTopicClusters: async (source, request) => {
      const root = source.root;
      // Claimed before the first await, so two concurrent calls cannot both start.
      if (clustering.has(root)) {
        return { status: 'busy' };
      }
      clustering.add(root);
      const refuse = (status: 'busy' | 'no_index') => {
        clustering.delete(root);
        return { status };
      };
      if (await isLockHeld(indexPathsOf(root).lock)) {
        return refuse('busy');
      }
      const index = await openIndex(root);
      const aux = await index?.tableOf('aux');
      if (index === undefined || aux === undefined) {
        return refuse('no_index');
      }
      const model = index.meta.embedding_model;
      const plan: ClusterRebuildPlan = {
        threshold: request.threshold ?? defaultClusterThreshold(model),
        threshold_source: request.threshold === undefined ? 'model' : 'request',
        embedding_model: model,
        force: request.force,
        started_at: now().toISOString(),
      };
      const finished = rebuildTopicClusters(source, aux, plan, now)
        .catch(
          (err: unknown): TopicClustersRebuildOutcome => ({
            outcome: 'failed',
            reason: err instanceof Error ? err.message : String(err),
            ...plan,
            finished_at: now().toISOString(),
            topic_count: null,
            cluster_count: null,
          }),
        )
        .then(async (outcome) => {
          // A record that cannot be written loses only the poll's view: the caller logs the outcome.
          await writeJsonAtomic(indexPathsOf(root).clusterRebuild, outcome).catch(() => {});
          return outcome;
        })
        .finally(() => clustering.delete(root));
      running.add(finished);
      void finished.then(() => running.delete(finished));
      return { status: 'started', plan, finished };
    },
    lastTopicClusterRebuild: async (root) => {
      const recorded = await readJsonOr<unknown>(indexPathsOf(root).clusterRebuild, undefined);
      const parsed = TopicClustersRebuildOutcome.safeParse(recorded);
      return parsed.success ? parsed.data : undefined;
    },
    exclusive: async (root, change) => {
      if (clustering.has(root)) {
        return { status: 'busy' };
      }
      const lock = await acquireRebuildLock(indexPathsOf(root).lock);
      if (lock === undefined) {
        return { status: 'busy' };
      }
      try {
        return { status: 'done', value: await change() };
      } finally {
        await lock.release();
      }
    },
    close: async () => {
      for (const child of builders) {
        child.kill('SIGTERM');
      }
      await Promise.all(running);
    },
  };
}
