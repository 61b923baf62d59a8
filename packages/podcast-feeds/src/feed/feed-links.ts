/** The namespace's formats of a transcript, as served under /api/app/episodes/{slug}/. */
export type TranscriptFormat = 'vtt' | 'srt' | 'json';

export const TRANSCRIPT_TYPES: Readonly<Record<TranscriptFormat, string>> = {
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  json: 'application/json',
};

/** The media type the JSON chapters format asks to be served with. */
export const CHAPTERS_TYPE = 'application/json+chapters';

/** Where a feed's items point for this server's files. */
export interface FeedLinks {
  transcript(slug: string, format: TranscriptFormat): string;
  chapters(slug: string): string;
}

/**
 * Absolute links under `origin`. A feed fetched with a feed token hands the
 * token on in every link, so an app that fetches the files from the URLs
 * alone (no header, no cookie) is let in as it was for the feed.
 */
export function feedLinks(origin: string, token?: string): FeedLinks {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  const episode = (slug: string) => `${origin}/api/app/episodes/${encodeURIComponent(slug)}`;
  return {
    transcript: (slug, format) => `${episode(slug)}/transcript.${format}${query}`,
    chapters: (slug) => `${episode(slug)}/chapters.json${query}`,
  };
}
