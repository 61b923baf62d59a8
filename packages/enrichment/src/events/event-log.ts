import { appendFile, mkdir, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { EnrichmentTier } from '@podcast/contracts';
import { realFileInsideRoot } from '@podcast/corpus';

/** Spec 03 "Events": the stable event type strings. */
export const EVENT_TYPES = [
  'enrichment.run.started',
  'enrichment.run.completed',
  'enrichment.run.skipped',
  'enrichment.enricher.started',
  'enrichment.enricher.completed',
  'enrichment.enricher.retry',
  'enrichment.enricher.circuit_opened',
  'enrichment.enricher.auto_disabled',
  'enrichment.enricher.cancelled',
  'enrichment.enricher.stall_warning',
  'enrichment.health.re_enabled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The correlation envelope every event carries (null where it does not apply). */
export interface Correlation {
  run_id: string | null;
  parent_run_id: string | null;
  enricher_id: string | null;
  enricher_version: string | null;
  tier: EnrichmentTier | null;
  attempt: number | null;
  job_id: string | null;
}

export type EnrichmentEvent = Correlation & {
  event_type: EventType;
  ts: string;
  [field: string]: unknown;
};

const EVENT_LOG_FILE = 'enrichments/run.jsonl';

export function eventLogPath(corpusRoot: string): string {
  return join(corpusRoot, EVENT_LOG_FILE);
}

/** Lines longer than this are cut (their large fields dropped) to stay one atomic append. */
const MAX_LINE_BYTES = 4000;

/**
 * Appends one event as one line: a single write on a file opened O_APPEND,
 * under PIPE_BUF-sized lines, so concurrent writers (a run and an operator's
 * re-enable) interleave whole lines only. A reader skips a line it cannot
 * parse (a crash mid-write at the very end).
 */
export async function appendEvent(corpusRoot: string, event: EnrichmentEvent): Promise<void> {
  const path = eventLogPath(corpusRoot);
  await mkdir(dirname(path), { recursive: true });
  let line = `${JSON.stringify(event)}\n`;
  if (Buffer.byteLength(line) > MAX_LINE_BYTES) {
    const slim = Object.fromEntries(
      Object.entries(event).filter(([, v]) => JSON.stringify(v ?? null).length <= 200),
    );
    line = `${JSON.stringify({ ...slim, truncated: true })}\n`;
  }
  await appendFile(path, line, { flag: 'a' });
}

export interface EventFilter {
  enricher_id?: string;
  event_type?: string;
  run_id?: string;
  /** Stop at the first event older than this (ms): the log is appended in time order. */
  sinceMs?: number;
  limit: number;
}

/** Tail chunk read per step when scanning the log backwards. */
const CHUNK = 256 * 1024;

/**
 * The newest `limit` events matching the filter, oldest first, read from
 * the end of the file backwards so a long log costs only what is returned.
 */
export async function readEvents(
  corpusRoot: string,
  filter: EventFilter,
): Promise<EnrichmentEvent[]> {
  // Read only inside the corpus: a log linked out of it reads as empty.
  const file = await realFileInsideRoot(corpusRoot, EVENT_LOG_FILE);
  const handle = file === undefined ? null : await open(file, 'r').catch(() => null);
  if (handle === null) {
    return [];
  }
  try {
    const { size } = await handle.stat();
    const found: EnrichmentEvent[] = [];
    let end = size;
    let carry = Buffer.alloc(0);
    while (end > 0 && found.length < filter.limit) {
      const start = Math.max(0, end - CHUNK);
      const chunk = Buffer.alloc(end - start);
      await handle.read(chunk, 0, chunk.length, start);
      const text = Buffer.concat([chunk, carry]);
      const firstNewline = start === 0 ? -1 : text.indexOf(0x0a);
      carry = firstNewline === -1 ? Buffer.alloc(0) : text.subarray(0, firstNewline);
      const lines = text
        .subarray(firstNewline + 1)
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== '');
      for (const line of lines.reverse()) {
        const event = parseEvent(line);
        if (
          event !== null &&
          filter.sinceMs !== undefined &&
          Date.parse(event.ts) < filter.sinceMs
        ) {
          return found.reverse();
        }
        if (event !== null && matches(event, filter)) {
          found.push(event);
          if (found.length >= filter.limit) {
            break;
          }
        }
      }
      end = start;
    }
    return found.reverse();
  } finally {
    await handle.close();
  }
}

function parseEvent(line: string): EnrichmentEvent | null {
  try {
    const value = JSON.parse(line) as EnrichmentEvent;
    return typeof value === 'object' && value !== null && typeof value.event_type === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

function matches(event: EnrichmentEvent, filter: EventFilter): boolean {
  return (
    (filter.enricher_id === undefined || event.enricher_id === filter.enricher_id) &&
    (filter.event_type === undefined || event.event_type === filter.event_type) &&
    (filter.run_id === undefined || event.run_id === filter.run_id)
  );
}
