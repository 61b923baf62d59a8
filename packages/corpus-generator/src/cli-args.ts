import { DomainError } from '@podcast/contracts';
import type { GenerateCorpusOptions } from './generator-options.js';

export const USAGE = `Usage: pnpm corpus:generate --feeds F (--episodes E | --total T) --out DIR [options]

  --feeds F              number of feeds (1-1000)
  --episodes E           episodes per feed
  --total T              spread T episodes over the feeds instead
  --out DIR              output folder; must be empty or absent
  --force                replace DIR if it is not empty
  --seed N               PRNG seed (default 1)
  --transcript-lines N   lines per transcript (default 40-80; 8-12 above 500 episodes)
  --layout L             feed-run (default) or flat (single feed, root metadata/)
  --base-date YYYY-MM-DD anchor date; the newest episodes are a few days before it
  --help                 show this text`;

export type CliCommand = { kind: 'help' } | { kind: 'generate'; options: GenerateCorpusOptions };

const VALUE_FLAGS = new Set([
  'feeds',
  'episodes',
  'total',
  'out',
  'seed',
  'transcript-lines',
  'layout',
  'base-date',
]);
const INTEGER_FLAGS = new Set(['feeds', 'episodes', 'total', 'seed', 'transcript-lines']);

function usageError(message: string): DomainError {
  return new DomainError('invalid', message);
}

function readFlags(argv: readonly string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) {
      throw usageError(`unexpected argument ${JSON.stringify(arg)}`);
    }
    const name = match[1] as string;
    if (flags.has(name)) {
      throw usageError(`--${name} given twice`);
    }
    if (!VALUE_FLAGS.has(name)) {
      if (name !== 'force' && name !== 'help') {
        throw usageError(`unknown option --${name}`);
      }
      flags.set(name, true);
      continue;
    }
    const value = match[2] ?? argv[++i];
    if (value === undefined || value.startsWith('--')) {
      throw usageError(`--${name} needs a value`);
    }
    if (INTEGER_FLAGS.has(name) && !/^\d+$/.test(value)) {
      throw usageError(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
    }
    flags.set(name, value);
  }
  return flags;
}

/** Parses the command line; throws `invalid` DomainErrors the CLI prints with exit code 2. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const flags = readFlags(argv);
  if (flags.has('help')) {
    return { kind: 'help' };
  }
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const int = (name: string) => (text(name) === undefined ? undefined : Number(text(name)));
  const out = text('out');
  const feeds = int('feeds');
  if (out === undefined || feeds === undefined) {
    throw usageError('--feeds and --out are required');
  }
  const layout = text('layout');
  if (layout !== undefined && layout !== 'feed-run' && layout !== 'flat') {
    throw usageError('--layout must be feed-run or flat');
  }
  const options: GenerateCorpusOptions = { out, feeds, force: flags.has('force') };
  const optional = {
    episodesPerFeed: int('episodes'),
    totalEpisodes: int('total'),
    seed: int('seed'),
    transcriptLines: int('transcript-lines'),
    layout,
    baseDate: text('base-date'),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) {
      Object.assign(options, { [key]: value });
    }
  }
  return { kind: 'generate', options };
}
