import type * as lancedb from '@lancedb/lancedb';
import type { IndexDocument, SourceTier } from '../documents/index-document.js';

/** A stored row as the query path reads it: the document without its vector, scope and speakers. */
export type StoredRow = Omit<IndexDocument, 'scope' | 'speakers'>;

export type SearchMode = 'hybrid' | 'lexical' | 'dense';

/** The columns a hit is made of (`toSearchHit`): each one more is a read per row. */
const COLUMNS = [
  'doc_id',
  'doc_type',
  'text',
  'episode_id',
  'feed_id',
  'publish_date',
  'source_id',
  'char_start',
  'char_end',
  'grounded',
];

/** A row of a ranked list: enough to fuse the lists, and where the rest of it is. */
export interface ListedRow {
  doc_id: string;
  doc_type: string;
  tier: SourceTier;
  /** LanceDB's `_rowid` in the table of `tier`, as opened for this query. */
  rowId: bigint;
}

export interface RankedListsRequest {
  text: string;
  vector?: Float32Array;
  tiers: readonly SourceTier[];
  where?: string;
  depth: number;
  mode: SearchMode;
}

type TableOf = (tier: SourceTier) => Promise<lancedb.Table | undefined>;

const listed =
  (tier: SourceTier) => (rows: { doc_id: string; doc_type: string; _rowid: bigint }[]) =>
    rows.map(
      (row): ListedRow => ({ doc_id: row.doc_id, doc_type: row.doc_type, tier, rowId: row._rowid }),
    );

/**
 * One BM25 list and one nearest-neighbour list per tier table, best first,
 * ready for rank fusion. A blank-after-stemming query yields no BM25 rows.
 * The lists carry keys only: reading every column of every listed row cost
 * about as much as the searches, and fusion keeps a fraction of them
 * (`storedRows` reads the rest of those).
 */
export async function rankedLists(
  tableOf: TableOf,
  request: RankedListsRequest,
): Promise<ListedRow[][]> {
  const lists: Promise<ListedRow[]>[] = [];
  for (const tier of request.tiers) {
    const table = await tableOf(tier);
    if (table === undefined) {
      continue;
    }
    if (request.mode !== 'dense') {
      let query = table
        .query()
        .fullTextSearch(request.text)
        .select(['doc_id', 'doc_type'])
        .withRowId()
        .limit(request.depth);
      if (request.where) {
        query = query.where(request.where);
      }
      lists.push(query.toArray().then(listed(tier)));
    }
    if (request.mode !== 'lexical' && request.vector) {
      let query = table
        .query()
        .nearestTo(Array.from(request.vector))
        .distanceType('cosine')
        .select(['doc_id', 'doc_type'])
        .withRowId()
        .limit(request.depth);
      if (request.where) {
        query = query.where(request.where);
      }
      lists.push(query.toArray().then(listed(tier)));
    }
  }
  return Promise.all(lists);
}

/**
 * The stored rows of listed rows, in their order: one read by row id per
 * tier table. The tables are the versions the lists came from, so every
 * row is found; one that is not reads as undefined rather than failing the search.
 */
export async function storedRows(
  tableOf: TableOf,
  rows: readonly ListedRow[],
  columns: readonly string[] = COLUMNS,
): Promise<(StoredRow | undefined)[]> {
  const byTier = new Map<SourceTier, bigint[]>();
  for (const row of rows) {
    byTier.set(row.tier, [...(byTier.get(row.tier) ?? []), row.rowId]);
  }
  const read = new Map<string, StoredRow>();
  await Promise.all(
    [...byTier].map(async ([tier, ids]) => {
      const table = await tableOf(tier);
      const found =
        (await table
          ?.takeRowIds(ids)
          .select([...columns])
          .withRowId()
          .toArray()) ?? [];
      for (const row of found as (StoredRow & { _rowid: bigint })[]) {
        read.set(`${tier}:${row._rowid}`, row);
      }
    }),
  );
  return rows.map((row) => read.get(`${row.tier}:${row.rowId}`));
}
