import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { QueryType } from './query-type.js';

/**
 * Appends one privacy-light event (spec 01 Events, spec 04 §1.3): the time
 * and the query_type, never the text. Callers do not await it. Questions
 * to ask are `ask_query` events, which the search activity counts skip.
 */
export async function appendQueryLog(
  file: string,
  queryType: QueryType,
  now: Date,
  eventType: 'search_query' | 'ask_query' = 'search_query',
): Promise<void> {
  const event = {
    ts: now.toISOString(),
    schema: 1,
    event_type: eventType,
    query_type: queryType,
  };
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(event)}\n`);
}
