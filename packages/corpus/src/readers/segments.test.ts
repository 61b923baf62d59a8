import { describe, expect, it } from '@jest/globals';
import { toSegmentRows, transcriptFamilyOf } from './segments.js';

describe('toSegmentRows', () => {
  it('numbers rows from integer ids, else position, sorted by start, dropping non-finite times', () => {
    const rows = toSegmentRows([
      { id: 7, start: 5, end: 6, text: 'later', speaker_label: 'Maya' },
      { start: 1, end: 2, text: 'first', speaker_id: 'SPEAKER_00' },
      { id: 'x', start: 3, end: 4, text: 'middle' },
      { start: null, end: 1, text: 'no start' },
      { start: 'NaN', end: 1, text: 'bad start' },
      'not an object',
    ]);
    expect(rows).toEqual([
      { id: 'seg_0001', start: 1, end: 2, text: 'first', speaker: 'SPEAKER_00' },
      { id: 'seg_0002', start: 3, end: 4, text: 'middle' },
      { id: 'seg_0007', start: 5, end: 6, text: 'later', speaker: 'Maya' },
    ]);
  });

  it('keeps a person id beside the diarization label, and nothing else beside it', () => {
    const rows = toSegmentRows([
      { start: 0, end: 1, text: 'a', speaker_label: 'SPEAKER_00', speaker_id: 'person:maya' },
      { start: 1, end: 2, text: 'b', speaker_label: 'SPEAKER_01', speaker_id: 'SPEAKER_01' },
      { start: 2, end: 3, text: 'c', speaker_id: 'person:maya' },
    ]);
    expect(rows.map(({ speaker, person_id }) => [speaker, person_id])).toEqual([
      ['SPEAKER_00', 'person:maya'],
      ['SPEAKER_01', undefined],
      ['person:maya', undefined],
    ]);
  });

  it('accepts an object wrapping a segments array', () => {
    expect(toSegmentRows({ segments: [{ start: 0, end: 1, text: 'a' }] })).toHaveLength(1);
  });

  it('keeps equal starts in file order', () => {
    const rows = toSegmentRows([
      { start: 1, end: 2, text: 'a' },
      { start: 1, end: 3, text: 'b' },
    ]);
    expect(rows.map((r) => r.text)).toEqual(['a', 'b']);
  });
});

describe('transcriptFamilyOf', () => {
  it.each([['t/ep.txt'], ['t/ep.cleaned.txt'], ['t/ep.adfree.txt'], ['t/ep.segments.json']])(
    'derives the same family from %s',
    (relpath) => {
      expect(transcriptFamilyOf(relpath)).toMatchObject({
        txt: 't/ep.txt',
        cleaned_txt: 't/ep.cleaned.txt',
        segments: 't/ep.segments.json',
        adfree_segments: 't/ep.adfree.segments.json',
      });
    },
  );

  it('is undefined without a transcript', () => {
    expect(transcriptFamilyOf(null)).toBeUndefined();
  });
});
