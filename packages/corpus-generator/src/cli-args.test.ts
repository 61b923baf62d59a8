import { describe, expect, it } from '@jest/globals';
import { parseCliArgs } from './cli-args.js';

describe('parseCliArgs', () => {
  it('reads per-feed episode counts, the seed and --force', () => {
    expect(
      parseCliArgs([
        '--feeds',
        '4',
        '--episodes',
        '6',
        '--out',
        'corpus/sample',
        '--seed',
        '9',
        '--force',
      ]),
    ).toEqual({
      kind: 'generate',
      options: { out: 'corpus/sample', feeds: 4, episodesPerFeed: 6, seed: 9, force: true },
    });
  });

  it('accepts --name=value spellings and the optional knobs', () => {
    expect(
      parseCliArgs([
        '--feeds=1',
        '--total=30',
        '--out=x',
        '--transcript-lines=12',
        '--layout=flat',
        '--base-date=2026-01-31',
      ]),
    ).toEqual({
      kind: 'generate',
      options: {
        out: 'x',
        feeds: 1,
        totalEpisodes: 30,
        force: false,
        transcriptLines: 12,
        layout: 'flat',
        baseDate: '2026-01-31',
      },
    });
  });

  it('answers --help without requiring anything else', () => {
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--episodes', '6', '--out', 'x'], /--feeds and --out are required/],
    [['--feeds', '4', '--episodes', '6'], /--feeds and --out are required/],
    [['--feeds', 'four', '--out', 'x'], /--feeds must be a whole number/],
    [['--feeds', '-1', '--out', 'x'], /--feeds must be a whole number, got "-1"/],
    [['--feeds', '2', '--feeds', '3', '--out', 'x'], /--feeds given twice/],
    [['--feeds', '2', '--out', 'x', '--colour', 'red'], /unknown option --colour/],
    [['--feeds', '2', '--out'], /--out needs a value/],
    [['feeds', '2'], /unexpected argument "feeds"/],
    [['--feeds', '1', '--out', 'x', '--layout', 'tree'], /--layout must be feed-run or flat/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
