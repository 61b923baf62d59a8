import { catalogBound, type SortableEpisode } from '../records/episode-sort.js';

export interface EpisodePage<T> {
  rows: T[];
  /** Sort key of the last row when more matching rows follow, else null. */
  next: SortableEpisode | null;
}

/**
 * One page of catalog-ordered `episodes` after the cursor key: up to `limit`
 * rows that `matches`. The cursor need not name a row that still exists.
 */
export function pageEpisodes<T extends SortableEpisode>(
  episodes: readonly T[],
  matches: (episode: T) => boolean,
  after: SortableEpisode | undefined,
  limit: number,
): EpisodePage<T> {
  const rows: T[] = [];
  const start = after === undefined ? 0 : catalogBound(episodes, after, true);
  for (let i = start; i < episodes.length; i++) {
    const episode = episodes[i] as T;
    if (!matches(episode)) {
      continue;
    }
    if (rows.length === limit) {
      const last = rows[rows.length - 1] as T;
      return {
        rows,
        next: { publish_date: last.publish_date, metadata_relpath: last.metadata_relpath },
      };
    }
    rows.push(episode);
  }
  return { rows, next: null };
}
