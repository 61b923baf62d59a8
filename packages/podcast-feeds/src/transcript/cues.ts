/** One timed line of a transcript as the three formats write it; times in seconds. */
export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
  /** Who speaks, when the corpus knows the name. */
  speaker?: string;
}

/** Collapses runs of whitespace (line breaks included): a cue's text is one paragraph. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Words packed into lines of at most `width` characters (a longer word
 * stands alone on its line).
 */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of oneLine(text).split(' ')) {
    if (word === '') {
      continue;
    }
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') {
    lines.push(line);
  }
  return lines;
}

/** `HH:MM:SS` and milliseconds joined by `separator` (`.` for WebVTT, `,` for SRT). */
export function timecode(seconds: number, separator: '.' | ','): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/**
 * Cues a player can use: empty texts and non-finite or negative times
 * left out, an end before its start raised to the start, ordered by start.
 */
export function playableCues(cues: readonly TranscriptCue[]): TranscriptCue[] {
  return cues
    .filter((cue) => Number.isFinite(cue.start) && Number.isFinite(cue.end) && cue.start >= 0)
    .map((cue) => ({ ...cue, text: oneLine(cue.text), end: Math.max(cue.end, cue.start) }))
    .filter((cue) => cue.text !== '')
    .sort((a, b) => a.start - b.start);
}
