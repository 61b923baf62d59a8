import { type CorpusPlace, type CorpusSnapshot, readTopicClusterIndex } from '@podcast/corpus';
import { type IndexKysely, queryEpisodeContent } from '@podcast/corpus-index';
import type { DbExecutor } from '@podcast/db';
import { type ContentNeed, contentFilterOf } from './content-need.js';
import { contentEpisodeOf, contentEpisodesOf, INSIGHTS_PER_EPISODE } from './corpus-content.js';
import type { ContentEpisode } from './digest-content.js';
import { runSchedulerTick, type TickResult } from './scheduler.js';

/** The two log levels the scheduler writes (a pino logger fits). */
export interface SchedulerLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const HOUR = 3_600_000;
// Past the top of the hour, so a replica whose clock runs a little behind still lands in it.
const TICK_OFFSET_MS = 30_000;

/** The corpus as a tick reads it. */
export interface CorpusContent {
  /**
   * Resolves once the corpus can be read (a corpus index's first build):
   * awaited before the tick's lock is taken, so no transaction stays open
   * through a build.
   */
  ready(): Promise<void>;
  /**
   * The corpus as the planners read it, once per tick and only by the
   * replica that runs it: the episodes `need` names, or every one without it.
   */
  read(need?: ContentNeed): Promise<readonly ContentEpisode[]>;
}

export interface SchedulerJobDeps {
  db: DbExecutor;
  content: CorpusContent;
  logger: SchedulerLogger;
  now: () => Date;
}

/** The content of a loaded snapshot (the projection). */
export function contentOfSnapshot(load: () => Promise<CorpusSnapshot>): CorpusContent {
  return {
    // The load itself waits for a first load, under the lock, as it always did.
    ready: async () => {},
    read: async (need) => {
      const snapshot = await load();
      const clusters = await readTopicClusterIndex(snapshot);
      return contentEpisodesOf(snapshot, clusters, contentFilterOf(need, clusters));
    },
  };
}

/**
 * The content of the corpus index: a few reads of its tables, filtered in
 * SQL, with the topic clusters file read beside them. `db` answers once the
 * index's layers are built.
 */
export function contentOfIndex(db: () => Promise<IndexKysely>, place: CorpusPlace): CorpusContent {
  return {
    ready: async () => {
      await db();
    },
    read: async (need) => {
      const [ready, clusters] = await Promise.all([db(), readTopicClusterIndex(place)]);
      const filter = contentFilterOf(need, clusters);
      const rows = await queryEpisodeContent(ready, INSIGHTS_PER_EPISODE, { filter });
      return rows.map((row) => contentEpisodeOf(row, clusters));
    },
  };
}

/** One tick for `at` over the current corpus. */
export async function tickAt(deps: SchedulerJobDeps, at: Date): Promise<TickResult> {
  await deps.content.ready();
  return runSchedulerTick({ db: deps.db, episodes: deps.content.read }, at);
}

/**
 * Runs a tick shortly after every hour, in process. Every replica runs it;
 * the advisory lock inside the tick lets one of them do the work. Answers
 * the function that stops it (main.ts calls it on SIGTERM). A shorter
 * `everyMs` repeats the hour's tick, which the period-keyed ids make a
 * no-op: it only costs queries (the chaos scenarios use it).
 */
export function startHourlyScheduler(deps: SchedulerJobDeps, everyMs = HOUR): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const offsetMs = Math.min(TICK_OFFSET_MS, everyMs / 10);
  const schedule = () => {
    const now = deps.now().getTime();
    const next = Math.floor(now / everyMs) * everyMs + everyMs + offsetMs;
    timer = setTimeout(run, next - now);
    timer.unref();
  };
  const run = async () => {
    try {
      const result = await tickAt(deps, deps.now());
      deps.logger.info({ tick: result }, 'notification scheduler tick');
    } catch (err) {
      deps.logger.error({ err }, 'notification scheduler tick failed');
    }
    if (!stopped) {
      schedule();
    }
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
