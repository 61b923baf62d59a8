import { playableCues, type TranscriptCue, timecode, wrapWords } from './cues.js';

/** The namespace's SRT rules for podcasts: at most two lines of 32 characters per card. */
const SRT_LINE_CHARS = 32;
const SRT_LINES = 2;

interface Card {
  start: number;
  end: number;
  lines: string[];
}

/**
 * A cue's text in cards of two 32-character lines, the cue's time shared
 * out by characters; the first card of a new speaker starts with the name.
 */
function cardsOf(cue: TranscriptCue, isNewSpeaker: boolean): Card[] {
  const text = isNewSpeaker && cue.speaker !== undefined ? `${cue.speaker}: ${cue.text}` : cue.text;
  const lines = wrapWords(text, SRT_LINE_CHARS);
  const total = lines.reduce((sum, line) => sum + line.length, 0);
  const cards: Card[] = [];
  let done = 0;
  for (let at = 0; at < lines.length; at += SRT_LINES) {
    const group = lines.slice(at, at + SRT_LINES);
    const size = group.reduce((sum, line) => sum + line.length, 0);
    const start = cue.start + ((cue.end - cue.start) * done) / total;
    done += size;
    cards.push({ start, end: cue.start + ((cue.end - cue.start) * done) / total, lines: group });
  }
  return cards;
}

/**
 * An SRT file of the cues: numbered cards, `HH:MM:SS,mmm` times, the
 * speaker's name and a colon where the speaker changes. SRT has no comment
 * syntax, so nothing in the file can say it was generated.
 */
export function buildSrt(cues: readonly TranscriptCue[]): string {
  const blocks: string[] = [];
  let previous: string | undefined;
  for (const cue of playableCues(cues)) {
    for (const card of cardsOf(cue, cue.speaker !== previous)) {
      const times = `${timecode(card.start, ',')} --> ${timecode(card.end, ',')}`;
      blocks.push(`${blocks.length + 1}\n${times}\n${card.lines.join('\n')}`);
    }
    previous = cue.speaker;
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}
