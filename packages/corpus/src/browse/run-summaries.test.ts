import { describe, expect, it } from '@jest/globals';
import { newestRunFiles, runSummaryRow, sortRunSummaries } from './run-summaries.js';

const MTIME = Date.parse('2026-11-12T11:40:00Z');

describe('runSummaryRow', () => {
  it('keeps run_id, created_at, the feed folder and the compact metrics', () => {
    const row = runSummaryRow(
      { relpath: 'feeds/rss_show_1234abcd/run_20261112-113338_486404c3/run.json', mtimeMs: MTIME },
      {
        run_id: '20261112-113338_486404c3',
        created_at: '2026-11-12T11:33:38Z',
        metrics: {
          run_duration_seconds: 226,
          episodes_scraped_total: 4,
          errors_total: 0,
          cost_usd: '0.5',
          extra: 1,
        },
      },
    );
    expect(row).toEqual({
      relative_path: 'feeds/rss_show_1234abcd/run_20261112-113338_486404c3/run.json',
      run_id: '20261112-113338_486404c3',
      feed_id: 'rss_show_1234abcd',
      created_at: '2026-11-12T11:33:38Z',
      mtime_utc: '2026-11-12T11:40:00.000Z',
      run_duration_seconds: 226,
      episodes_scraped_total: 4,
      episodes_skipped_total: null,
      errors_total: 0,
      gi_artifacts_written: null,
      kg_artifacts_written: null,
      cost_usd: 0.5,
    });
  });

  it.each([
    ['a flat-layout run.json', 'run.json', null, null],
    [
      'a run folder without run_id',
      'feeds/p01/run_20260101_000000/run.json',
      'p01',
      '20260101_000000',
    ],
    ['a feed folder without runs', 'feeds/p01/run.json', 'p01', null],
  ])('derives feed_id and run_id for %s', (_name, relpath, feedId, runId) => {
    const row = runSummaryRow({ relpath, mtimeMs: MTIME }, {});
    expect(row?.feed_id).toBe(feedId);
    expect(row?.run_id).toBe(runId);
  });

  it.each([[null], [[1, 2]], ['text']])('skips a run.json whose top level is %j', (parsed) => {
    expect(runSummaryRow({ relpath: 'run.json', mtimeMs: MTIME }, parsed)).toBeUndefined();
  });
});

describe('newestRunFiles and sortRunSummaries', () => {
  it('keeps the newest files by mtime up to the cap', () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ relpath: `r${i}/run.json`, mtimeMs: i }));
    expect(newestRunFiles(files, 3).map((f) => f.relpath)).toEqual([
      'r4/run.json',
      'r3/run.json',
      'r2/run.json',
    ]);
  });

  it('orders by created_at descending with unreadable dates last', () => {
    const row = (relpath: string, created_at: string | null) =>
      runSummaryRow({ relpath, mtimeMs: MTIME }, { created_at }) as NonNullable<
        ReturnType<typeof runSummaryRow>
      >;
    const sorted = sortRunSummaries([
      row('a/run.json', null),
      row('b/run.json', '2026-01-01T00:00:00Z'),
      row('c/run.json', 'soon'),
      row('d/run.json', '2026-06-01T00:00:00+02:00'),
    ]);
    expect(sorted.map((r) => r.relative_path)).toEqual([
      'd/run.json',
      'b/run.json',
      'a/run.json',
      'c/run.json',
    ]);
  });
});
