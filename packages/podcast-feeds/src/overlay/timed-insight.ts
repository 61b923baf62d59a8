/** A stretch of the episode in seconds. */
export interface TimeRange {
  start: number;
  end: number;
}

/**
 * An insight as the overlays use it: the corpus reader's projection,
 * strongest first, with the time ranges of its supporting quotes.
 */
export interface TimedInsight {
  id: string;
  text: string;
  grounded: boolean;
  /** Display labels of the topics it is ABOUT, in edge order. */
  topics: readonly string[];
  /** Its supporting quotes' times, ordered by start; empty without timed quotes. */
  quotes: readonly TimeRange[];
}

/** `text` cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function shortened(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) {
    return clean;
  }
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The episode's length: its metadata's, else the end of the last thing known to be in it. */
export function episodeLength(
  durationS: number | null | undefined,
  ends: readonly number[],
): number {
  if (durationS !== null && durationS !== undefined && durationS > 0) {
    return durationS;
  }
  return ends.reduce((max, end) => Math.max(max, end), 0);
}
