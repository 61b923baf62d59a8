import { retryDelayMs } from '@podcast/corpus';
import type { Logger } from 'pino';

/** What fails: the ingest's transactions, or the lock's heartbeat (a row in the lock file, or a session). */
export type WriteKind = 'ingest' | 'lock';

/** How this process's index writes fare, as the health route shows them. */
export interface WriteHealthStatus {
  /** Failed index writes in a row (ingests and lock beats; 0 after good ones). */
  failures: number;
  /** Why the last index write failed; null after a good one. */
  last_error: string | null;
}

export interface WriteHealth {
  failed(kind: WriteKind, err: Error): void;
  succeeded(kind: WriteKind): void;
  /** Whether a failed ingest's retry is due (always, when none failed). */
  isRetryDue(nowMs: number): boolean;
  hasFailingIngest(): boolean;
  status(): WriteHealthStatus;
}

/**
 * The record of failed index writes (a full disk, a read-only file, a lost
 * connection). Each failure is rolled back, so readers keep the last
 * committed index; a failed ingest is tried again after `baseMs`, doubling
 * to a minute. A run of failures logs one line at its start and then one
 * per retry delay, not one per heartbeat, and one line when writes work again.
 */
export function createWriteHealth(
  logger: Pick<Logger, 'error' | 'info'>,
  where: string,
  baseMs: number,
  now: () => number = Date.now,
): WriteHealth {
  const streaks: Record<WriteKind, number> = { ingest: 0, lock: 0 };
  let lastError: string | null = null;
  let retryAtMs = 0;
  let logged = 0;
  let nextLogAtMs = 0;
  return {
    failed(kind, err) {
      streaks[kind]++;
      lastError = err.message;
      const at = now();
      if (kind === 'ingest') {
        retryAtMs = at + retryDelayMs(streaks.ingest - 1, baseMs);
      }
      if (at >= nextLogAtMs) {
        nextLogAtMs = at + retryDelayMs(logged++, baseMs);
        logger.error(
          { index: where, err: err.message, kind, failures: streaks.ingest + streaks.lock },
          'corpus index not written; serving the last committed index',
        );
      }
    },
    succeeded(kind) {
      if (streaks[kind] === 0) {
        return;
      }
      streaks[kind] = 0;
      if (streaks.ingest + streaks.lock === 0) {
        logger.info({ index: where }, 'corpus index written again');
        lastError = null;
        logged = 0;
        nextLogAtMs = 0;
      }
    },
    isRetryDue: (nowMs) => streaks.ingest === 0 || nowMs >= retryAtMs,
    hasFailingIngest: () => streaks.ingest > 0,
    status: () => ({ failures: streaks.ingest + streaks.lock, last_error: lastError }),
  };
}
