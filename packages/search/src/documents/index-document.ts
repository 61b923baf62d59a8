import { SearchDocType } from '@podcast/contracts';

/** Spec 04 §5.2 doc types (the contracts' list); anything else maps to the aux tier. */
export type DocType = SearchDocType;

/** Every doc type, the default of a build. */
export const ALL_DOC_TYPES: readonly DocType[] = SearchDocType.options;

export type SourceTier = 'insight' | 'segment' | 'aux';

/** The three tables of the index, one per tier. */
export const TIER_TABLES: Record<SourceTier, string> = {
  insight: 'insights',
  segment: 'segments',
  aux: 'aux',
};

export function tierOf(docType: string): SourceTier {
  if (docType === 'insight') {
    return 'insight';
  }
  return docType === 'transcript' ? 'segment' : 'aux';
}

/**
 * One indexed row before embedding. Offsets are on the raw transcript (the
 * one GI quote offsets refer to) so a transcript hit lifts to its quote.
 * -1 stands for "none" because the columns are typed integers.
 */
export interface IndexDocument {
  doc_id: string;
  doc_type: DocType;
  /** `<feed scope>__<episode_id>` (spec 04 §5.2); rows of one episode share it. */
  scope: string;
  text: string;
  episode_id: string;
  feed_id: string;
  /** YYYY-MM-DD, '' when undated. */
  publish_date: string;
  source_id: string;
  char_start: number;
  char_end: number;
  /** Space-separated person ids (speaker of a quote, speakers of an insight). */
  speakers: string;
  grounded: boolean;
}

/** Spec 04 §5.2: feed id with characters outside [A-Za-z0-9_-] as "_", cut to 120, then "__" and the episode id. */
export function scopeOf(feedId: string, episodeId: string): string {
  if (feedId === '') {
    return episodeId;
  }
  return `${feedId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120)}__${episodeId}`;
}
