import { DAY_MS, isoSeconds, startOfDay } from './clock.js';
import { createRng, deriveSeed } from './prng.js';

/** Weighted like a real log: mostly semantic questions, a few of each special kind (spec 04 §5.3). */
const QUERY_TYPES: readonly string[] = [
  'semantic',
  'semantic',
  'semantic',
  'semantic',
  'semantic',
  'entity_lookup',
  'entity_lookup',
  'raw_evidence',
  'temporal_tracking',
  'cross_show_synthesis',
];

/** `search/query_log.jsonl`: three weeks of search events ending the day before `endMs`. */
export function buildQueryLog(seed: number, endMs: number, days = 21): string {
  const rng = createRng(deriveSeed(seed, 'query-log'));
  const lastDay = startOfDay(endMs) - DAY_MS;
  const lines: string[] = [];
  for (let d = days - 1; d >= 0; d--) {
    const day = lastDay - d * DAY_MS;
    const times = Array.from(
      { length: rng.int(0, 9) },
      () => day + rng.int(7 * 3600, 23 * 3600) * 1000,
    ).sort((a, b) => a - b);
    for (const ts of times) {
      lines.push(
        JSON.stringify({
          ts: isoSeconds(ts),
          schema: 1,
          event_type: 'search_query',
          query_type: rng.pick(QUERY_TYPES),
        }),
      );
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
