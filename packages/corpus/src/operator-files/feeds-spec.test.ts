import { describe, expect, it } from '@jest/globals';
import type { DomainError } from '@podcast/contracts';
import { parse } from 'yaml';
import { thrownBy } from '../../test/thrown-by.js';
import { InvalidFeedsSpec, parseFeedsSpec, serialiseFeedsSpec } from './feeds-spec.js';

function problemOf(text: string, file = 'feeds.spec.yaml'): { field: string }[] {
  const err: DomainError = thrownBy(() => parseFeedsSpec(text, file), InvalidFeedsSpec);
  expect(err.kind).toBe('unprocessable');
  return err.extra.errors as { field: string }[];
}

describe('parseFeedsSpec', () => {
  it('normalises aliases and bare URLs, keeps options and ignores _ keys', () => {
    const text = [
      '_comment: kept for humans',
      'feeds:',
      '  - https://a.example/rss',
      '  - rss: https://b.example/rss',
      '    max_episodes: 20',
      '  - rss_url: https://c.example/rss',
    ].join('\n');
    expect(parseFeedsSpec(text, 'feeds.spec.yaml')).toEqual([
      { url: 'https://a.example/rss' },
      { url: 'https://b.example/rss', max_episodes: 20 },
      { url: 'https://c.example/rss' },
    ]);
  });

  it('drops a repeated URL, keeping the first entry and its options', () => {
    const text =
      'feeds:\n  - {url: "https://A.example/rss", retries: 2}\n  - https://a.example/rss\n';
    expect(parseFeedsSpec(text, 'feeds.spec.yml')).toEqual([
      { url: 'https://A.example/rss', retries: 2 },
    ]);
  });

  it.each([
    ['an empty file', ''],
    ['a file without the feeds key', '_note: nothing yet\n'],
    ['a null feeds list', 'feeds:\n'],
  ])('reads %s as no feeds', (_label, text) => {
    expect(parseFeedsSpec(text, 'feeds.spec.yaml')).toEqual([]);
  });

  it('reads the JSON spelling', () => {
    const text = JSON.stringify({ feeds: ['https://a.example/rss'] });
    expect(parseFeedsSpec(text, 'feeds.spec.json')).toEqual([{ url: 'https://a.example/rss' }]);
  });

  it.each([
    ['an unknown top-level key', 'schema_version: 2\nfeeds: []\n', 'schema_version'],
    ['an unknown entry key', 'feeds:\n  - {id: x, url: "https://a.example/f"}\n', 'feeds.0.id'],
    ['a non-http URL', 'feeds:\n  - https://a.example/f\n  - file:///etc/passwd\n', 'feeds.1.url'],
    ['a feeds value that is not a list', 'feeds: https://a.example/f\n', 'feeds'],
    ['a root that is a list', '- https://a.example/f\n', '(root)'],
    ['broken YAML', 'feeds: [https://a.example/f\n', '(file)'],
  ])('refuses %s and names the field', (_label, text, field) => {
    expect(problemOf(text).map((e) => e.field)).toContain(field);
  });

  it('refuses broken JSON in the JSON spelling', () => {
    expect(problemOf('{"feeds": [', 'feeds.spec.json')[0]?.field).toBe('(file)');
  });
});

describe('serialiseFeedsSpec', () => {
  const entries = [
    { url: 'https://a.example/rss' },
    { url: 'https://b.example/rss', episode_order: 'oldest' as const },
  ];

  it('writes an entry with only url as a bare string', () => {
    expect(parse(serialiseFeedsSpec(undefined, entries, 'yaml'))).toEqual({
      feeds: ['https://a.example/rss', { url: 'https://b.example/rss', episode_order: 'oldest' }],
    });
  });

  it('keeps comments and _ keys of the previous file and drops keys the spec forbids', () => {
    const previous =
      '# managed by ops\n_owner: team-a\nstray: 1\nfeeds:\n  - https://old.example/rss\n';
    const text = serialiseFeedsSpec(previous, entries, 'yaml');
    expect(text).toContain('# managed by ops');
    expect(parse(text)).toEqual({
      _owner: 'team-a',
      feeds: ['https://a.example/rss', { url: 'https://b.example/rss', episode_order: 'oldest' }],
    });
  });

  it('starts afresh when the previous file is not valid YAML', () => {
    expect(parse(serialiseFeedsSpec('feeds: [', entries.slice(0, 1), 'yaml'))).toEqual({
      feeds: ['https://a.example/rss'],
    });
  });

  it('writes JSON for the JSON spelling, keeping _ keys', () => {
    const text = serialiseFeedsSpec('{"_v": 1, "feeds": []}', entries.slice(0, 1), 'json');
    expect(JSON.parse(text)).toEqual({ _v: 1, feeds: ['https://a.example/rss'] });
  });

  it('round-trips through parseFeedsSpec', () => {
    const text = serialiseFeedsSpec(undefined, entries, 'yaml');
    expect(parseFeedsSpec(text, 'feeds.spec.yaml')).toEqual(entries);
  });
});
