import type { CorpusSnapshot, EpisodeRecord, FeedRecord } from '@podcast/corpus';
import type { DbExecutor } from '@podcast/db';
import type { PlaybackWriter } from './playback-writer.js';

/**
 * What every user-state function works on, built per request by the app from
 * its context. `snapshot` is a loader rather than a value so a list can read
 * the corpus and the database at the same time.
 */
/** Which episodes and shows the corpus holds, asked of a corpus index. */
export interface CorpusHoldings {
  /** Which of `slugs` name an episode of the corpus. */
  heldSlugs(slugs: readonly string[]): Promise<ReadonlySet<string>>;
  /** The records of the shows among `feedIds` the corpus holds, by feed id. */
  findFeeds(feedIds: readonly string[]): Promise<ReadonlyMap<string, FeedRecord>>;
  /** The record of the episode `slug` names, undefined when the corpus lacks it. */
  findEpisode(slug: string): Promise<EpisodeRecord | undefined>;
}

export interface UserStateDeps {
  db: DbExecutor;
  snapshot: () => Promise<CorpusSnapshot>;
  /**
   * What the shown-rows rule and the writes' existence checks ask of the
   * corpus, when a corpus index answers them without a snapshot; unset, the
   * snapshot answers (shown-rows.ts, episode-of.ts).
   */
  holdings?: CorpusHoldings;
  now: () => Date;
  /** The process's playback writer (group commit), built once in main.ts. */
  playback: PlaybackWriter;
}
