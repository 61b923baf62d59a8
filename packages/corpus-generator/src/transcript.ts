import type { Person } from './plan-types.js';
import { type Rng, roundTo } from './prng.js';
import type { Script, ScriptLine } from './script.js';
import type { ScriptSentence } from './script-sentences.js';
import { capitalizeFirst } from './text.js';
import { DISFLUENCIES } from './vocabulary/sentences.js';

/** `<base>.segments.json` row (spec 04 §2.2); times in seconds on the original audio. */
export interface Segment {
  id: number;
  start: number;
  end: number;
  text: string;
  speaker_label: string;
  speaker_id: string;
}

/** Where one spoken sentence landed: quote offsets exclude the filler, the segment includes it. */
export interface SpokenSpan {
  lineIndex: number;
  charStart: number;
  charEnd: number;
  segmentIndex: number;
  sentence: ScriptSentence;
  speaker: Person;
}

export interface RenderedTranscript {
  text: string;
  spans: SpokenSpan[];
  segments: Segment[];
  /** First segment index of each line, so ad lines can be cut out again. */
  lineSegments: Array<{ first: number; last: number; charStart: number; charEnd: number }>;
  durationSeconds: number;
}

const WORDS_PER_SECOND = 2.7;

function lineText(speaker: Person, sentences: readonly ScriptSentence[]): string {
  return `${speaker.name}: ${sentences.map((s) => s.filler + s.text).join(' ')}`;
}

interface Layout {
  rng: Rng;
  spans: SpokenSpan[];
  segments: Segment[];
  lineSegments: RenderedTranscript['lineSegments'];
  lines: string[];
  /** Characters written so far. */
  offset: number;
  /** Seconds of audio so far. */
  clock: number;
}

function layoutLine(layout: Layout, line: ScriptLine, lineIndex: number, label: string): void {
  const { rng, spans, segments } = layout;
  let cursor = layout.offset + line.speaker.name.length + 2;
  const first = segments.length;
  for (const sentence of line.sentences) {
    const spoken = sentence.filler + sentence.text;
    const seconds = Math.max(
      0.8,
      (spoken.split(' ').length / WORDS_PER_SECOND) * rng.float(0.9, 1.12, 3),
    );
    const start = roundTo(layout.clock, 2);
    const end = roundTo(layout.clock + seconds, 2);
    const quoteStart = cursor + sentence.filler.length;
    const charEnd = quoteStart + sentence.text.length;
    spans.push({
      lineIndex,
      charStart: quoteStart,
      charEnd,
      segmentIndex: segments.length,
      sentence,
      speaker: line.speaker,
    });
    segments.push({
      id: segments.length,
      start,
      end,
      text: spoken,
      speaker_label: label,
      speaker_id: line.speaker.id,
    });
    cursor += spoken.length + 1;
    layout.clock = end + rng.float(0.15, 0.6, 2);
  }
  const text = lineText(line.speaker, line.sentences);
  layout.lineSegments.push({
    first,
    last: segments.length - 1,
    charStart: layout.offset,
    charEnd: layout.offset + text.length + 1,
  });
  layout.lines.push(text);
  layout.offset += text.length + 1;
  layout.clock += rng.float(0.2, 0.9, 2);
}

/** Lays the script out as `Name: text` lines and times one segment per sentence. */
export function renderTranscript(rng: Rng, script: Script): RenderedTranscript {
  const labels = new Map<string, string>();
  const layout: Layout = {
    rng,
    spans: [],
    segments: [],
    lineSegments: [],
    lines: [],
    offset: 0,
    clock: rng.float(3, 9, 2),
  };
  script.lines.forEach((line, lineIndex) => {
    // Diarization labels in order of first appearance, as pyannote-style pipelines number them.
    const label = labels.get(line.speaker.id) ?? `SPEAKER_${String(labels.size).padStart(2, '0')}`;
    labels.set(line.speaker.id, label);
    layoutLine(layout, line, lineIndex, label);
  });
  const lastEnd = layout.segments.at(-1)?.end ?? 0;
  return {
    text: `${layout.lines.join('\n')}\n`,
    spans: layout.spans,
    segments: layout.segments,
    lineSegments: layout.lineSegments,
    durationSeconds: Math.ceil(lastEnd + rng.float(4, 12, 2)),
  };
}

/** Same lines with "um"/"uh" openers removed; the pipeline's optional `.cleaned.txt`. */
export function renderCleaned(script: Script): string {
  const lines = script.lines.map((line) =>
    lineText(
      line.speaker,
      line.sentences.map((s) =>
        DISFLUENCIES.includes(s.filler) ? { ...s, filler: '', text: capitalizeFirst(s.text) } : s,
      ),
    ),
  );
  return `${lines.join('\n')}\n`;
}
