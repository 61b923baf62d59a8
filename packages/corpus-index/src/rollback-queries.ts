import { type RollbackCorpus, rollbackEpisode } from '@podcast/corpus';
import { countOf, findEpisodesByIds, inCatalogOrder, recordsOf } from './catalog-queries.js';
import { groupOf } from './file-rows.js';
import type { IndexKysely } from './index-file.js';
import { endOf } from './key-ranges.js';

/**
 * The index as a rollback plan reads the catalog: the episodes below the
 * run folders in catalog order, and an episode's copies from its metadata
 * file's run-dedup group in the files table, as the snapshot has them.
 */
export function rollbackCorpusOfIndex(db: IndexKysely, root: string): RollbackCorpus {
  return {
    root,
    async episodesUnder(dirs) {
      if (dirs.length === 0) {
        return [];
      }
      const rows = await inCatalogOrder(
        db
          .selectFrom('episodes')
          .select('record')
          .where((eb) =>
            eb.or(
              dirs.map((dir) =>
                eb.and([
                  eb('metadata_relpath', '>=', `${dir}/`),
                  eb('metadata_relpath', '<', endOf(`${dir}/`)),
                ]),
              ),
            ),
          ),
      ).execute();
      return recordsOf(rows).map(rollbackEpisode);
    },
    async episodeWithCopies(episodeId) {
      const episode = (await findEpisodesByIds(db, [episodeId])).get(episodeId);
      if (episode === undefined) {
        return undefined;
      }
      const own = episode.metadata_relpath;
      const file = await db
        .selectFrom('files')
        .selectAll()
        .where('path', '=', own)
        .executeTakeFirst();
      const mates = file === undefined ? [] : await groupOf(db, file);
      const others = mates.map((mate) => mate.path).filter((path) => path !== own);
      return { episode: rollbackEpisode(episode), copies: [own, ...others.sort()] };
    },
  };
}

/** How many episodes the catalog holds, summed from the feeds' running counts. */
export function catalogEpisodeCount(db: IndexKysely): Promise<number> {
  return countOf(db, {});
}
