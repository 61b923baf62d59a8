import { readFile } from 'node:fs/promises';
import type { ProviderKind } from '@podcast/providers';
import type { DocType } from '../documents/index-document.js';
import { writeJsonAtomic } from './json-files.js';

/** Rows of the current layout carry char offsets and scopes; older indexes are treated as absent. */
export const INDEX_SCHEMA_VERSION = 3;

/** `index_meta.json` (spec 04 §5.1) plus what our stats report. */
export interface IndexMeta {
  schema_version: number;
  embedding_model: string;
  embed_dim: number;
  embedding_provider: ProviderKind;
  /** The doc types built (`vector_index_types`), sorted; absent in older builds, which hold all. */
  doc_types?: DocType[];
  /** ISO time the last build finished. */
  last_updated: string;
  doc_type_counts: Record<string, number>;
  tier_counts: Record<string, number>;
  feeds_indexed: number;
  episodes_indexed: number;
  total_vectors: number;
}

/** The meta of a usable index; undefined when missing, unreadable or of an older layout. */
export async function readIndexMeta(file: string): Promise<IndexMeta | undefined> {
  try {
    const meta = JSON.parse(await readFile(file, 'utf8')) as Partial<IndexMeta>;
    if ((meta.schema_version ?? 1) < INDEX_SCHEMA_VERSION || !meta.embedding_model) {
      return undefined;
    }
    return meta as IndexMeta;
  } catch {
    return undefined;
  }
}

export function writeIndexMeta(file: string, meta: IndexMeta): Promise<void> {
  return writeJsonAtomic(file, meta);
}
