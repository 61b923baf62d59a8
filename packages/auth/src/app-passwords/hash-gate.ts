import { TooManyRequests } from '@podcast/contracts';
import { APP_PASSWORD_COST, type ScryptCost } from './password-hash.js';

/**
 * At most `concurrency` password hashes at once, the rest waiting in a
 * bounded line: scrypt runs on libuv's thread pool (4 threads, shared with
 * file reads and compression), so without a gate a burst of sign-ins would
 * take every core and that pool. Past `maxWaiting` a caller is told to come
 * back (429) rather than held.
 */
export interface HashGateStats {
  /** How many may run at once. */
  concurrency: number;
  running: number;
  waiting: number;
  /** Hashes run since start. */
  completed: number;
  /** The most that ever ran at once. */
  peak: number;
}

export class HashGate {
  /** The scrypt cost of the hashes this gate's callers make and the unmatchable one. */
  readonly cost: ScryptCost;
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #waiting: (() => void)[] = [];
  #running = 0;
  #completed = 0;
  #peak = 0;

  constructor(options: { concurrency: number; maxWaiting: number; cost?: ScryptCost }) {
    if (!(options.concurrency >= 1) || !(options.maxWaiting >= 0)) {
      throw new RangeError('a hash gate needs a concurrency of at least 1');
    }
    this.#concurrency = options.concurrency;
    this.#maxWaiting = options.maxWaiting;
    this.cost = options.cost ?? APP_PASSWORD_COST;
  }

  /** Runs `work` when a slot is free; TooManyRequests when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running < this.#concurrency) {
      this.#running += 1;
    } else if (this.#waiting.length < this.#maxWaiting) {
      // The slot is handed over by the finishing run, so `running` stays counted.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      throw new TooManyRequests(1, 'too many sign-ins are being checked; retry shortly');
    }
    this.#peak = Math.max(this.#peak, this.#running);
    try {
      return await work();
    } finally {
      this.#completed += 1;
      const next = this.#waiting.shift();
      if (next === undefined) {
        this.#running -= 1;
      } else {
        next();
      }
    }
  }

  stats(): HashGateStats {
    return {
      concurrency: this.#concurrency,
      running: this.#running,
      waiting: this.#waiting.length,
      completed: this.#completed,
      peak: this.#peak,
    };
  }
}
