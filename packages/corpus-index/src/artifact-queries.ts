import { type ArtifactEntry, siblingRelpath } from '@podcast/corpus';
import type { IndexKysely } from './index-file.js';

const LAYER_KINDS = ['gi', 'kg', 'bridge'] as const;

/** The GI, KG and bridge paths beside a metadata file. */
function siblingsOf(metadataRelpath: string): string[] {
  return LAYER_KINDS.map((kind) => siblingRelpath(metadataRelpath, kind));
}

/**
 * GET /api/artifacts from the files table, as the snapshot lists them:
 * every tracked layer file in path order, less those beside a readable
 * metadata file that lost run deduplication, dated by the winning
 * episode beside it, else by the UTC day of the file's mtime.
 */
export async function artifactListFromIndex(db: IndexKysely): Promise<ArtifactEntry[]> {
  const [layers, winners, losers] = await Promise.all([
    db
      .selectFrom('files')
      .select(['path', 'kind', 'size', 'mtime_ms'])
      .where('kind', 'in', LAYER_KINDS)
      .execute(),
    db.selectFrom('episodes').select(['metadata_relpath', 'sort_date']).execute(),
    db
      .selectFrom('files')
      .select('path')
      .where('kind', '=', 'metadata')
      .where('readable', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('episodes')
              .select('id')
              .whereRef('episodes.metadata_relpath', '=', 'files.path'),
          ),
        ),
      )
      .execute(),
  ]);
  const hidden = new Set(losers.flatMap((row) => siblingsOf(row.path)));
  const dates = new Map<string, string | null>();
  for (const episode of winners) {
    for (const sibling of siblingsOf(episode.metadata_relpath)) {
      dates.set(sibling, episode.sort_date === '' ? null : episode.sort_date);
    }
  }
  // JS's order (UTF-16 units), as the snapshot sorts its relpaths.
  const listed = layers.filter((file) => !hidden.has(file.path));
  listed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return listed.map((file) => {
    const mtime = new Date(file.mtime_ms).toISOString();
    return {
      relative_path: file.path,
      kind: file.kind as ArtifactEntry['kind'],
      mtime_utc: mtime,
      publish_date: dates.get(file.path) ?? mtime.slice(0, 10),
      size_bytes: file.size,
    };
  });
}
