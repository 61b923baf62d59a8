import { describe, expect, it } from '@jest/globals';
import { originTranscriptsOf, publishedAtOf } from './origin-links.js';

describe('the show links of a metadata file', () => {
  it.each([
    ['a named type', { url: 'https://s.test/a', type: 'Text/VTT' }, 'text/vtt'],
    ['a type from the extension', { url: 'https://s.test/a.srt?x=1' }, 'application/x-subrip'],
    ['a JSON transcript', { url: 'https://s.test/a.json' }, 'application/json'],
    ['a bare URL string', 'https://s.test/a.vtt', 'text/vtt'],
  ])('takes %s', (_case, entry, type) => {
    expect(originTranscriptsOf([entry]).map((link) => link.type)).toEqual([type]);
  });

  it.each([
    ['no URL', { type: 'text/vtt' }],
    ['a relative URL', { url: '/a.vtt' }],
    ['a data URL', { url: 'data:text/vtt,WEBVTT' }],
    ['no type and an unknown extension', { url: 'https://s.test/a.xyz' }],
    ['a type that is not a MIME type', { url: 'https://s.test/a.vtt', type: 'text/vtt; x' }],
    ['a URL past 2,048 characters', { url: `https://s.test/${'a'.repeat(2048)}.vtt` }],
  ])('leaves out an entry with %s', (_case, entry) => {
    expect(originTranscriptsOf([entry])).toEqual([]);
  });

  it('keeps a language that is a language tag only', () => {
    const links = originTranscriptsOf([
      { url: 'https://s.test/a.vtt', language: 'pt-BR' },
      { url: 'https://s.test/b.vtt', language: 'not a tag' },
    ]);
    expect(links).toEqual([
      { url: 'https://s.test/a.vtt', type: 'text/vtt', language: 'pt-BR' },
      { url: 'https://s.test/b.vtt', type: 'text/vtt' },
    ]);
  });
});

describe('publishedAtOf', () => {
  it.each([
    ['2025-08-07T09:15:00Z', '2025-08-07T09:15:00.000Z'],
    ['2025-08-07T09:15:00-05:00', '2025-08-07T14:15:00.000Z'],
    ['2025-08-07T09:15:00', '2025-08-07T09:15:00.000Z'],
    ['2025-08-07 09:15', '2025-08-07T09:15:00.000Z'],
    ['2025-08-07', null],
    ['1970-01-01T00:00:00Z', null],
    ['2025-13-45T99:00:00Z', null],
    [20250807, null],
  ])('reads %s as %s', (value, expected) => {
    expect(publishedAtOf(value)).toBe(expected);
  });
});
