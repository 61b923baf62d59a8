import type { DeliveryChannel, PushKind } from '@podcast/contracts';
import { mapLimit } from '@podcast/runtime';
import type { Processed } from './process-envelope.js';
import type { SeamClient } from './seam-client.js';
import { reasonOf } from './send-outcome.js';

export interface LoopEvents {
  pulled?(channel: DeliveryChannel, count: number): void;
  reported?(channel: DeliveryChannel, processed: Processed, ms: number): void;
  seamDown?(channel: DeliveryChannel, detail: string, waitMs: number): void;
  reportLost?(channel: DeliveryChannel, id: string, detail: string): void;
  /** An unexpected error while processing one envelope; it stays leased and comes back. */
  crashed?(channel: DeliveryChannel, detail: string): void;
}

export interface ChannelLoopOptions {
  channel: DeliveryChannel;
  /** Push only: the one subscription kind this worker sends; absent when it sends both. */
  pushKind?: PushKind;
  seam: SeamClient;
  process(raw: unknown): Promise<Processed | undefined>;
  /** Envelopes sent at once (and pulled per batch). */
  concurrency: number;
  /** Wait after an empty pull. */
  idleMs: number;
  /** Backoff while the seam is down: doubles from base to max. */
  seamBackoff: { baseMs: number; maxMs: number };
  signal: AbortSignal;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
  events?: LoopEvents;
}

const REPORT_TRIES = 5;

/**
 * Posts a status, retrying while the seam is down. A report that never
 * lands leaves the envelope leased; the seam hands it out again when the
 * lease ends, so it may be sent twice (docs/decisions/delivery.md).
 */
async function report(options: ChannelLoopOptions, processed: Processed): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await options.seam.report(processed.id, processed.result.status, processed.result.detail);
      return true;
    } catch (err) {
      if (attempt >= REPORT_TRIES) {
        options.events?.reportLost?.(options.channel, processed.id, reasonOf(err));
        return false;
      }
      const wait = Math.min(options.seamBackoff.maxMs, options.seamBackoff.baseMs * 2 ** attempt);
      // Reports are finished even while stopping: the send already happened.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(options.random() * wait)));
    }
  }
}

const isAbort = (err: unknown) => (err as { name?: string } | null)?.name === 'AbortError';

/**
 * One channel's loop: pull a batch, send each envelope (bounded
 * concurrency), report its status, repeat; idle when nothing is pending,
 * back off while the seam is down. On abort it pulls no more, lets sends in
 * flight finish and report, and drops envelopes still waiting to retry: they
 * were never delivered, and their lease hands them to the next worker.
 */
export async function runChannelLoop(options: ChannelLoopOptions): Promise<void> {
  const { channel, signal } = options;
  let downFor = 0;
  while (!signal.aborted) {
    let batch: unknown[];
    try {
      batch = await options.seam.pull(channel, options.concurrency, options.pushKind);
      downFor = 0;
    } catch (err) {
      downFor++;
      const ceiling = Math.min(
        options.seamBackoff.maxMs,
        options.seamBackoff.baseMs * 2 ** downFor,
      );
      const wait = Math.floor(ceiling / 2 + (options.random() * ceiling) / 2);
      options.events?.seamDown?.(channel, reasonOf(err), wait);
      await options.sleep(wait, signal).catch(() => undefined);
      continue;
    }
    options.events?.pulled?.(channel, batch.length);
    if (batch.length === 0) {
      await options.sleep(options.idleMs, signal).catch(() => undefined);
      continue;
    }
    await mapLimit(batch, options.concurrency, async (raw) => {
      if (signal.aborted) {
        return;
      }
      const started = performance.now();
      let processed: Processed | undefined;
      try {
        processed = await options.process(raw);
      } catch (err) {
        if (!isAbort(err)) {
          options.events?.crashed?.(channel, reasonOf(err));
        }
        return;
      }
      if (processed !== undefined && (await report(options, processed))) {
        options.events?.reported?.(channel, processed, performance.now() - started);
      }
    });
  }
}
