import { describe, expect, it } from '@jest/globals';
import { adfreeToRaw, chunkTranscript } from './transcript-chunks.js';

describe('transcript chunks', () => {
  it('keeps each chunk equal to the slice its offsets name, overlapping', () => {
    const text = 'a bb ccc dddd eeeee ffffff g';
    const chunks = chunkTranscript(text, 3, 1);
    expect(chunks.map((c) => c.text)).toEqual(['a bb ccc', 'ccc dddd eeeee', 'eeeee ffffff g']);
    for (const chunk of chunks) {
      expect(text.slice(chunk.char_start, chunk.char_end)).toBe(chunk.text);
    }
  });

  it('gives nothing for blank text and one chunk for short text', () => {
    expect(chunkTranscript('  \n ')).toEqual([]);
    expect(chunkTranscript(' one two ')).toEqual([{ text: 'one two', char_start: 1, char_end: 8 }]);
  });

  it('maps ad-free offsets back over every excised range before them', () => {
    const raw = 'AAAA[ad1]BBBB[ad22]CCCC';
    const adfree = 'AAAABBBBCCCC';
    const excised = [
      { char_start: 13, char_end: 19 },
      { char_start: 4, char_end: 9 },
    ];
    for (const offset of [0, 3, 4, 7, 8, 11]) {
      expect(raw[adfreeToRaw(offset, excised)]).toBe(adfree[offset]);
    }
  });
});
