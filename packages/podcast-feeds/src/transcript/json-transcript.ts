import type { PodcastJsonTranscript } from '@podcast/contracts';
import { playableCues, type TranscriptCue } from './cues.js';

/** Seconds as the JSON formats write them: milliseconds, no float noise. */
export function seconds(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The namespace's JSON transcript (version 1.0.0), one segment per cue, marked generated. */
export function buildJsonTranscript(cues: readonly TranscriptCue[]): PodcastJsonTranscript {
  return {
    version: '1.0.0',
    generated: true,
    segments: playableCues(cues).map((cue) => ({
      ...(cue.speaker === undefined ? {} : { speaker: cue.speaker }),
      startTime: seconds(cue.start),
      endTime: seconds(cue.end),
      body: cue.text,
    })),
  };
}
