// The corpus reads of this package (the one module a corpus index port changes).

export {
  episodesOfSlugs,
  graphPersons,
  newestEpisodesOf,
  originSegments,
  personNamer,
  showEpisodes,
  spokenRanges,
  timedInsights,
} from './corpus-reads.js';

// Per-episode files and overlays.

export type { EpisodeOverlay } from './episode-files.js';
export { episodeChapters, episodeOverlay, transcriptCues } from './episode-files.js';

// Feeds: RSS 2.0 with the itunes and podcast namespaces, made piece by piece.

export type { FeedLinks, TranscriptFormat } from './feed/feed-links.js';
export { CHAPTERS_TYPE, feedLinks, TRANSCRIPT_TYPES } from './feed/feed-links.js';
export type { FeedLayers, Validators } from './feed/overlay-feeds.js';
export {
  bodyValidators,
  episodesFeed,
  showFeed,
  snapshotValidators,
} from './feed/overlay-feeds.js';
export type { FeedChannel } from './feed/rss-document.js';
export { RSS_TAIL, rssDocument, rssHead } from './feed/rss-document.js';
export { rssItem } from './feed/rss-item.js';

// The overlays' rules, pure.

export type { ChapterInput } from './overlay/chapters.js';
export { CHAPTER_RULES, chooseChapters } from './overlay/chapters.js';
export type { CastRole, FeedPerson, GraphPersonInput } from './overlay/persons.js';
export { castRoleOf, feedPersons } from './overlay/persons.js';
export type { Soundbite } from './overlay/soundbites.js';
export { chooseSoundbites, SOUNDBITE_RULES } from './overlay/soundbites.js';
export type { TimedInsight, TimeRange } from './overlay/timed-insight.js';

// Transcript formats.

export type { TranscriptCue } from './transcript/cues.js';
export { buildJsonTranscript } from './transcript/json-transcript.js';
export type { SpeakerSegment, SpokenRange } from './transcript/speaker-names.js';
export { labelPersons, namedCues } from './transcript/speaker-names.js';
export { buildSrt } from './transcript/srt.js';
export { buildWebVtt } from './transcript/webvtt.js';
export { xmlAttribute, xmlElement, xmlText } from './xml/xml-text.js';
