import type * as lancedb from '@lancedb/lancedb';
import type { IndexDocument, SourceTier } from '../documents/index-document.js';
import { TIER_TABLES } from '../documents/index-document.js';

export type IndexRow = IndexDocument & { vector: number[] };

/**
 * LanceDB, loaded when an index is first opened or built: the module and
 * Arrow under it were a noticeable part of every server start, also where
 * no search index exists.
 */
export function loadLanceDb(): Promise<typeof lancedb> {
  return import('@lancedb/lancedb');
}

/**
 * LanceDB's metadata cache (file footers and schemas): a few MB at 100,000
 * episodes, bounded because its default (1 GB) alone exceeds what an API
 * process should hold.
 */
const METADATA_CACHE_BYTES = 64n << 20n;

/**
 * One LanceDB session for every connection of a process, its index cache
 * bounded to `cacheMb`. Unbounded (6 GB by default) it keeps every IVF
 * partition and posting list a search has read, so the process grows with
 * the variety of questions towards the size of the vector tables.
 */
export async function lanceSession(cacheMb: number): Promise<lancedb.Session> {
  const { Session } = await loadLanceDb();
  return new Session(BigInt(cacheMb) << 20n, METADATA_CACHE_BYTES);
}

/** A SQL string literal for LanceDB filters (single quotes doubled). */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export async function openTable(
  db: lancedb.Connection,
  tier: SourceTier,
): Promise<lancedb.Table | undefined> {
  const names = await db.tableNames();
  return names.includes(TIER_TABLES[tier]) ? db.openTable(TIER_TABLES[tier]) : undefined;
}

/** Removes every row of the given episode scopes (500 per statement to keep filters short). */
export async function deleteScopes(table: lancedb.Table, scopes: readonly string[]): Promise<void> {
  for (let i = 0; i < scopes.length; i += 500) {
    const list = scopes
      .slice(i, i + 500)
      .map(sqlText)
      .join(', ');
    await table.delete(`scope IN (${list})`);
  }
}

/** Appends rows to a tier's table, creating it on first rows. */
export async function appendRows(
  db: lancedb.Connection,
  tier: SourceTier,
  rows: IndexRow[],
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  const table = await openTable(db, tier);
  if (table === undefined) {
    await db.createTable(TIER_TABLES[tier], rows as unknown as Record<string, unknown>[]);
  } else {
    await table.add(rows as unknown as Record<string, unknown>[]);
  }
}

/**
 * Merges the fragments a build appended (one per batch of episodes, hundreds
 * on a large corpus) into few large ones. Every query scans each fragment
 * separately, so this makes queries several times faster
 * (docs/decisions/search.md). Superseded files are kept for LanceDB's default 7
 * days, because an API process may still be reading the previous version.
 */
export async function compactTable(table: lancedb.Table): Promise<void> {
  await table.optimize();
}

async function hasVectorIndex(table: lancedb.Table): Promise<boolean> {
  return (await table.listIndices()).some((index) => index.columns.includes('vector'));
}

/** Below this many rows a flat scan is quick enough and exact; above it the vectors get an index. */
export const VECTOR_INDEX_MIN_ROWS = 50_000;

/**
 * An IVF_FLAT index over `vector` (cosine, the distance the queries use),
 * √rows partitions, for a table of at least VECTOR_INDEX_MIN_ROWS rows: it
 * makes the dense half of a query several times faster for seconds of build
 * time (docs/decisions/search.md). Flat inside
 * each partition, so distances stay exact; only the choice of partitions
 * (LanceDB's default of 20 probed) approximates. Trained once per table (a
 * full build starts from no table): an incremental build's `compactTable`
 * adds its rows to the existing partitions, since retraining a table with
 * deletions is an order of magnitude slower.
 */
export async function refreshVectorIndex(
  table: lancedb.Table,
  minRows = VECTOR_INDEX_MIN_ROWS,
): Promise<void> {
  const rows = await table.countRows();
  if (rows < minRows || (await hasVectorIndex(table))) {
    return;
  }
  const { Index } = await loadLanceDb();
  await table.createIndex('vector', {
    config: Index.ivfFlat({
      numPartitions: Math.round(Math.sqrt(rows)),
      distanceType: 'cosine',
    }),
    replace: true,
  });
}

/**
 * Full-text index over `text`: English stemming and stop words, so "sleeping"
 * finds "sleep" and "the" matches nothing. Rebuilt after every change
 * (LanceDB does not index appended rows until then).
 */
export async function refreshTextIndex(table: lancedb.Table): Promise<void> {
  const { Index } = await loadLanceDb();
  await table.createIndex('text', {
    config: Index.fts({ stem: true, removeStopWords: true, language: 'English' }),
    replace: true,
  });
}
