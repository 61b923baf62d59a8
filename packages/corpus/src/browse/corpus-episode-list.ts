import type { CorpusEpisodeListItem } from '@podcast/contracts';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';
import { corpusEpisodeRow } from './corpus-episode-row.js';
import { decodeEpisodeCursor, encodeEpisodeCursor } from './episode-cursor.js';
import {
  type EpisodeFilter,
  type EpisodeSearchText,
  episodePredicate,
  episodeSearchText,
} from './episode-filter.js';
import { pageEpisodes } from './episode-page.js';

export interface CorpusEpisodeListRequest {
  filter: EpisodeFilter;
  /** The raw `cursor` query value; malformed ones are a 400 naming `query.cursor`. */
  cursor?: string;
  limit: number;
}

export interface CorpusEpisodePage {
  items: CorpusEpisodeListItem[];
  next_cursor: string | null;
}

// Lower-cased search text per snapshot, filled lazily: only q/topic_q need it,
// and a KG change makes a new snapshot (while the episode record may survive).
const searchTextsOf = perSnapshot(() => new Map<EpisodeRecord, EpisodeSearchText>());

function searchTextReader(snapshot: CorpusSnapshot): (episode: EpisodeRecord) => EpisodeSearchText {
  const texts = searchTextsOf(snapshot);
  return (episode) => {
    let text = texts.get(episode);
    if (text === undefined) {
      const labels = snapshot.kgOf(episode)?.topics.map((topic) => topic.label) ?? [];
      text = episodeSearchText(episode, labels);
      texts.set(episode, text);
    }
    return text;
  };
}

/** One newest-first page of `GET /api/corpus/episodes`. */
export function pageCorpusEpisodes(
  snapshot: CorpusSnapshot,
  request: CorpusEpisodeListRequest,
): CorpusEpisodePage {
  const after = request.cursor === undefined ? undefined : decodeEpisodeCursor(request.cursor);
  const matches = episodePredicate(request.filter, searchTextReader(snapshot));
  const page = pageEpisodes(snapshot.episodes, matches, after, request.limit);
  return {
    items: page.rows.map((episode) => corpusEpisodeRow(snapshot, episode)),
    next_cursor: page.next === null ? null : encodeEpisodeCursor(page.next),
  };
}
