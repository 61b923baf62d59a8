import { createHash } from 'node:crypto';
import type { SegmentRow } from '@podcast/corpus';

/** One segment's place in the transcript text and on the timeline. */
export interface PlacedSegment {
  charStart: number;
  charEnd: number;
  startMs: number;
  endMs: number;
  speaker: string | null;
}

/**
 * The transcript a highlight is anchored in: the episode's segments (the
 * same ones the segments route serves) joined by newlines, with where each
 * segment sits in that text. `hash` tells whether it changed since a
 * highlight was last anchored.
 */
export interface TranscriptText {
  text: string;
  hash: string;
  segments: PlacedSegment[];
}

export function transcriptTextOf(rows: readonly SegmentRow[]): TranscriptText {
  const segments: PlacedSegment[] = [];
  const parts: string[] = [];
  let at = 0;
  for (const row of rows) {
    segments.push({
      charStart: at,
      charEnd: at + row.text.length,
      startMs: Math.round(row.start * 1000),
      endMs: Math.round(row.end * 1000),
      speaker: row.speaker ?? null,
    });
    parts.push(row.text);
    at += row.text.length + 1;
  }
  const text = parts.join('\n');
  return { text, hash: createHash('sha256').update(text).digest('hex'), segments };
}

/** The segment holding a character offset (the last one starting at or before it). */
export function segmentAtChar(t: TranscriptText, char: number): PlacedSegment | undefined {
  let lo = 0;
  let hi = t.segments.length - 1;
  let found: PlacedSegment | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const segment = t.segments[mid] as PlacedSegment;
    if (segment.charStart <= char) {
      found = segment;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** The segment playing at `ms`, else the nearest one within `toleranceMs`. */
export function segmentAtMs(
  t: TranscriptText,
  ms: number,
  toleranceMs: number,
): PlacedSegment | undefined {
  let best: PlacedSegment | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const segment of t.segments) {
    const distance = ms < segment.startMs ? segment.startMs - ms : Math.max(0, ms - segment.endMs);
    if (distance < bestDistance) {
      best = segment;
      bestDistance = distance;
    }
  }
  return bestDistance <= toleranceMs ? best : undefined;
}
