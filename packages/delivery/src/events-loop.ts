import { readFile } from 'node:fs/promises';
import type { TerminalEnvelopeStatus } from '@podcast/contracts';
import { type SeamClient, SeamError } from './seam-client.js';
import { reasonOf } from './send-outcome.js';
import { fetchRelayEvents, type RelayOptions } from './senders/relay-sender.js';

/** The relay event types that are delivery feedback, and the status each becomes. */
const FEEDBACK: Readonly<Record<string, TerminalEnvelopeStatus>> = {
  bounce: 'bounced',
  bounced: 'bounced',
  complaint: 'complaint',
  spam_complaint: 'complaint',
};

export interface EventsLoopOptions {
  relay: RelayOptions;
  seam: SeamClient;
  /** Where the cursor is kept between restarts. */
  cursorFile: string;
  writeCursor(file: string, cursor: string): Promise<void>;
  pollMs: number;
  pageSize: number;
  signal: AbortSignal;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  onFeedback?(envelopeId: string, status: TerminalEnvelopeStatus): void;
  onError?(detail: string): void;
}

async function readCursor(file: string): Promise<string | null> {
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { cursor?: unknown };
    return typeof stored.cursor === 'string' ? stored.cursor : null;
  } catch {
    return null;
  }
}

/** Posts one feedback event; an envelope the seam does not know (404) is skipped, not retried. */
async function reportFeedback(
  options: EventsLoopOptions,
  envelopeId: string,
  status: TerminalEnvelopeStatus,
  detail: string,
): Promise<void> {
  try {
    await options.seam.report(envelopeId, status, detail);
    options.onFeedback?.(envelopeId, status);
  } catch (err) {
    if (!(err instanceof SeamError && err.status === 404)) {
      throw err;
    }
  }
}

/**
 * Polls the relay's events after the persisted cursor, posts each bounce
 * or complaint to the seam as bounced or complaint (the seam takes it over
 * `delivered` and switches the consent cell off), and saves the cursor after
 * each page whose events all reached the seam. A page that fails is fetched
 * again from the same cursor, so no event is lost; posting one twice is a
 * no-op on the seam.
 */
export async function runEventsLoop(options: EventsLoopOptions): Promise<void> {
  let cursor = await readCursor(options.cursorFile);
  while (!options.signal.aborted) {
    let wait = options.pollMs;
    try {
      const page = await fetchRelayEvents(options.relay, cursor, options.pageSize);
      for (const event of page.events) {
        const status = FEEDBACK[event.type.toLowerCase()];
        if (status !== undefined && event.envelope_id) {
          await reportFeedback(
            options,
            event.envelope_id,
            status,
            `relay ${event.type} ${event.id}`,
          );
        }
      }
      if (page.next !== null && page.next !== cursor) {
        cursor = page.next;
        await options.writeCursor(options.cursorFile, cursor);
      }
      // A full page means more are waiting: fetch the next one at once.
      wait = page.events.length >= options.pageSize ? 0 : options.pollMs;
    } catch (err) {
      options.onError?.(reasonOf(err));
    }
    await options.sleep(wait, options.signal).catch(() => undefined);
  }
}
