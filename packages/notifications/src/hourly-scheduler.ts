import { type CorpusRegistry, readTopicClusterIndex } from '@podcast/corpus';
import type { DbExecutor } from '@podcast/db';
import { contentEpisodesOf } from './corpus-content.js';
import { runSchedulerTick, type TickResult } from './scheduler.js';

/** The two log levels the scheduler writes (a pino logger fits). */
export interface SchedulerLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const HOUR = 3_600_000;
// Past the top of the hour, so a replica whose clock runs a little behind still lands in it.
const TICK_OFFSET_MS = 30_000;

export interface SchedulerJobDeps {
  db: DbExecutor;
  corpus: CorpusRegistry;
  corpusDir: string;
  logger: SchedulerLogger;
  now: () => Date;
}

/** One tick for `at`: the scheduler over the current corpus snapshot. */
export function tickAt(deps: SchedulerJobDeps, at: Date): Promise<TickResult> {
  const episodes = async () => {
    const snapshot = await deps.corpus.warm(deps.corpusDir);
    return contentEpisodesOf(snapshot, await readTopicClusterIndex(snapshot));
  };
  return runSchedulerTick({ db: deps.db, episodes }, at);
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
