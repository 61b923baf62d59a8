import { mkdir, rm } from 'node:fs/promises';
import type * as lancedb from '@lancedb/lancedb';
import type { CorpusSnapshot, EpisodeLayers, EpisodeRecord } from '@podcast/corpus';
import type { EmbeddingProvider } from '@podcast/providers';
import { episodeDocuments } from '../documents/episode-documents.js';
import {
  ALL_DOC_TYPES,
  type DocType,
  type IndexDocument,
  type SourceTier,
  TIER_TABLES,
  tierOf,
} from '../documents/index-document.js';
import { readIndexedTranscript } from '../documents/read-transcript.js';
import {
  compareFingerprints,
  currentFingerprintsOf,
  type FingerprintSource,
  type Fingerprints,
  snapshotFingerprintSource,
} from '../store/fingerprints.js';
import {
  INDEX_SCHEMA_VERSION,
  type IndexMeta,
  readIndexMeta,
  writeIndexMeta,
} from '../store/index-meta.js';
import type { IndexPaths } from '../store/index-paths.js';
import { readJsonOr, writeJsonAtomic } from '../store/json-files.js';
import {
  appendRows,
  compactTable,
  deleteScopes,
  type IndexRow,
  loadLanceDb,
  openTable,
  refreshTextIndex,
  refreshVectorIndex,
} from '../store/lance-tables.js';

export interface BuildOutcome {
  full: boolean;
  episodes_embedded: number;
  episodes_removed: number;
  rows_written: number;
  meta: IndexMeta;
}

/**
 * What a build reads: the corpus's indexable episodes, and the layer files
 * (GI, KG) of each batch of them.
 */
export interface BuildSource extends FingerprintSource {
  layersOf(episodes: readonly EpisodeRecord[]): Promise<Pick<EpisodeLayers, 'graphOf' | 'kgOf'>>;
}

/** A build over a loaded snapshot, which holds every episode's layers already. */
export function snapshotBuildSource(snapshot: CorpusSnapshot): BuildSource {
  return { ...snapshotFingerprintSource(snapshot), layersOf: async () => snapshot };
}

const EPISODES_PER_BATCH = 32;
const TIERS = Object.keys(TIER_TABLES) as SourceTier[];

async function embedRows(provider: EmbeddingProvider, docs: IndexDocument[]): Promise<IndexRow[]> {
  const vectors = await provider.embed(docs.map((doc) => doc.text));
  return docs.map((doc, i) => ({ ...doc, vector: Array.from(vectors[i] ?? []) }));
}

async function countsOf(db: lancedb.Connection) {
  const tierCounts: Record<string, number> = {};
  const docTypeCounts: Record<string, number> = {};
  for (const tier of TIERS) {
    const table = await openTable(db, tier);
    tierCounts[tier] = table ? await table.countRows() : 0;
    if (table) {
      const types = await table.query().select(['doc_type']).toArray();
      for (const row of types) {
        docTypeCounts[row.doc_type] = (docTypeCounts[row.doc_type] ?? 0) + 1;
      }
    }
  }
  return { tierCounts, docTypeCounts };
}

const sameTypes = (a: readonly DocType[], b: readonly DocType[]) =>
  a.length === b.length && a.every((type) => b.includes(type));

/**
 * Brings `<corpus>/search/` up to date with the source: only episodes whose
 * files changed (by fingerprint) are re-read and re-embedded, unless `force`,
 * or the provider's model or the doc types differ from the index's, which
 * rebuild everything. `docTypes` omitted keeps the last build's types.
 */
export async function buildIndex(
  source: BuildSource,
  provider: EmbeddingProvider,
  paths: IndexPaths,
  force: boolean,
  docTypes?: readonly DocType[],
): Promise<BuildOutcome> {
  const previous = await readIndexMeta(paths.meta);
  const previousTypes = previous?.doc_types ?? ALL_DOC_TYPES;
  const types = [...new Set(docTypes ?? previousTypes)].sort();
  const full =
    force ||
    previous === undefined ||
    previous.embedding_model !== provider.model ||
    previous.embed_dim !== provider.dimensions ||
    !sameTypes(types, previousTypes);
  if (full) {
    await rm(paths.lanceDir, { recursive: true, force: true });
  }
  await mkdir(paths.lanceDir, { recursive: true });
  const recorded = full ? {} : await readJsonOr<Fingerprints>(paths.fingerprints, {});
  const current = await currentFingerprintsOf(source);
  const diff = compareFingerprints(recorded, current);
  const db = await (await loadLanceDb()).connect(paths.lanceDir);
  // Added scopes too: a build that crashed after appending some rows left
  // them without fingerprints, and they must not be appended twice.
  const stale = [...diff.added, ...diff.changed, ...diff.removed];
  for (const tier of TIERS) {
    const table = await openTable(db, tier);
    if (table && stale.length > 0) {
      await deleteScopes(table, stale);
    }
  }
  const toEmbed = [...diff.added, ...diff.changed];
  let rowsWritten = 0;
  for (let i = 0; i < toEmbed.length; i += EPISODES_PER_BATCH) {
    const docs: IndexDocument[] = [];
    const batch = toEmbed
      .slice(i, i + EPISODES_PER_BATCH)
      .map((scope) => current.get(scope)!.episode);
    const layers = await source.layersOf(batch);
    for (const episode of batch) {
      const transcript = await readIndexedTranscript(source.root, episode);
      const sources = {
        episode,
        graph: layers.graphOf(episode),
        kg: layers.kgOf(episode),
        transcript,
      };
      docs.push(...episodeDocuments(sources).filter((doc) => types.includes(doc.doc_type)));
    }
    const rows = await embedRows(provider, docs);
    for (const tier of TIERS) {
      await appendRows(
        db,
        tier,
        rows.filter((row) => tierOf(row.doc_type) === tier),
      );
    }
    rowsWritten += rows.length;
  }
  for (const tier of TIERS) {
    const table = await openTable(db, tier);
    if (table && stale.length > 0) {
      await compactTable(table);
      await refreshTextIndex(table);
      await refreshVectorIndex(table);
    }
  }
  const { tierCounts, docTypeCounts } = await countsOf(db);
  const fingerprints = Object.fromEntries([...current].map(([scope, v]) => [scope, v.fingerprint]));
  const meta: IndexMeta = {
    schema_version: INDEX_SCHEMA_VERSION,
    embedding_model: provider.model,
    embed_dim: provider.dimensions,
    embedding_provider: provider.kind,
    doc_types: types,
    last_updated: new Date().toISOString(),
    doc_type_counts: docTypeCounts,
    tier_counts: tierCounts,
    feeds_indexed: new Set([...current.values()].map((v) => v.episode.feed_id)).size,
    episodes_indexed: current.size,
    total_vectors: Object.values(tierCounts).reduce((sum, n) => sum + n, 0),
  };
  // Fingerprints before meta: a crash between the two leaves the old meta,
  // and the next build re-embeds nothing it already has.
  await writeJsonAtomic(paths.fingerprints, fingerprints);
  await writeIndexMeta(paths.meta, meta);
  return {
    full,
    episodes_embedded: toEmbed.length,
    episodes_removed: diff.removed.length,
    rows_written: rowsWritten,
    meta,
  };
}
