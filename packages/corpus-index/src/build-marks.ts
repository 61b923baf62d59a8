import { inWriteTransaction } from './dialect.js';
import type { IndexKysely } from './index-file.js';
import { UNSYNCED_MARK } from './unsynced-build.js';

/**
 * The index_meta keys of a first build's two passes. The catalog mark is
 * written once every episode's catalog row (its record) and every feed row
 * exist; the built mark once the layers' rows (insights, quotes, speakers,
 * topics) exist too. An index built before the catalog pass existed has
 * only the built mark, which stands for both.
 */
export const CATALOG_MARK = 'catalog_built_at';
export const BUILT_MARK = 'built_at';

/** What readers may serve: nothing, the catalog alone, or everything. */
export type Servable = 'nothing' | 'catalog' | 'all';

/** What readers may serve, from the marks an index holds. */
export function servableOf(marks: ReadonlySet<string>): Servable {
  if (marks.has(BUILT_MARK)) {
    return 'all';
  }
  return marks.has(CATALOG_MARK) ? 'catalog' : 'nothing';
}

/** The marks of `db`'s index_meta, for `servableOf` (and an unsynced build's). */
export async function buildMarksOf(db: IndexKysely): Promise<Set<string>> {
  const rows = await db
    .selectFrom('index_meta')
    .select('key')
    .where('key', 'in', [CATALOG_MARK, BUILT_MARK, UNSYNCED_MARK])
    .execute();
  return new Set(rows.map((row) => row.key));
}

/** Records that a pass has finished, the first time only. */
export async function writeBuildMark(db: IndexKysely, mark: string): Promise<void> {
  await inWriteTransaction(db, (trx) =>
    trx
      .insertInto('index_meta')
      .values({ key: mark, value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute(),
  );
}
