import { DomainError } from '@podcast/contracts';
import { DEFAULT_BASE_DATE, parseBaseDate } from './clock.js';
import type { PlanOptions } from './plan-corpus.js';

export const DEFAULT_SEED = 1;
export const MAX_FEEDS = 1000;
export const MAX_EPISODES_PER_FEED = 5000;
/** Above this many episodes, transcripts default to a few lines and episode JSON is unindented, to keep big corpora small and fast. */
export const LARGE_CORPUS_EPISODES = 500;

export interface GenerateCorpusOptions {
  out: string;
  feeds: number;
  /** Episodes per feed; give this or `totalEpisodes`. */
  episodesPerFeed?: number;
  /** Spread this many episodes over the feeds (the first feeds get the remainder). */
  totalEpisodes?: number;
  seed?: number;
  force?: boolean;
  /** Lines per transcript; default 40-80, or 8-12 above LARGE_CORPUS_EPISODES episodes. */
  transcriptLines?: number;
  layout?: 'feed-run' | 'flat';
  /** `YYYY-MM-DD`; the newest episodes sit a few days before it. */
  baseDate?: string;
}

function usage(message: string): DomainError {
  return new DomainError('invalid', message);
}

function requireInt(value: number | undefined, name: string, min: number, max: number): number {
  if (value === undefined || !Number.isInteger(value) || value < min || value > max) {
    throw usage(`${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

function episodeCounts(options: GenerateCorpusOptions, feeds: number): number[] {
  if ((options.episodesPerFeed === undefined) === (options.totalEpisodes === undefined)) {
    throw usage('give exactly one of --episodes (per feed) and --total');
  }
  if (options.episodesPerFeed !== undefined) {
    const perFeed = requireInt(options.episodesPerFeed, '--episodes', 1, MAX_EPISODES_PER_FEED);
    return Array.from({ length: feeds }, () => perFeed);
  }
  const total = requireInt(options.totalEpisodes, '--total', feeds, feeds * MAX_EPISODES_PER_FEED);
  return Array.from(
    { length: feeds },
    (_, i) => Math.floor(total / feeds) + (i < total % feeds ? 1 : 0),
  );
}

/** Validates generator options and turns them into a plan request; throws `invalid` DomainErrors. */
export function resolvePlanOptions(options: GenerateCorpusOptions): PlanOptions {
  const feeds = requireInt(options.feeds, '--feeds', 1, MAX_FEEDS);
  const counts = episodeCounts(options, feeds);
  const seed = requireInt(options.seed ?? DEFAULT_SEED, '--seed', 0, 0xffffffff);
  const layout = options.layout ?? 'feed-run';
  if (layout !== 'feed-run' && layout !== 'flat') {
    throw usage('--layout must be feed-run or flat');
  }
  if (layout === 'flat' && feeds !== 1) {
    throw usage('--layout flat holds a single feed; use --feeds 1');
  }
  const baseMs = parseBaseDate(options.baseDate ?? DEFAULT_BASE_DATE);
  if (baseMs === undefined) {
    throw usage('--base-date must be a calendar date written YYYY-MM-DD');
  }
  const total = counts.reduce((a, b) => a + b, 0);
  const lines =
    options.transcriptLines === undefined
      ? total > LARGE_CORPUS_EPISODES
        ? { min: 8, max: 12 }
        : { min: 40, max: 80 }
      : {
          min: requireInt(options.transcriptLines, '--transcript-lines', 4, 400),
          max: options.transcriptLines,
        };
  return {
    seed,
    baseMs,
    episodeCounts: counts,
    layout,
    transcriptLines: lines,
    compactJson: total > LARGE_CORPUS_EPISODES,
  };
}
