/**
 * Cached answers asked often lately, made again in the background once
 * their scope is replaced (a new corpus snapshot), so that the first
 * request after a change finds its answer made instead of making it. An
 * answer becomes hot when one cached entry of it has been served
 * `HOT_HITS` times (`response-cache.ts`), and stays hot for `hotForMs`
 * after that. The app owns one instance (built with its context) and calls
 * `refresh` when a scope is replaced.
 */
export interface HotAnswers {
  /** A cached answer reached `HOT_HITS`: `remake` makes it for the scope current when it runs. */
  remember(key: string, remake: () => Promise<void>): void;
  /**
   * Makes every hot answer again that its current scope lacks, one after
   * another, after the caller's turn of the event loop. A call while a run
   * is going makes the run go over the answers once more when it ends.
   */
  refresh(): Promise<void>;
  /** How many answers are hot now (tests read it). */
  readonly size: number;
}

export interface HotAnswerOptions {
  /** Where a remake that failed is reported (a pino logger fits). */
  logger: { warn(fields: object, message: string): void };
  /** Answers kept, the most recently hot; past it the oldest is forgotten. Default 32. */
  max?: number;
  /** How long an answer stays hot after it last became hot. Default 300,000 (5 minutes). */
  hotForMs?: number;
  now?: () => number;
}

export function createHotAnswers(options: HotAnswerOptions): HotAnswers {
  const max = options.max ?? 32;
  const hotForMs = options.hotForMs ?? 300_000;
  const now = options.now ?? Date.now;
  const hot = new Map<string, { remake: () => Promise<void>; since: number }>();
  let running: Promise<void> | undefined;
  let again = false;

  const remakeAll = async () => {
    const oldest = now() - hotForMs;
    // Most recently hot first: the likeliest to be asked next.
    for (const [key, answer] of [...hot].reverse()) {
      if (answer.since < oldest) {
        hot.delete(key);
        continue;
      }
      try {
        await answer.remake();
      } catch (err) {
        options.logger.warn(
          { answer: key, err: (err as Error).message },
          'hot answer not made again',
        );
      }
    }
  };

  return {
    remember(key, remake) {
      hot.delete(key);
      hot.set(key, { remake, since: now() });
      if (hot.size > max) {
        hot.delete(hot.keys().next().value as string);
      }
    },
    refresh() {
      if (running !== undefined) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await new Promise((resolve) => setImmediate(resolve));
          await remakeAll();
        } while (again);
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    get size() {
      return hot.size;
    },
  };
}
