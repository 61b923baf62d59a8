import { INDEXED_COLUMNS, type IndexedEpisode } from './episode-sync.js';
import type { IndexKysely } from './index-file.js';
import { endOf, FEEDS, FEEDS_END, unitOf } from './key-ranges.js';
import type { FilesTable } from './schema.js';

/*
 * A full ingest reads the files table one unit at a time instead of
 * loading it whole. A unit is a `feeds/<feed>/` folder: run dedup groups
 * no wider, and an episode's layer files sit beside its metadata, so a
 * unit's rows are all its episodes need. Everything outside `feeds/` is
 * one unit ('': never grouped by dedup), as is a file right in `feeds/`.
 */

/** The rows of a unit, a range of the files table's key (the '' unit: the two ranges around `feeds/`). */
export function rowsOfUnit(db: IndexKysely, unit: string): Promise<FilesTable[]> {
  const query = db.selectFrom('files').selectAll();
  if (unit === '') {
    return query
      .where((eb) => eb.or([eb('path', '<', FEEDS), eb('path', '>=', FEEDS_END)]))
      .execute();
  }
  if (!unit.endsWith('/')) {
    return query.where('path', '=', unit).execute();
  }
  return query.where('path', '>=', unit).where('path', '<', endOf(unit)).execute();
}

/** What the index holds of a unit's episodes, by their metadata relpath's unit. */
export function episodesOfUnit(db: IndexKysely, unit: string): Promise<IndexedEpisode[]> {
  const query = db.selectFrom('episodes').select(INDEXED_COLUMNS);
  if (unit === '') {
    return query
      .where((eb) =>
        eb.or([eb('metadata_relpath', '<', FEEDS), eb('metadata_relpath', '>=', FEEDS_END)]),
      )
      .execute();
  }
  if (!unit.endsWith('/')) {
    return query.where('metadata_relpath', '=', unit).execute();
  }
  return query
    .where('metadata_relpath', '>=', unit)
    .where('metadata_relpath', '<', endOf(unit))
    .execute();
}

/** Episodes whose metadata file has no row (a run cut off between the two deletions). */
export function episodesWithoutFile(db: IndexKysely): Promise<IndexedEpisode[]> {
  return db
    .selectFrom('episodes')
    .select(INDEXED_COLUMNS)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('files')
            .select('path')
            .whereRef('files.path', '=', 'episodes.metadata_relpath'),
        ),
      ),
    )
    .execute();
}

/**
 * The `feeds/` units the files table holds, in key order: one query per
 * unit, each skipping past the last unit's range.
 */
export async function feedUnitsInTable(db: IndexKysely): Promise<string[]> {
  const units: string[] = [];
  let after: { key: string; inclusive: boolean } = { key: FEEDS, inclusive: true };
  for (;;) {
    const row = await db
      .selectFrom('files')
      .select('path')
      .where('path', after.inclusive ? '>=' : '>', after.key)
      .where('path', '<', FEEDS_END)
      .orderBy('path')
      .limit(1)
      .executeTakeFirst();
    if (row === undefined) {
      return units;
    }
    const unit = unitOf(row.path);
    units.push(unit);
    after = unit.endsWith('/')
      ? { key: endOf(unit), inclusive: true }
      : { key: unit, inclusive: false };
  }
}
