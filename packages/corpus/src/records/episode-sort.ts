/** The fields the catalog order looks at. */
export interface SortableEpisode {
  publish_date: string | null;
  metadata_relpath: string;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Catalog order (spec 04 §3): newest publish date first; ties and undated
 * rows by metadata relpath ascending; undated rows last.
 */
export function compareEpisodes(a: SortableEpisode, b: SortableEpisode): number {
  if (a.publish_date !== b.publish_date) {
    if (a.publish_date === null) {
      return 1;
    }
    if (b.publish_date === null) {
      return -1;
    }
    return compareText(b.publish_date, a.publish_date);
  }
  return compareText(a.metadata_relpath, b.metadata_relpath);
}

/**
 * The first place in catalog-ordered `items` whose sort key (`keyOf`) sorts
 * after `key`, or with `strictly` false the first whose key does not sort
 * before it: where `key` is, or would go.
 */
export function catalogBound<T>(
  items: readonly T[],
  key: SortableEpisode,
  strictly: boolean,
  keyOf: (item: T) => SortableEpisode = (item) => item as SortableEpisode,
): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const order = compareEpisodes(keyOf(items[mid] as T), key);
    if (order < 0 || (strictly && order === 0)) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return low;
}
