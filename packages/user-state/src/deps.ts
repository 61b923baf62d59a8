import type { CorpusSnapshot } from '@podcast/corpus';
import type { DbExecutor } from '@podcast/db';
import type { PlaybackWriter } from './playback-writer.js';

/**
 * What every user-state function works on, built per request by the app from
 * its context. `snapshot` is a loader rather than a value so a list can read
 * the corpus and the database at the same time.
 */
export interface UserStateDeps {
  db: DbExecutor;
  snapshot: () => Promise<CorpusSnapshot>;
  now: () => Date;
  /** The process's playback writer (group commit), built once in main.ts. */
  playback: PlaybackWriter;
}
