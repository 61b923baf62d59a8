import type { CorpusPlace, EpisodeFiles, EpisodeRecord, FeedRecord } from '@podcast/corpus';
import type { DbExecutor } from '@podcast/db';
import type { PlaybackWriter } from './playback-writer.js';

/**
 * What user-state asks of the corpus: implemented once over a loaded
 * snapshot (snapshot-holdings.ts) and once over the corpus index (the
 * consumer's context), so each function has one path whichever store answers.
 */
export interface CorpusHoldings {
  /** Which of `slugs` name an episode of the corpus. */
  heldSlugs(slugs: readonly string[]): Promise<ReadonlySet<string>>;
  /** The records of the shows among `feedIds` the corpus holds, by feed id. */
  findFeeds(feedIds: readonly string[]): Promise<ReadonlyMap<string, FeedRecord>>;
  /** The record of the episode `slug` names, undefined when the corpus lacks it. */
  findEpisode(slug: string): Promise<EpisodeRecord | undefined>;
  /** The episodes `slugs` name, in their order, unknown ones left out. */
  findEpisodes(slugs: readonly string[]): Promise<readonly EpisodeRecord[]>;
  /** Every episode of the shows among `feedIds`, in catalog order. */
  episodesOfFeeds(feedIds: readonly string[]): Promise<readonly EpisodeRecord[]>;
  /** The GI, KG and bridge files of `episodes`, read now through the bounded caches. */
  layersOf(episodes: readonly EpisodeRecord[]): Promise<EpisodeFiles>;
  /** The corpus root and its bounded caches, for an episode's transcript read on demand. */
  place(): Promise<CorpusPlace>;
  /** The first episode in catalog order whose GI graph holds the insight, shown or not. */
  episodeOfInsight(insightId: string): Promise<EpisodeRecord | undefined>;
  /**
   * Every show with the URL sync apps name it by (`feedSyncUrlOf`), in the
   * snapshot's feed order; the same array while the corpus is unchanged.
   * Shows are few, and every sync answer looks many of them up.
   */
  feedSyncUrls(): Promise<readonly FeedSyncUrlRow[]>;
  /** The episode each id names as the snapshot's `findEpisodeById` finds it, by id; unknown ids left out. */
  findEpisodesByIds(ids: readonly string[]): Promise<ReadonlyMap<string, EpisodeRecord>>;
  /** The first episode in catalog order whose enclosure URL has each key (`syncUrlKeyOf`), by key. */
  findEpisodesByMediaKeys(keys: readonly string[]): Promise<ReadonlyMap<string, EpisodeRecord>>;
}

/** A show and the URL sync apps name it by; both null when they cannot name it. */
export interface FeedSyncUrlRow {
  feed_id: string;
  url: string | null;
  key: string | null;
}

/** What every user-state function works on, built per request by the app from its context. */
export interface UserStateDeps {
  db: DbExecutor;
  /** The corpus as the shown-rows rule, the writes' existence checks and the reads ask of it. */
  holdings: CorpusHoldings;
  now: () => Date;
  /** The process's playback writer (group commit), built once in main.ts. */
  playback: PlaybackWriter;
}
