/// <reference types="@podcast/testing/webvtt-parser" />
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { PodcastJsonTranscript } from '@podcast/contracts';
import { WebVTTParser } from 'webvtt-parser';
import type { TranscriptCue } from './cues.js';
import { timecode, wrapWords } from './cues.js';
import { buildJsonTranscript } from './json-transcript.js';
import { buildSrt } from './srt.js';
import { buildWebVtt } from './webvtt.js';

const CUES: TranscriptCue[] = [
  { start: 0.5, end: 4.25, text: 'Welcome to  Q&A <live> --> now.', speaker: 'Ana & <Bo>' },
  { start: 4.25, end: 9, text: 'A second line that is long enough to be wrapped at the width.' },
  { start: 3661.0004, end: 3662, text: 'An hour in 😴', speaker: 'Ana & <Bo>' },
  { start: 9, end: 10, text: '   ' },
  { start: Number.NaN, end: 1, text: 'no time' },
];

describe('timecodes and wrapping', () => {
  it.each([
    [0, '.', '00:00:00.000'],
    [3661.0004, '.', '01:01:01.000'],
    [59.9996, ',', '00:01:00,000'],
    [-1, ',', '00:00:00,000'],
  ] as const)('writes %s s as %s', (seconds, separator, expected) => {
    expect(timecode(seconds, separator)).toBe(expected);
  });

  it('packs words into lines of the width, a longer word alone', () => {
    expect(wrapWords('aa bb cc dddddddddd e', 5)).toEqual(['aa bb', 'cc', 'dddddddddd', 'e']);
  });
});

describe('WebVTT', () => {
  const vtt = buildWebVtt(CUES, 'Generated --> here');
  // The full entity table: the parser's default knows only a few references, written without `;`.
  const entities = createRequire(import.meta.url)('webvtt-parser/html-entities.json');
  const parsed = new WebVTTParser(entities).parse(vtt, 'metadata');

  it('is a WebVTT file the W3C parser reads without an error', () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((cue) => [cue.startTime, cue.endTime])).toEqual([
      [0.5, 4.25],
      [4.25, 9],
      [3661, 3662],
    ]);
  });

  it('names the speaker in a voice span and keeps markup characters as text', () => {
    const [first] = parsed.cues;
    const voice = first?.tree.children[0];
    // The parser hands an annotation on as written: its character references undecoded.
    expect(voice).toMatchObject({ type: 'object', name: 'v', value: 'Ana &amp; &lt;Bo&gt;' });
    expect(voice?.children?.map((node) => node.value).join('')).toBe(
      'Welcome to Q&A <live> --> now.',
    );
  });

  it('wraps long cues at 65 characters and says in a NOTE that it is generated', () => {
    expect(vtt.split('\n').every((line) => line.length <= 80)).toBe(true);
    expect(vtt).toContain('NOTE Generated -> here');
  });
});

describe('SRT', () => {
  const srt = buildSrt(CUES);
  const cards = srt
    .trim()
    .split('\n\n')
    .map((block) => block.split('\n'));

  it('numbers cards from 1 with comma timecodes', () => {
    expect(cards.map((card) => card[0])).toEqual(cards.map((_, i) => String(i + 1)));
    expect(
      cards.every((card) => /^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/.test(card[1] ?? '')),
    ).toBe(true);
  });

  it('keeps the namespace limits: two lines of at most 32 characters a card', () => {
    for (const card of cards) {
      const lines = card.slice(2);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThanOrEqual(2);
      expect(lines.every((line) => line.length <= 32)).toBe(true);
    }
  });

  it('shares a cue time out over its cards and names a speaker where the speaker changes', () => {
    const texts = cards.map((card) => card.slice(2).join(' '));
    expect(texts[0]).toMatch(/^Ana & <Bo>: Welcome/);
    expect(texts.filter((text) => text.startsWith('Ana & <Bo>:'))).toHaveLength(2);
    expect(cards.at(-1)?.[1]).toBe('01:01:01,000 --> 01:01:02,000');
  });
});

describe('JSON transcript', () => {
  it('has the namespace shape, marked generated, with speakers where known', () => {
    const json = buildJsonTranscript(CUES);
    expect(PodcastJsonTranscript.parse(json)).toEqual(json);
    expect(json.segments.map((segment) => segment.speaker)).toEqual([
      'Ana & <Bo>',
      undefined,
      'Ana & <Bo>',
    ]);
    expect(json.segments[2]).toMatchObject({ startTime: 3661, endTime: 3662 });
  });
});
