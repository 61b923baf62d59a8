import { seconds } from '../transcript/json-transcript.js';
import { shortened, type TimedInsight, type TimeRange } from './timed-insight.js';

/** The namespace's recommendation (15-120 s) and the product's count; titles as aggregators keep them. */
export const SOUNDBITE_RULES = {
  count: 3,
  minSeconds: 15,
  maxSeconds: 120,
  titleChars: 128,
} as const;

/** A `<podcast:soundbite>`: where it starts, how long it is, what it says. */
export interface Soundbite {
  startTime: number;
  duration: number;
  title: string;
}

/**
 * The range of an insight's quotes: from its first quote to the end of the
 * last one that still fits in 120 s (the first one cut there), stretched to
 * 15 s when shorter and kept inside the episode when its length is known.
 */
function rangeOf(quotes: readonly TimeRange[], length: number | null): TimeRange | undefined {
  const { minSeconds, maxSeconds } = SOUNDBITE_RULES;
  const first = quotes[0];
  if (first === undefined || (length !== null && length < minSeconds)) {
    return undefined;
  }
  // A first quote longer than 120 s is cut; later quotes count only when they fit.
  let end = Math.min(first.end, first.start + maxSeconds);
  for (const quote of quotes) {
    if (quote.end - first.start <= maxSeconds) {
      end = Math.max(end, quote.end);
    }
  }
  const span = Math.min(maxSeconds, Math.max(minSeconds, end - first.start));
  const start = length === null ? first.start : Math.max(0, Math.min(first.start, length - span));
  return { start, end: start + span };
}

const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

/**
 * Up to three soundbites from the strongest grounded insights, strongest
 * first: each spans its insight's supporting quotes (15-120 s) and is
 * titled by the insight; one that overlaps a stronger one is skipped.
 */
export function chooseSoundbites(
  insights: readonly TimedInsight[],
  durationS: number | null,
): Soundbite[] {
  const chosen: { range: TimeRange; title: string }[] = [];
  for (const insight of insights) {
    if (chosen.length >= SOUNDBITE_RULES.count || !insight.grounded) {
      continue;
    }
    const range = rangeOf(insight.quotes, durationS !== null && durationS > 0 ? durationS : null);
    if (range !== undefined && chosen.every((bite) => !overlaps(bite.range, range))) {
      chosen.push({ range, title: shortened(insight.text, SOUNDBITE_RULES.titleChars) });
    }
  }
  return chosen.map(({ range, title }) => ({
    startTime: seconds(range.start),
    duration: seconds(range.end - range.start),
    title,
  }));
}
