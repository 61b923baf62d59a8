import { ALL_DOC_TYPES } from './documents/index-document.js';
import type { SearchService } from './search-service.js';
import { compareFingerprints, type FingerprintSource } from './store/fingerprints.js';

export interface IndexStats {
  path: string;
  available: boolean;
  rebuild_in_progress: boolean;
  rebuild_last_error: string | null;
  embedding_model: string | null;
  embedding_provider: string | null;
  embedding_dim: number | null;
  vector_index_types: string[] | null;
  configured_embedding_model: string;
  configured_embedding_provider: string;
  doc_type_counts: Record<string, number>;
  tier_counts: Record<string, number>;
  feeds_indexed: number;
  episodes_indexed: number;
  total_vectors: number;
  last_updated: string | null;
  staleness: {
    is_stale: boolean;
    reasons: string[];
    episodes_added: number;
    episodes_changed: number;
    episodes_removed: number;
  };
}

/**
 * Stats of a corpus's index and how far the corpus has moved since the
 * build (spec 04 §5.2 reasons). Staleness compares file fingerprints (a stat
 * of each episode's files, never a read of text), which the service reuses
 * for a few seconds per snapshot so a polling client costs no I/O.
 */
export async function indexStats(
  search: SearchService,
  source: FingerprintSource,
  embeddingModel = search.configuredModel,
): Promise<IndexStats> {
  const root = source.root;
  const [meta, rebuilding, history, current] = await Promise.all([
    search.readMeta(root),
    search.isRebuilding(root),
    search.history(root),
    search.currentFingerprints(source),
  ]);
  const recorded = meta ? await search.recordedFingerprints(root, meta) : {};
  const diff = compareFingerprints(recorded, current);
  const reasons: string[] = [];
  if (meta === undefined && current.size > 0) {
    reasons.push('no_index_but_metadata');
  }
  if (meta && diff.added.length + diff.changed.length + diff.removed.length > 0) {
    reasons.push('artifacts_newer_than_index');
  }
  if (meta && meta.embedding_model !== embeddingModel) {
    reasons.push('embedding_model_mismatch');
  }
  if (meta && meta.embedding_provider !== search.configuredProvider) {
    reasons.push('embedding_provider_mismatch');
  }
  const last = history.at(-1);
  return {
    path: root,
    available: meta !== undefined,
    rebuild_in_progress: rebuilding,
    rebuild_last_error: last?.event === 'rebuild_failed' ? (last.error ?? 'rebuild failed') : null,
    embedding_model: meta?.embedding_model ?? null,
    embedding_provider: meta?.embedding_provider ?? null,
    embedding_dim: meta?.embed_dim ?? null,
    vector_index_types: meta ? [...(meta.doc_types ?? ALL_DOC_TYPES)] : null,
    configured_embedding_model: search.configuredModel,
    configured_embedding_provider: search.configuredProvider,
    doc_type_counts: meta?.doc_type_counts ?? {},
    tier_counts: meta?.tier_counts ?? {},
    feeds_indexed: meta?.feeds_indexed ?? 0,
    episodes_indexed: meta?.episodes_indexed ?? 0,
    total_vectors: meta?.total_vectors ?? 0,
    last_updated: meta?.last_updated ?? null,
    staleness: {
      is_stale: reasons.length > 0,
      reasons,
      episodes_added: meta ? diff.added.length : current.size,
      episodes_changed: meta ? diff.changed.length : 0,
      episodes_removed: meta ? diff.removed.length : 0,
    },
  };
}
