import type { PodcastChapter } from '@podcast/contracts';
import { seconds } from '../transcript/json-transcript.js';
import { episodeLength, shortened, type TimedInsight } from './timed-insight.js';

/** The product's bounds: no chapter shorter than a minute, at most about 20 an hour. */
export const CHAPTER_RULES = { minSeconds: 60, perHour: 20, titleChars: 100 } as const;

export interface ChapterInput {
  /** The episode's duration from its metadata, when known. */
  durationS: number | null;
  /** Segment start times, ascending (empty when the transcript has no segments file). */
  segmentStarts: readonly number[];
  /** Shown insights, strongest first. */
  insights: readonly TimedInsight[];
}

interface Anchor {
  at: number;
  /** Position in strength order: 0 is the strongest insight. */
  rank: number;
  topic: string | undefined;
  text: string;
}

/** The start of the segment holding `t` (the latest start at or before it), else `t`. */
function snapToSegment(t: number, starts: readonly number[]): number {
  let low = 0;
  let high = starts.length - 1;
  let found = t;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const start = starts[mid] as number;
    if (start <= t) {
      found = start;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

function anchorsOf(input: ChapterInput): Anchor[] {
  return input.insights
    .flatMap((insight, rank) => {
      const first = insight.quotes[0];
      return first === undefined
        ? []
        : [
            {
              at: snapToSegment(first.start, input.segmentStarts),
              rank,
              topic: insight.topics[0],
              text: insight.text,
            },
          ];
    })
    .sort((a, b) => a.at - b.at || a.rank - b.rank);
}

/** Where the talk turns to another topic: the first anchor, and each whose topic differs. */
function topicTurns(anchors: readonly Anchor[]): Anchor[] {
  return anchors.filter((anchor, i) => i === 0 || anchor.topic !== anchors[i - 1]?.topic);
}

/** Chapter starts after 0: the strongest turns first, each a minute from 0, the end and the others. */
function chosenStarts(turns: readonly Anchor[], length: number): number[] {
  const { minSeconds, perHour } = CHAPTER_RULES;
  const most = Math.max(1, Math.floor((length * perHour) / 3600));
  const chosen: number[] = [];
  for (const turn of [...turns].sort((a, b) => a.rank - b.rank)) {
    if (chosen.length >= most - 1) {
      break;
    }
    const isRoomy =
      turn.at >= minSeconds &&
      length - turn.at >= minSeconds &&
      chosen.every((start) => Math.abs(start - turn.at) >= minSeconds);
    if (isRoomy) {
      chosen.push(turn.at);
    }
  }
  return chosen.sort((a, b) => a - b);
}

const capitalised = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/** A stretch's title: the topic of its strongest insight that has one, else that insight. */
function titleOf(inside: readonly Anchor[]): string {
  const strongest = [...inside].sort((a, b) => a.rank - b.rank);
  const topic = strongest.find((anchor) => anchor.topic !== undefined)?.topic;
  const title = topic ?? strongest[0]?.text ?? 'Introduction';
  return shortened(capitalised(title), CHAPTER_RULES.titleChars);
}

/**
 * Generated chapters: the first at 0, then where the talk turns to another
 * topic (a shown insight's first quote, moved back to the start of its
 * segment), the strongest turns first, no chapter under a minute and at
 * most 20 an hour. Each is titled by the topic of its strongest insight;
 * two neighbours with one title are one chapter. Undefined without any
 * timed insight: there is nothing to title a chapter by.
 */
export function chooseChapters(input: ChapterInput): PodcastChapter[] | undefined {
  const anchors = anchorsOf(input);
  if (anchors.length === 0) {
    return undefined;
  }
  const ends = input.insights.flatMap((insight) => insight.quotes.map((quote) => quote.end));
  const length = episodeLength(input.durationS, [...ends, ...input.segmentStarts]);
  const starts = [0, ...chosenStarts(topicTurns(anchors), length)];
  const chapters: PodcastChapter[] = [];
  starts.forEach((start, i) => {
    const end = starts[i + 1] ?? Number.POSITIVE_INFINITY;
    const title = titleOf(anchors.filter((anchor) => anchor.at >= start && anchor.at < end));
    if (chapters.at(-1)?.title.toLowerCase() !== title.toLowerCase()) {
      chapters.push({ startTime: seconds(start), title });
    }
  });
  return chapters;
}
