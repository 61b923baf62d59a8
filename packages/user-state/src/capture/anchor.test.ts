import { describe, expect, it } from '@jest/globals';
import { charAtMs, findQuote, momentAt } from './anchor.js';
import { transcriptTextOf } from './transcript-text.js';

const t = transcriptTextOf([
  { id: 'seg_0000', start: 0, end: 4, text: 'Welcome to the show.', speaker: 'SPEAKER_00' },
  {
    id: 'seg_0001',
    start: 4,
    end: 10,
    text: 'Sleep matters. Naps help a lot.',
    speaker: 'SPEAKER_01',
  },
  { id: 'seg_0002', start: 10, end: 14, text: 'Welcome to the show.', speaker: 'SPEAKER_00' },
  {
    id: 'seg_0003',
    start: 14,
    end: 20,
    text: 'Most people underestimate how much a short afternoon nap restores attention.',
    speaker: 'SPEAKER_01',
  },
]);

describe('findQuote', () => {
  it('finds a verbatim quote with its times and speaker', () => {
    const anchor = findQuote(t, 'Naps help a lot.');
    expect(anchor).toMatchObject({ startMs: 4000, endMs: 10000, speaker: 'SPEAKER_01' });
    expect(t.text.slice(anchor?.charStart, anchor?.charEnd)).toBe('Naps help a lot.');
  });

  it('takes the occurrence nearest the hint when a quote repeats', () => {
    expect(findQuote(t, 'Welcome to the show.', 0)?.startMs).toBe(0);
    expect(findQuote(t, 'Welcome to the show.', charAtMs(t, 12_000))?.startMs).toBe(10_000);
  });

  it('finds a quote whose words changed a little, and not one that changed a lot', () => {
    const near = findQuote(
      t,
      'Most people underestimate how much a short afternoon nap restores focus.',
    );
    expect(near?.startMs).toBe(14_000);
    expect(t.text.slice(near?.charStart, near?.charEnd)).toBe(
      'Most people underestimate how much a short afternoon nap restores attention.',
    );
    expect(findQuote(t, 'Everyone knows coffee beats any kind of nap at noon.')).toBeUndefined();
  });

  it('finds nothing in an empty transcript', () => {
    expect(findQuote(transcriptTextOf([]), 'anything at all')).toBeUndefined();
  });
});

describe('momentAt', () => {
  it('answers the sentence spoken at that time, within a segment of several', () => {
    expect(momentAt(t, 4500)?.quote).toBe('Sleep matters.');
    expect(momentAt(t, 9500)?.quote).toBe('Naps help a lot.');
  });

  it('takes the nearest segment within half a minute, and nothing further away', () => {
    expect(momentAt(t, 25_000)?.quote).toContain('afternoon nap');
    expect(momentAt(t, 90_000)).toBeUndefined();
  });
});
