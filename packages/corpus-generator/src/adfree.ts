import { roundTo } from './prng.js';
import type { Script } from './script.js';
import type { RenderedTranscript, Segment } from './transcript.js';

export interface AdfreeSegment extends Segment {
  char_start: number;
  char_end: number;
}

export interface AdMap {
  schema_version: string;
  chars_removed: number;
  excised_ranges: Array<{
    char_start: number;
    char_end: number;
    start: number;
    end: number;
    reason: string;
  }>;
}

export interface AdfreeTranscript {
  text: string;
  segments: AdfreeSegment[];
  admap: AdMap;
}

interface Cut {
  chars: number;
  seconds: number;
}

/** The line's segments moved onto the ad-free timeline and given offsets into the ad-free text. */
function shiftedSegments(
  raw: RenderedTranscript,
  lineIndex: number,
  cut: Cut,
  firstId: number,
): AdfreeSegment[] {
  return raw.spans
    .filter((span) => span.lineIndex === lineIndex)
    .map((span, i) => {
      const segment = raw.segments[span.segmentIndex] as Segment;
      const charStart = span.charStart - span.sentence.filler.length - cut.chars;
      return {
        ...segment,
        id: firstId + i,
        start: roundTo(segment.start - cut.seconds, 2),
        end: roundTo(segment.end - cut.seconds, 2),
        char_start: charStart,
        char_end: charStart + segment.text.length,
      };
    });
}

/**
 * Cuts the sponsor lines out of the raw transcript. Each cut removes the
 * line's characters (with its newline) and its audio, from the line's first
 * segment to the next line's first segment, so later segments move earlier
 * on a shorter timeline and gain char offsets into the ad-free text.
 */
export function renderAdfree(script: Script, raw: RenderedTranscript): AdfreeTranscript {
  const ranges: AdMap['excised_ranges'] = [];
  const segments: AdfreeSegment[] = [];
  const kept: string[] = [];
  const cut: Cut = { chars: 0, seconds: 0 };
  script.lines.forEach((line, lineIndex) => {
    const layout = raw.lineSegments[lineIndex] as RenderedTranscript['lineSegments'][number];
    if (!line.isAd) {
      segments.push(...shiftedSegments(raw, lineIndex, cut, segments.length));
      kept.push(raw.text.slice(layout.charStart, layout.charEnd));
      return;
    }
    const start = raw.segments[layout.first]?.start ?? 0;
    const end = raw.segments[layout.last + 1]?.start ?? raw.segments[layout.last]?.end ?? start;
    ranges.push({
      char_start: layout.charStart,
      char_end: layout.charEnd,
      start,
      end,
      reason: 'sponsor_read',
    });
    cut.chars += layout.charEnd - layout.charStart;
    cut.seconds += end - start;
  });
  return {
    text: kept.join(''),
    segments,
    admap: { schema_version: '1.0', chars_removed: cut.chars, excised_ranges: ranges },
  };
}
