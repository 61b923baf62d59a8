import type * as lancedb from '@lancedb/lancedb';
import type { IndexDocument, SourceTier } from '../documents/index-document.js';

/** A stored row as the query path reads it: the document without its vector. */
export type StoredRow = IndexDocument;

export type SearchMode = 'hybrid' | 'lexical' | 'dense';

const COLUMNS = [
  'doc_id',
  'doc_type',
  'scope',
  'text',
  'episode_id',
  'feed_id',
  'publish_date',
  'source_id',
  'char_start',
  'char_end',
  'speakers',
  'grounded',
];

export interface RankedListsRequest {
  text: string;
  vector?: Float32Array;
  tiers: readonly SourceTier[];
  where?: string;
  depth: number;
  mode: SearchMode;
}

/**
 * One BM25 list and one nearest-neighbour list per tier table, best first,
 * ready for rank fusion. A blank-after-stemming query yields no BM25 rows.
 */
export async function rankedLists(
  tableOf: (tier: SourceTier) => Promise<lancedb.Table | undefined>,
  request: RankedListsRequest,
): Promise<StoredRow[][]> {
  const lists: Promise<StoredRow[]>[] = [];
  for (const tier of request.tiers) {
    const table = await tableOf(tier);
    if (table === undefined) {
      continue;
    }
    if (request.mode !== 'dense') {
      let query = table
        .query()
        .fullTextSearch(request.text)
        .select([...COLUMNS, '_score'])
        .limit(request.depth);
      if (request.where) {
        query = query.where(request.where);
      }
      lists.push(query.toArray() as Promise<StoredRow[]>);
    }
    if (request.mode !== 'lexical' && request.vector) {
      let query = table
        .query()
        .nearestTo(Array.from(request.vector))
        .distanceType('cosine')
        .select([...COLUMNS, '_distance'])
        .limit(request.depth);
      if (request.where) {
        query = query.where(request.where);
      }
      lists.push(query.toArray() as Promise<StoredRow[]>);
    }
  }
  return Promise.all(lists);
}
