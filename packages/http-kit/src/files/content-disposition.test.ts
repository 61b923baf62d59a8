import { describe, expect, it } from '@jest/globals';
import { contentDisposition } from './content-disposition.js';

describe('contentDisposition', () => {
  it.each([
    ['inline', 'cover.png', 'inline; filename="cover.png"'],
    ['attachment', '0001 - A, B.txt', 'attachment; filename="0001 - A, B.txt"'],
    [
      'attachment',
      'Café "live".txt',
      `attachment; filename="Caf_ _live_.txt"; filename*=UTF-8''Caf%C3%A9%20%22live%22.txt`,
    ],
    ['inline', "it's (1).mp3", 'inline; filename="it\'s (1).mp3"'],
    ['inline', '100%.mp3', `inline; filename="100_.mp3"; filename*=UTF-8''100%25.mp3`],
  ] as const)('writes %s for %p', (kind, name, header) => {
    expect(contentDisposition(kind, name)).toBe(header);
  });
});
