import { describe, expect, it } from '@jest/globals';
import { artRefProblem, THUMBNAIL_DIR, thumbnailRelpath } from './art-ref.js';

const STORE = '.podcast_scraper/corpus-art';

describe('artRefProblem', () => {
  it.each([[`${STORE}/sha256/ab/cd/abcd.png`], [`${STORE}/p01.svg`], [`${STORE}/x/cover.JPEG`]])(
    'accepts %s',
    (ref) => {
      expect(artRefProblem(ref)).toBeUndefined();
    },
  );

  it.each([
    ['', 'empty'],
    [`${STORE}/../secret.png`, '..'],
    [`${STORE}/./p01.png`, '"."'],
    [`/${STORE}/p01.png`, 'relative'],
    ['/etc/passwd', 'relative'],
    [`${STORE}\\p01.png`, 'forward slashes'],
    [`${STORE}/p01.png\0`, 'NUL'],
    ['feeds/a/cover.png', 'art store'],
    ['.podcast_scraper/corpus-artx/p.png', 'art store'],
    [`${STORE}/`, 'art store'],
    [`${STORE}/derived/thumb/abc.webp`, 'derived'],
    [`${STORE}/notes.txt`, 'image'],
    [`${STORE}/%2e%2e/x.png`, undefined],
  ])('judges %p (%s)', (ref, reason) => {
    const problem = artRefProblem(ref);
    if (reason === undefined) {
      // Taken literally: `%2e%2e` is a strange file name, not a parent step.
      expect(problem).toBeUndefined();
    } else {
      expect(problem).toContain(reason);
    }
  });
});

describe('thumbnailRelpath', () => {
  const source = { size: 100, mtimeMs: 1_700_000_000_000 };

  it('puts thumbnails in the derived cache as WebP', () => {
    expect(thumbnailRelpath(`${STORE}/p01.png`, source)).toMatch(
      new RegExp(`^${THUMBNAIL_DIR}/[0-9a-f]{64}\\.webp$`),
    );
  });

  it('is stable for one version of an original and changes with the original', () => {
    const ref = `${STORE}/p01.png`;
    expect(thumbnailRelpath(ref, source)).toBe(thumbnailRelpath(ref, { ...source }));
    expect(thumbnailRelpath(ref, { ...source, size: 101 })).not.toBe(thumbnailRelpath(ref, source));
    expect(thumbnailRelpath(ref, { ...source, mtimeMs: 1 })).not.toBe(
      thumbnailRelpath(ref, source),
    );
    expect(thumbnailRelpath(`${STORE}/p02.png`, source)).not.toBe(thumbnailRelpath(ref, source));
  });
});
