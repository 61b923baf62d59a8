import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import { ArtifactList, HealthResponse, ScheduledJobRow } from './operator.js';

describe('ArtifactList', () => {
  const item = {
    relative_path: 'feeds/p01/run_20260101_000000/metadata/p01_e01.gi.json',
    kind: 'gi',
    mtime_utc: '2026-11-20T08:00:00.123Z',
    publish_date: '2026-03-02',
  };

  it('accepts a listing of the corpus root', () => {
    expect(ArtifactList.parse({ path: '/data/corpus', items: [item] })).toEqual({
      path: '/data/corpus',
      items: [item],
    });
  });

  it.each([
    ['kind', 'context'],
    ['mtime_utc', '2026-11-20 08:00'],
    ['publish_date', null],
  ])('refuses an item whose %s is %j', (field, value) => {
    const listing = { path: '/data/corpus', items: [{ ...item, [field]: value }] };
    expect(issuePaths(ArtifactList.safeParse(listing))).toEqual([`items.0.${field}`]);
  });
});

describe('ScheduledJobRow', () => {
  const row = {
    name: 'nightly_digest',
    cron: '0 6 * * *',
    enabled: true,
    kind: 'digest',
    next_run_at: '2026-11-21T06:00:00Z',
    reason: null,
  };

  it('accepts an enabled row and a disabled one without a next run', () => {
    expect(ScheduledJobRow.safeParse(row).success).toBe(true);
    expect(ScheduledJobRow.safeParse({ ...row, enabled: false, next_run_at: null }).success).toBe(
      true,
    );
  });

  it.each([['nightly digest'], ['x'.repeat(65)], ['']])('refuses the name %j', (name) => {
    expect(issuePaths(ScheduledJobRow.safeParse({ ...row, name }))).toEqual(['name']);
  });
});

describe('HealthResponse', () => {
  it('accepts a bare status and one with capability flags', () => {
    expect(HealthResponse.safeParse({ status: 'ok' }).success).toBe(true);
    const full = {
      status: 'ok',
      version: '0.1.0',
      artifacts_api: true,
      jobs_api: false,
      corpus_digest_api: true,
    };
    expect(HealthResponse.parse(full)).toEqual(full);
  });

  it('refuses a status other than ok and a flag that is not a boolean', () => {
    expect(issuePaths(HealthResponse.safeParse({ status: 'degraded' }))).toEqual(['status']);
    expect(issuePaths(HealthResponse.safeParse({ status: 'ok', search_api: 'yes' }))).toEqual([
      'search_api',
    ]);
  });
});
