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
