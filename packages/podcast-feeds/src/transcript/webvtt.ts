import { oneLine, playableCues, type TranscriptCue, timecode, wrapWords } from './cues.js';

/** The line length the namespace recommends for WebVTT shown as captions. */
const VTT_LINE_CHARS = 65;

// Cue text is markup: `&` and `<` start entities and tags, and `-->` must
// never appear in it (escaping `>` covers that).
function cueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A voice span's annotation ends at `>` and may not break a line. */
function voiceName(name: string): string {
  return cueText(oneLine(name));
}

/**
 * A WebVTT file of the cues: one cue per segment, its text wrapped at 65
 * characters, `<v Name>` where the speaker is known (Apple Podcasts and the
 * namespace read speaker names from it). The NOTE says the file is made by
 * this server, not by the show.
 */
export function buildWebVtt(cues: readonly TranscriptCue[], note: string): string {
  const blocks = [`WEBVTT\n\nNOTE ${oneLine(note).replace(/-->/g, '->')}`];
  for (const cue of playableCues(cues)) {
    const lines = wrapWords(cue.text, VTT_LINE_CHARS).map(cueText);
    if (cue.speaker !== undefined && lines.length > 0) {
      lines[0] = `<v ${voiceName(cue.speaker)}>${lines[0]}`;
    }
    blocks.push(`${timecode(cue.start, '.')} --> ${timecode(cue.end, '.')}\n${lines.join('\n')}`);
  }
  return `${blocks.join('\n\n')}\n`;
}
