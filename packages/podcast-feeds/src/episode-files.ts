import type { PodcastChapters } from '@podcast/contracts';
import type { EpisodeFiles, EpisodeRecord } from '@podcast/corpus';
import type { Logger } from 'pino';
import {
  graphPersons,
  originSegments,
  personNamer,
  spokenRanges,
  timedInsights,
} from './corpus-reads.js';
import { chooseChapters } from './overlay/chapters.js';
import { type FeedPerson, feedPersons } from './overlay/persons.js';
import { chooseSoundbites, type Soundbite } from './overlay/soundbites.js';
import type { TranscriptCue } from './transcript/cues.js';
import { namedCues } from './transcript/speaker-names.js';

/**
 * An episode's transcript as timed cues with speaker names: from its raw
 * segments file (the origin audio's timeline). Undefined when the episode
 * names no transcript or the transcript has no segments file.
 */
export async function transcriptCues(
  files: EpisodeFiles,
  episode: EpisodeRecord,
  logger?: Logger,
): Promise<TranscriptCue[] | undefined> {
  const segments = await originSegments(files, episode, logger);
  if (segments === undefined) {
    return undefined;
  }
  return namedCues(segments, spokenRanges(files, episode), personNamer(files, episode));
}

/**
 * The generated chapters file of an episode (JSON chapters 1.2), or
 * undefined when no insight has a timed quote to place a chapter by.
 * Segment boundaries come from the raw segments file when there is one.
 */
export async function episodeChapters(
  files: EpisodeFiles,
  episode: EpisodeRecord,
  logger?: Logger,
): Promise<PodcastChapters | undefined> {
  const insights = timedInsights(files, episode);
  if (!insights.some((insight) => insight.quotes.length > 0)) {
    return undefined;
  }
  const segments = (await originSegments(files, episode, logger)) ?? [];
  const chapters = chooseChapters({
    durationS: episode.duration_seconds,
    segmentStarts: segments.map((segment) => segment.start),
    insights,
  });
  if (chapters === undefined) {
    return undefined;
  }
  return {
    version: '1.2.0',
    title: episode.title,
    ...(episode.podcast_title === null ? {} : { podcastName: episode.podcast_title }),
    generated: true,
    chapters,
  };
}

/** What an overlay feed adds to an episode's item, all from files already in memory. */
export interface EpisodeOverlay {
  /** Whether `episodeChapters` has chapters to give (a timed insight exists). */
  hasChapters: boolean;
  soundbites: Soundbite[];
  persons: FeedPerson[];
}

/** The overlay of one feed item: no segments file is read, so a 5,000-item feed stays cheap. */
export function episodeOverlay(files: EpisodeFiles, episode: EpisodeRecord): EpisodeOverlay {
  const insights = timedInsights(files, episode);
  return {
    hasChapters: insights.some((insight) => insight.quotes.length > 0),
    soundbites: chooseSoundbites(insights, episode.duration_seconds),
    persons: feedPersons(graphPersons(files, episode)),
  };
}
