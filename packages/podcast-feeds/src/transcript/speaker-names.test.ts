import { describe, expect, it } from '@jest/globals';
import { labelPersons, namedCues, type SpeakerSegment } from './speaker-names.js';

const segment = (start: number, speaker?: string, person_id?: string): SpeakerSegment => ({
  start,
  end: start + 5,
  text: `at ${start}`,
  ...(speaker === undefined ? {} : { speaker }),
  ...(person_id === undefined ? {} : { person_id }),
});

describe('who a diarization label is', () => {
  it('is the person most overlapping quotes were spoken by', () => {
    const segments = [
      segment(0, 'SPEAKER_00'),
      segment(5, 'SPEAKER_01'),
      segment(10, 'SPEAKER_01'),
    ];
    const spoken = [
      { start: 6, end: 8, personId: 'person:lu' },
      { start: 11, end: 12, personId: 'person:lu' },
      { start: 12, end: 14, personId: 'person:an' },
    ];
    expect(labelPersons(segments, spoken)).toEqual(new Map([['SPEAKER_01', 'person:lu']]));
  });

  it('is nobody on a tie', () => {
    const segments = [segment(0, 'SPEAKER_00')];
    const spoken = [
      { start: 1, end: 2, personId: 'person:lu' },
      { start: 3, end: 4, personId: 'person:an' },
    ];
    expect(labelPersons(segments, spoken).size).toBe(0);
  });
});

describe('named cues', () => {
  const names: Record<string, string> = { 'person:lu': 'Lu Chen', 'person:an': 'Ana Ruiz' };
  const nameOf = (id: string) => names[id];

  it.each([
    [
      'the person the segment names beside its label',
      segment(0, 'SPEAKER_09', 'person:an'),
      'Ana Ruiz',
    ],
    ['a person id as the speaker', segment(0, 'person:lu'), 'Lu Chen'],
    ['a label the quotes put a person on', segment(20, 'SPEAKER_01'), 'Lu Chen'],
    ['a label nobody can be put on (left unnamed)', segment(40, 'SPEAKER_02'), undefined],
    ['a person without a known name (left unnamed)', segment(0, 'person:zed'), undefined],
    ['no speaker at all', segment(0), undefined],
  ])('names %s', (_case, cue, expected) => {
    const spoken = [{ start: 21, end: 22, personId: 'person:lu' }];
    const others = [segment(20, 'SPEAKER_01'), segment(40, 'SPEAKER_02')];
    const [named] = namedCues([cue, ...others], spoken, nameOf);
    expect(named?.speaker).toBe(expected);
  });
});
