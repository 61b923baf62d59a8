export interface TextChunk {
  text: string;
  char_start: number;
  char_end: number;
}

const WORD = /\S+/g;

/**
 * Windows of `size` whitespace tokens overlapping by `overlap` (spec 04 §5.2:
 * about 256 tokens, 32 overlap), each with its character range in `text`.
 */
export function chunkTranscript(text: string, size = 256, overlap = 32): TextChunk[] {
  const words = [...text.matchAll(WORD)].map((m) => [m.index, m.index + m[0].length] as const);
  const chunks: TextChunk[] = [];
  const step = Math.max(1, size - overlap);
  for (let first = 0; first < words.length; first += step) {
    const last = Math.min(first + size, words.length) - 1;
    const start = words[first]![0];
    const end = words[last]![1];
    chunks.push({ text: text.slice(start, end), char_start: start, char_end: end });
    if (last === words.length - 1) {
      break;
    }
  }
  return chunks;
}

export interface ExcisedRange {
  char_start: number;
  char_end: number;
}

/**
 * An offset in the ad-free text mapped to the raw transcript: every excised
 * range (raw offsets, spec 04 §2.2 admap) that starts at or before the
 * mapped position pushes it right by its length.
 */
export function adfreeToRaw(offset: number, excised: readonly ExcisedRange[]): number {
  let shift = 0;
  for (const range of [...excised].sort((a, b) => a.char_start - b.char_start)) {
    if (range.char_start > offset + shift) {
      break;
    }
    shift += range.char_end - range.char_start;
  }
  return offset + shift;
}
