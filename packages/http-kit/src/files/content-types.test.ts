import { describe, expect, it } from '@jest/globals';
import {
  contentTypeOf,
  dispositionOf,
  isMediaContentType,
  isTextFileName,
  textFileContentType,
} from './content-types.js';

describe('contentTypeOf', () => {
  it.each([
    ['a/b.txt', 'text/plain; charset=utf-8'],
    ['a/b.cleaned.TXT', 'text/plain; charset=utf-8'],
    ['notes.md', 'text/markdown; charset=utf-8'],
    ['subs.vtt', 'text/vtt; charset=utf-8'],
    ['subs.srt', 'application/x-subrip'],
    ['x.gi.json', 'application/json; charset=utf-8'],
    ['cover.png', 'image/png'],
    ['cover.JPG', 'image/jpeg'],
    ['cover.svg', 'image/svg+xml'],
    ['ep.mp3', 'audio/mpeg'],
    ['ep.m4a', 'audio/mp4'],
    ['ep.mp4', 'video/mp4'],
    ['doc.pdf', 'application/pdf'],
    ['archive.tar.gz', 'application/octet-stream'],
    ['page.html', 'application/octet-stream'],
    ['README', 'application/octet-stream'],
  ])('serves %s as %s', (relpath, type) => {
    expect(contentTypeOf(relpath)).toBe(type);
  });
});

describe('text files', () => {
  it.each([
    ['a.txt', true],
    ['a.md', true],
    ['a.vtt', true],
    ['a.srt', true],
    ['a.json', true],
    ['a.yaml', false],
    ['a.mp3', false],
    ['txt', false],
  ])('%s is viewable inline: %p', (relpath, expected) => {
    expect(isTextFileName(relpath)).toBe(expected);
  });

  it('shows SubRip as plain text so the browser displays it', () => {
    expect(textFileContentType('a.srt')).toBe('text/plain; charset=utf-8');
    expect(textFileContentType('a.vtt')).toBe('text/vtt; charset=utf-8');
  });
});

describe('media and disposition', () => {
  it.each([
    ['audio/mpeg', true, 'inline'],
    ['video/mp4', true, 'inline'],
    ['image/png', false, 'inline'],
    ['application/pdf', false, 'attachment'],
    ['application/json; charset=utf-8', false, 'attachment'],
    ['application/octet-stream', false, 'attachment'],
  ])('%s is media: %p, disposition %s', (type, isMedia, disposition) => {
    expect(isMediaContentType(type)).toBe(isMedia);
    expect(dispositionOf(type)).toBe(disposition);
  });
});
