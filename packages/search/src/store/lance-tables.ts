import * as lancedb from '@lancedb/lancedb';
import type { IndexDocument, SourceTier } from '../documents/index-document.js';
import { TIER_TABLES } from '../documents/index-document.js';

export type IndexRow = IndexDocument & { vector: number[] };

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
 * Full-text index over `text`: English stemming and stop words, so "sleeping"
 * finds "sleep" and "the" matches nothing. Rebuilt after every change
 * (LanceDB does not index appended rows until then).
 */
export async function refreshTextIndex(table: lancedb.Table): Promise<void> {
  await table.createIndex('text', {
    config: lancedb.Index.fts({ stem: true, removeStopWords: true, language: 'English' }),
    replace: true,
  });
}
