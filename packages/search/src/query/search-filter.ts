import { type SourceTier, TIER_TABLES, tierOf } from '../documents/index-document.js';
import { sqlText } from '../store/lance-tables.js';

/** The filters of GET /api/search (and the scoped consumer searches) in index terms. */
export interface SearchFilter {
  docTypes?: readonly string[];
  feed?: string;
  /** YYYY-MM-DD; undated rows are excluded. */
  since?: string;
  /** A person id (`person:` added when missing). */
  speaker?: string;
  groundedOnly?: boolean;
  episodeIds?: readonly string[];
}

/** The tiers whose tables can hold the requested doc types (all three when unfiltered). */
export function tiersFor(filter: SearchFilter): SourceTier[] {
  const all = Object.keys(TIER_TABLES) as SourceTier[];
  if (!filter.docTypes?.length) {
    return all;
  }
  const wanted = new Set(filter.docTypes.map(tierOf));
  return all.filter((tier) => wanted.has(tier));
}

/** A LanceDB `where` predicate, or undefined when nothing filters. */
export function wherePredicate(filter: SearchFilter): string | undefined {
  const parts: string[] = [];
  if (filter.docTypes?.length) {
    parts.push(`doc_type IN (${filter.docTypes.map(sqlText).join(', ')})`);
  }
  if (filter.feed !== undefined) {
    parts.push(`feed_id = ${sqlText(filter.feed)}`);
  }
  if (filter.since !== undefined) {
    parts.push(`publish_date >= ${sqlText(filter.since)}`);
  }
  if (filter.speaker !== undefined) {
    const id = filter.speaker.includes(':') ? filter.speaker : `person:${filter.speaker}`;
    const escaped = id.replaceAll('%', '\\%').replaceAll('_', '\\_');
    parts.push(`speakers LIKE ${sqlText(`%${escaped}%`)}`);
  }
  if (filter.groundedOnly) {
    parts.push(`(doc_type <> 'insight' OR grounded = true)`);
  }
  if (filter.episodeIds !== undefined) {
    const ids = filter.episodeIds.length > 0 ? filter.episodeIds.map(sqlText).join(', ') : "''";
    parts.push(`episode_id IN (${ids})`);
  }
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}
