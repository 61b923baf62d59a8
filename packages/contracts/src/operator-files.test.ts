import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import {
  FEED_OPTION_KEYS,
  FeedEntryInput,
  FeedsSpecPut,
  MAX_FEED_ENTRIES,
  OperatorFileKeys,
  ScheduledJob,
} from './operator-files.js';

describe('FeedEntryInput', () => {
  it.each([
    ['a bare URL', ' https://a.example/rss ', { url: 'https://a.example/rss' }],
    ['an object with url', { url: 'http://b.example/f' }, { url: 'http://b.example/f' }],
    ['the rss alias', { rss: 'https://c.example/f' }, { url: 'https://c.example/f' }],
    [
      'the rss_url alias with options',
      { rss_url: 'https://d.example/f', max_episodes: 5, circuit_breaker_threshold: 3 },
      { url: 'https://d.example/f', max_episodes: 5, circuit_breaker_threshold: 3 },
    ],
  ])('normalises %s to {url, …options}', (_label, input, expected) => {
    expect(FeedEntryInput.parse(input)).toEqual(expected);
  });

  it.each([
    ['a relative URL', '/feed.xml', 'url'],
    ['an ftp URL', 'ftp://a.example/f', 'url'],
    ['a URL without host', 'http://', 'url'],
    ['an unknown key', { url: 'https://a.example/f', id: 'x' }, 'id'],
    ['a missing URL', { max_episodes: 3 }, 'url'],
    ['two URL spellings', { url: 'https://a.example/f', rss: 'https://a.example/f' }, 'rss'],
    [
      'a bad option value',
      { url: 'https://a.example/f', episode_order: 'random' },
      'episode_order',
    ],
    [
      'a bad breaker value',
      { url: 'https://a.example/f', circuit_breaker_x: 'on' },
      'circuit_breaker_x',
    ],
  ])('refuses %s at its own key', (_label, input, path) => {
    expect(issuePaths(FeedEntryInput.safeParse(input))).toEqual([path]);
  });

  it('accepts every allowlisted option key', () => {
    const values: Record<string, unknown> = {
      episode_order: 'oldest',
      episode_since: '2026-01-01',
      episode_until: '2026-02-01',
      known_hosts: ['Maya'],
      rss_conditional_get: true,
      show_centric: false,
    };
    const entry = Object.fromEntries(FEED_OPTION_KEYS.map((k) => [k, values[k] ?? 1]));
    expect(FeedEntryInput.safeParse({ url: 'https://a.example/f', ...entry }).success).toBe(true);
  });
});

describe('FeedsSpecPut', () => {
  it('names the offending entry and key', () => {
    const result = FeedsSpecPut.safeParse({
      feeds: ['https://a.example/f', { url: 'https://b.example', x: 1 }],
    });
    expect(issuePaths(result)).toEqual(['feeds.1.x']);
  });

  it('refuses more than the maximum number of entries', () => {
    const feeds = Array.from({ length: MAX_FEED_ENTRIES + 1 }, (_, i) => `https://f${i}.example/`);
    expect(issuePaths(FeedsSpecPut.safeParse({ feeds }))).toEqual(['feeds']);
  });
});

describe('ScheduledJob', () => {
  it('defaults enabled to true', () => {
    expect(ScheduledJob.parse({ name: 'nightly', cron: '0 3 * * *' })).toEqual({
      name: 'nightly',
      cron: '0 3 * * *',
      enabled: true,
    });
  });

  it.each([
    ['a name with a space', 'name', { name: 'has space', cron: '* * * * *' }],
    ['a name over 64 characters', 'name', { name: 'x'.repeat(65), cron: '* * * * *' }],
    ['an unknown kind', 'kind', { name: 'a', cron: '* * * * *', kind: 'backup' }],
    ['a non-boolean enabled', 'enabled', { name: 'a', cron: '* * * * *', enabled: 'yes' }],
    ['a missing cron', 'cron', { name: 'a' }],
  ])('refuses %s at %s', (_label, path, job) => {
    expect(issuePaths(ScheduledJob.safeParse(job))).toEqual([path]);
  });

  it('refuses a key it does not know, so a misspelt option is not ignored', () => {
    const result = ScheduledJob.safeParse({ name: 'a', cron: '@daily', enable: false });
    expect(result.error?.issues).toEqual([expect.objectContaining({ keys: ['enable'] })]);
  });
});

describe('OperatorFileKeys', () => {
  it('keeps unknown pipeline keys and checks the ones it knows', () => {
    expect(OperatorFileKeys.parse({ profile: 'dev', whisper_model: 'base' })).toEqual({
      profile: 'dev',
      whisper_model: 'base',
    });
    const bad = OperatorFileKeys.safeParse({ pipeline_install_extras: 'gpu' });
    expect(issuePaths(bad)).toEqual(['pipeline_install_extras']);
  });
});
