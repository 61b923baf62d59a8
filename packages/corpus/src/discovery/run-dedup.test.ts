import { describe, expect, it } from '@jest/globals';
import { type DedupCandidate, runTimestampOf, selectDedupWinners } from './run-dedup.js';

const candidate = (
  relpath: string,
  key: string | null,
  mtime = 0,
  feedId = 'f',
): DedupCandidate => ({
  metadata_relpath: relpath,
  feed_id: feedId,
  episode_key: key,
  mtime_ms: mtime,
});

describe('runTimestampOf', () => {
  it.each([
    ['run_20260421-180025_8eb5f9d2', '20260421180025'],
    ['run_20260421-180025', '20260421180025'],
    ['run_20260101_000000', undefined],
    ['run_append_ab12cd34', undefined],
    ['run_my-run-id_x', undefined],
  ])('reads %s as %s', (dir, expected) => {
    expect(runTimestampOf(dir)).toBe(expected);
  });
});

describe('selectDedupWinners', () => {
  it('keeps the episode from the run with the newer folder timestamp', () => {
    const older = 'feeds/a/run_20260101-000000/metadata/e.metadata.json';
    const newer = 'feeds/a/run_20260301-000000/metadata/e.metadata.json';
    const winners = selectDedupWinners([candidate(newer, 'e1', 1), candidate(older, 'e1', 9)]);
    expect([...winners]).toEqual([newer]);
  });

  it('falls back to metadata mtime when a run folder has no timestamp', () => {
    const stamped = 'feeds/a/run_20260301-000000/metadata/e.metadata.json';
    const unstamped = 'feeds/a/run_append_abcd/metadata/e.metadata.json';
    const winners = selectDedupWinners([
      candidate(stamped, 'e1', 5),
      candidate(unstamped, 'e1', 10),
    ]);
    expect([...winners]).toEqual([unstamped]);
  });

  it('keeps episodes with different ids, feeds or feed folders apart', () => {
    const rows = [
      candidate('feeds/a/run_20260101-000000/metadata/1.metadata.json', 'e1'),
      candidate('feeds/a/run_20260301-000000/metadata/2.metadata.json', 'e2'),
      candidate('feeds/a/run_20260301-000000/metadata/3.metadata.json', 'e1', 0, 'other-feed'),
      candidate('feeds/b/run_20260301-000000/metadata/4.metadata.json', 'e1'),
    ];
    expect(selectDedupWinners(rows).size).toBe(4);
  });

  it('keeps files without an id and files outside feeds/<feed>/run_*/metadata', () => {
    const rows = [
      candidate('feeds/a/run_20260101-000000/metadata/1.metadata.json', null),
      candidate('feeds/a/run_20260301-000000/metadata/2.metadata.json', null),
      candidate('feeds/a/metadata/3.metadata.json', 'e1'),
      candidate('metadata/4.metadata.json', 'e1'),
    ];
    expect(selectDedupWinners(rows).size).toBe(4);
  });

  it('breaks a full tie by the greater run folder name', () => {
    const a = 'feeds/a/run_20260101-000000_aaaa/metadata/e.metadata.json';
    const b = 'feeds/a/run_20260101-000000_bbbb/metadata/e.metadata.json';
    expect([...selectDedupWinners([candidate(a, 'e1'), candidate(b, 'e1')])]).toEqual([b]);
  });
});
