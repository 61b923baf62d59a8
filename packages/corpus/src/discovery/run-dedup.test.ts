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

  it.each([
    ['a folder below metadata', 'feeds/a/run_1/metadata/x/e.metadata.json'],
    ['no metadata folder', 'feeds/a/run_1/e.metadata.json'],
    ['a folder named like metadata', 'feeds/a/run_1/metadata2/e.metadata.json'],
    ['a folder named like metadata, shorter', 'feeds/a/run_1/metadat/e.metadata.json'],
    ['a run folder without run_', 'feeds/a/rerun_1/metadata/e.metadata.json'],
    ['a top folder other than feeds', 'feedsx/a/run_1/metadata/e.metadata.json'],
    ['a top folder named feed', 'feed/a/run_1/metadata/e.metadata.json'],
    ['the run folder itself', 'feeds/a/run_1/metadata'],
  ])('keeps every copy in %s, as outside a run', (_label, relpath) => {
    const run = (n: number) => relpath.replace('_1', `_${n}`);
    const winners = selectDedupWinners([candidate(run(1), 'e1'), candidate(run(2), 'e1')]);
    expect([...winners].sort()).toEqual([run(1), run(2)].sort());
  });

  it('groups copies whose feed folder is empty or whose file name is odd, as a split by / did', () => {
    for (const [a, b] of [
      ['feeds//run_1/metadata/e.metadata.json', 'feeds//run_2/metadata/e.metadata.json'],
      ['feeds/a/run_1/metadata/', 'feeds/a/run_2/metadata/'],
    ] as const) {
      expect([...selectDedupWinners([candidate(a, 'e1', 1), candidate(b, 'e1', 2)])]).toEqual([b]);
    }
  });
});
