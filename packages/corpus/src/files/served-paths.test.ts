import { describe, expect, it } from '@jest/globals';
import { isHiddenRelpath } from './served-paths.js';

describe('isHiddenRelpath', () => {
  it.each([
    ['feeds/a/run_1/transcripts/ep.txt', false],
    ['feeds/a/run_1/transcripts/ep.cleaned.txt', false],
    ['.podcast_scraper/corpus-art/sha256/ab/cd/x.png', false],
    ['.trash/20260101T000000Z/feeds/a/metadata/x.metadata.json', true],
    ['.app/users/u_1/listen_events.jsonl', true],
    ['.viewer/jobs.jsonl', true],
    ['feeds/.git/config', true],
    ['.env', true],
    ['.podcast_scraper/other/x.png', true],
    ['.podcast_scraper/corpus-art/.hidden.png', true],
  ])('%s is hidden: %p', (relpath, expected) => {
    expect(isHiddenRelpath(relpath)).toBe(expected);
  });
});
