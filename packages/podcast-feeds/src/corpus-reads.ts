import {
  type CorpusSnapshot,
  displayNameIn,
  type EpisodeFiles,
  type EpisodeRecord,
  type NormalizedGraph,
  type NormalizedQuote,
  perSnapshot,
  projectInsights,
  quotesOfInsight,
  readSegments,
  type SegmentRow,
  speakersOfQuotes,
} from '@podcast/corpus';
import type { Logger } from 'pino';
import type { GraphPersonInput } from './overlay/persons.js';
import type { TimedInsight, TimeRange } from './overlay/timed-insight.js';
import type { SpokenRange } from './transcript/speaker-names.js';

/*
 * Everything this package reads of the corpus, one function per thing read,
 * through @podcast/corpus's public API only: when the corpus index moves
 * (SQLite), this module is the one to change.
 */

const episodesByFeed = perSnapshot((snapshot: CorpusSnapshot) => {
  const byFeed = new Map<string, EpisodeRecord[]>();
  for (const episode of snapshot.episodes) {
    const list = byFeed.get(episode.feed_id);
    if (list === undefined) {
      byFeed.set(episode.feed_id, [episode]);
    } else {
      list.push(episode);
    }
  }
  return byFeed;
}, 'podcast_feed_episodes');

/** A show's episodes, newest first (the snapshot's order); empty for an unknown show. */
export function showEpisodes(snapshot: CorpusSnapshot, feedId: string): readonly EpisodeRecord[] {
  return episodesByFeed(snapshot).get(feedId) ?? [];
}

/**
 * One episode's transcript segments on the origin audio's timeline: the raw
 * segments file only, since podcast apps play the origin enclosure with its
 * ads (the ad-free file's times are shorter). Undefined without one.
 */
export async function originSegments(
  files: EpisodeFiles,
  episode: EpisodeRecord,
  logger?: Logger,
): Promise<readonly SegmentRow[] | undefined> {
  return (await readSegments(files, episode, logger, ['raw']))?.segments;
}

/** A quote's times in seconds, or undefined when the lineage gives none. */
function timesOf(quote: NormalizedQuote): TimeRange | undefined {
  const start = quote.timestamp_start_ms;
  const end = quote.timestamp_end_ms;
  if (start === undefined || end === undefined || start < 0 || end < start) {
    return undefined;
  }
  return { start: start / 1000, end: end / 1000 };
}

/** Who spoke where: each timed quote with a named speaker (its SPOKEN_BY target). */
export function spokenRanges(files: EpisodeFiles, episode: EpisodeRecord): SpokenRange[] {
  const graph = files.graphOf(episode);
  const bridge = files.bridgeOf(episode);
  return (graph?.quotes ?? []).flatMap((quote) => {
    const times = timesOf(quote);
    const personId = speakersOfQuotes([quote], bridge)[0];
    return times === undefined || personId === undefined ? [] : [{ ...times, personId }];
  });
}

/**
 * A person's display name in this episode: the bridge's (shared across the
 * layers), else the KG's, else the name a GI quote gives its speaker.
 */
export function personNamer(
  files: EpisodeFiles,
  episode: EpisodeRecord,
): (personId: string) => string | undefined {
  const bridge = files.bridgeOf(episode);
  const kg = files.kgOf(episode);
  const graph = files.graphOf(episode);
  return (personId) =>
    displayNameIn(bridge, personId) ??
    kg?.persons.find((person) => person.id === personId && !person.hidden)?.name ??
    graph?.quotes.find((quote) => quote.speaker_id === personId)?.speaker_name;
}

function topicLabeler(files: EpisodeFiles, episode: EpisodeRecord, graph: NormalizedGraph) {
  const bridge = files.bridgeOf(episode);
  const kg = files.kgOf(episode);
  return (topicId: string) =>
    displayNameIn(bridge, topicId) ??
    graph.topics.find((topic) => topic.id === topicId)?.label ??
    kg?.topics.find((topic) => topic.id === topicId)?.label;
}

/**
 * The insights the episode shows, strongest first (the corpus projection:
 * salience order, dropped ones left out), with their topics' labels and
 * their supporting quotes' times. Empty without a GI file.
 */
export function timedInsights(files: EpisodeFiles, episode: EpisodeRecord): TimedInsight[] {
  const graph = files.graphOf(episode);
  if (graph === undefined) {
    return [];
  }
  const labelOf = topicLabeler(files, episode, graph);
  return projectInsights(graph).map((insight) => ({
    id: insight.id,
    text: insight.text,
    grounded: insight.grounded,
    topics: insight.topicIds.flatMap((id) => labelOf(id) ?? []),
    quotes: quotesOfInsight(graph, insight)
      .flatMap((quote) => timesOf(quote) ?? [])
      .sort((a, b) => a.start - b.start),
  }));
}

/** The people of the episode's knowledge graph with their roles; unnamed voices left out. */
export function graphPersons(files: EpisodeFiles, episode: EpisodeRecord): GraphPersonInput[] {
  const bridge = files.bridgeOf(episode);
  return (files.kgOf(episode)?.persons ?? [])
    .filter((person) => !person.hidden)
    .map((person) => ({
      name: displayNameIn(bridge, person.id) ?? person.name,
      ...(person.role === undefined ? {} : { role: person.role }),
    }));
}

/** The newest episodes of some shows, newest first, at most `max` (a library feed). */
export function newestEpisodesOf(
  snapshot: CorpusSnapshot,
  feedIds: ReadonlySet<string>,
  max: number,
): EpisodeRecord[] {
  const picked: EpisodeRecord[] = [];
  for (const episode of snapshot.episodes) {
    if (picked.length >= max) {
      break;
    }
    if (feedIds.has(episode.feed_id)) {
      picked.push(episode);
    }
  }
  return picked;
}

/** The episodes some slugs name, in their order; slugs the corpus lacks are left out (a queue). */
export function episodesOfSlugs(
  snapshot: CorpusSnapshot,
  slugs: readonly string[],
): EpisodeRecord[] {
  return slugs.flatMap((slug) => snapshot.findEpisodeBySlug(slug) ?? []);
}
