import type { PlaybackPosition } from '@podcast/contracts';
import { type DbExecutor, type PlaybackWrite, playbackKey, putPlaybackMany } from '@podcast/db';

/**
 * Saves playback positions with group commit: writes that arrive while a
 * statement is in flight wait for it and then go together in the next one.
 * A lone write goes at once, so a quiet server adds no delay; under load one
 * statement carries many writes, which costs PostgreSQL and this process a
 * fraction of one round trip each. Built once per process (main.ts).
 */
export interface PlaybackWriter {
  save(write: PlaybackWrite): Promise<PlaybackPosition>;
  /** Writes saved and statements run, for tests and the debug view. */
  stats(): { writes: number; statements: number };
}

interface Pending {
  write: PlaybackWrite;
  resolve: (saved: PlaybackPosition) => void;
  reject: (err: unknown) => void;
}

/** Past this many rows a batch is split: one statement's parameters stay well under 65,535. */
const MAX_BATCH = 500;

export function createPlaybackWriter(db: DbExecutor): PlaybackWriter {
  let queue: Pending[] = [];
  let isFlushing = false;
  let writes = 0;
  let statements = 0;

  const settle = (batch: readonly Pending[], saved: Map<string, PlaybackPosition>) => {
    for (const { write, resolve } of batch) {
      resolve(saved.get(playbackKey(write.userId, write.slug)) as PlaybackPosition);
    }
  };

  const run = async (batch: Pending[]) => {
    statements++;
    try {
      settle(
        batch,
        await putPlaybackMany(
          db,
          batch.map((p) => p.write),
        ),
      );
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // One bad row fails the statement: retry each alone so only its own caller fails.
      await Promise.all(batch.map((pending) => run([pending])));
    }
  };

  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      await run(batch);
    }
    isFlushing = false;
  };

  return {
    save(write) {
      writes++;
      return new Promise((resolve, reject) => {
        queue.push({ write, resolve, reject });
        if (!isFlushing) {
          isFlushing = true;
          void flush();
        }
      });
    },
    stats: () => ({ writes, statements }),
  };
}
