import { describe, expect, it } from '@jest/globals';
import { SegmentsContract } from '@podcast/contracts';
import { toSegmentRows } from '../readers/segments.js';
import { segmentsContractOf } from './segments-contract.js';

describe('segmentsContractOf', () => {
  it('wraps sorted rows in version 1 and drops rows with negative times', () => {
    const rows = toSegmentRows([
      { id: 2, start: 4, end: 6, text: 'later', speaker_label: 'Maya' },
      { id: 0, start: -1, end: 1, text: 'before the audio' },
      { id: 1, start: 0, end: 4, text: 'first' },
    ]);
    const contract = segmentsContractOf('show-abc', rows);
    expect(contract).toEqual({
      version: 1,
      episode_slug: 'show-abc',
      segments: [
        { id: 'seg_0001', start: 0, end: 4, text: 'first' },
        { id: 'seg_0002', start: 4, end: 6, text: 'later', speaker: 'Maya' },
      ],
    });
    expect(SegmentsContract.parse(contract)).toEqual(contract);
  });
});
