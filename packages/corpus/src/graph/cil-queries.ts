import type { CilInsight } from '@podcast/contracts';
import type { InsightSentiment, SentimentLabel } from '../readers/sentiment-sidecar.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import {
  BACKGROUND_SLICE_MS,
  createTimeSlicer,
  forEachInSlices,
  type TimeSlicer,
} from '../snapshot/time-slicer.js';
import {
  compareStructural,
  type GraphIndex,
  type GraphInsight,
  pushInto,
  type SpeakerCount,
} from './graph-index.js';
import { isoWeekLabel, mondayOf, weeksBetween } from './iso-week.js';

/**
 * Graph-query (CIL) answers of spec 01 over the graph index. Pure: the
 * sentiment sidecars are read by the caller and passed in as `sentimentOf`.
 */

/** Types to keep (lowercase), or every type. */
export type InsightTypes = readonly string[] | 'all';
export type SentimentOf = (item: GraphInsight) => InsightSentiment | undefined;

const NONE: readonly GraphInsight[] = [];
/** Zero weeks are filled between the first and last dated week up to this span. */
export const ARC_FILL_MAX_WEEKS = 520;
/** Topics a person's brief lists, most insights first. */
export const BRIEF_TOPICS = 25;
/** Insights listed per topic of a brief, newest first. */
export const BRIEF_INSIGHTS_PER_TOPIC = 10;
const BRIEF_QUOTES = 50;
/** Speakers listed per topic by the perspective leaders. */
export const LEADERS_PER_TOPIC = 3;
/** Insights listed per perspective group. */
export const PERSPECTIVE_INSIGHTS = 5;

export const typesEcho = (types: InsightTypes) => (types === 'all' ? null : [...types]);

/** The insight's type as `insight_types` filters match it: lowercase, '' when it has none. */
export const insightTypeKey = (item: GraphInsight) =>
  (item.insight.insight_type ?? '').toLowerCase();

function keeps(types: InsightTypes) {
  return (item: GraphInsight) => types === 'all' || types.includes(insightTypeKey(item));
}

/**
 * Whether the item's speakers count among a topic's persons: it is grounded
 * and one of its quotes has a speaker (a quote's speaker_id is its
 * SPOKEN_BY target when it has one, `gi-reader.ts`).
 */
export const countsForTopicPersons = (item: GraphInsight) =>
  item.insight.grounded && item.quotes.some((q) => q.speaker_id !== null);

/** Oldest first, undated last; one episode's insights in display order. */
function chronological(a: GraphInsight, b: GraphInsight): number {
  if (a.date !== b.date) {
    if (a.date === null || b.date === null) {
      return a.date === null ? 1 : -1;
    }
    return a.date < b.date ? -1 : 1;
  }
  return compareStructural(a, b);
}

function quoteOf(quote: GraphInsight['quotes'][number]) {
  return {
    id: quote.id,
    text: quote.text,
    speaker_id: quote.speaker_id,
    ...(quote.speaker_name === undefined ? {} : { speaker_name: quote.speaker_name }),
    ...(quote.timestamp_start_ms === undefined
      ? {}
      : { timestamp_start_ms: quote.timestamp_start_ms }),
    ...(quote.timestamp_end_ms === undefined ? {} : { timestamp_end_ms: quote.timestamp_end_ms }),
  };
}

/** The fields of a CIL insight that its episode gives: the same for each of the episode's insights. */
export function cilEpisodeFields(episode: EpisodeRecord, date: string | null) {
  return {
    episode_id: episode.episode_id,
    metadata_relpath: episode.metadata_relpath,
    episode_title: episode.title,
    publish_date: date,
    feed_id: episode.feed_id,
  };
}

/** The fields of a CIL insight of its own. */
export function cilOwnFields(item: GraphInsight) {
  return {
    id: item.id,
    text: item.insight.text,
    grounded: item.insight.grounded,
    insight_type: item.insight.insight_type ?? null,
    confidence: item.insight.confidence ?? null,
    topic_ids: [...item.topics],
    speaker_ids: [...item.speakers],
    quotes: item.quotes.map(quoteOf),
  };
}

/** A CIL insight from its two parts, its fields in the answer's order. */
export function joinCilInsight(
  own: ReturnType<typeof cilOwnFields>,
  episode: ReturnType<typeof cilEpisodeFields>,
  sentiment: InsightSentiment | undefined,
): CilInsight {
  const { id, text, grounded, insight_type, confidence, ...lists } = own;
  return {
    id,
    text,
    grounded,
    insight_type,
    confidence,
    ...episode,
    ...lists,
    ...(sentiment === undefined ? {} : { sentiment }),
  };
}

export function cilInsight(item: GraphInsight, sentimentOf: SentimentOf): CilInsight {
  return joinCilInsight(
    cilOwnFields(item),
    cilEpisodeFields(item.episode, item.date),
    sentimentOf(item),
  );
}

/** GET /api/persons/{id}/positions: the person's insights on the topic, oldest first. */
export function personPositions(
  index: GraphIndex,
  query: { person: string; topic: string; types: InsightTypes },
  sentimentOf: SentimentOf,
) {
  const personId = index.canonicalOf(query.person, 'person:');
  const topicId = index.canonicalOf(query.topic, 'topic:');
  const items = (index.bySpeaker.get(personId) ?? NONE)
    .filter((item) => item.topics.includes(topicId))
    .filter(keeps(query.types))
    .sort(chronological);
  return {
    person_id: personId,
    display_name: index.labelOf(personId),
    topic_id: topicId,
    insight_types: typesEcho(query.types),
    items: items.map((item) => cilInsight(item, sentimentOf)),
  };
}

/** Topic id → the items about it, most items first (then id). */
export function byTopicOf<T extends { topics: readonly string[] }>(
  items: readonly T[],
): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    for (const topic of item.topics) {
      pushInto(groups, topic, item);
    }
  }
  return [...groups].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
}

/** A quote as a brief lists it. */
export type BriefQuote = ReturnType<typeof quoteOf>;

/**
 * The quotes a person's brief lists, gathered from their insights' quotes
 * in the structural order: the first `BRIEF_QUOTES` distinct ones whose
 * speaker is the person in the index's terms (`speakerOf`). `add` answers
 * whether the list is full, so a store can stop reading insights there.
 */
export function briefQuotes(personId: string) {
  const quotes = new Map<string, BriefQuote>();
  return {
    add(list: readonly BriefQuote[], speakerOf: (speakerId: string) => string): boolean {
      for (const quote of list) {
        if (quotes.size === BRIEF_QUOTES) {
          break;
        }
        const speaker = quote.speaker_id === null ? null : speakerOf(quote.speaker_id);
        if (speaker === personId && !quotes.has(quote.id)) {
          quotes.set(quote.id, quote);
        }
      }
      return quotes.size === BRIEF_QUOTES;
    },
    listed: (): BriefQuote[] => [...quotes.values()],
  };
}

/** GET /api/persons/{id}/brief: newest insights per topic and the quotes the person spoke. */
export function personBrief(index: GraphIndex, person: string, sentimentOf: SentimentOf) {
  const personId = index.canonicalOf(person, 'person:');
  const items = index.bySpeaker.get(personId) ?? NONE;
  const quotes = briefQuotes(personId);
  quotes.add(
    items.flatMap((item) => item.quotes.map(quoteOf)),
    (id) => index.canonicalOf(id, 'person:'),
  );
  return {
    person_id: personId,
    display_name: index.labelOf(personId),
    insight_count: items.length,
    topics: byTopicOf(items)
      .slice(0, BRIEF_TOPICS)
      .map(([topicId, list]) => ({
        topic_id: topicId,
        label: index.labelOf(topicId),
        insights: list
          .slice(0, BRIEF_INSIGHTS_PER_TOPIC)
          .map((item) => cilInsight(item, sentimentOf)),
      })),
    quotes: quotes.listed(),
  };
}

/** GET /api/persons/{id}/topics: distinct topics of the person's insights, most frequent first. */
export function personTopics(index: GraphIndex, person: string) {
  const personId = index.canonicalOf(person, 'person:');
  const topics = byTopicOf(index.bySpeaker.get(personId) ?? NONE).map(([topicId, list]) => ({
    topic_id: topicId,
    label: index.labelOf(topicId),
    insight_count: list.length,
  }));
  return { person_id: personId, topic_ids: topics.map((t) => t.topic_id), topics };
}

/** The record fields a timeline episode shows (`timelineEpisode`). */
export type TimelineCard = Pick<
  EpisodeRecord,
  | 'episode_id'
  | 'metadata_relpath'
  | 'slug'
  | 'publish_date'
  | 'title'
  | 'feed_id'
  | 'podcast_title'
  | 'episode_image_url'
  | 'episode_image_local_relpath'
  | 'feed_image_url'
  | 'feed_image_local_relpath'
>;

/** The fields of `episode` that `timelineEpisode` reads, for a store that keeps them apart from the record. */
export function timelineCardOf(episode: EpisodeRecord): TimelineCard {
  return {
    episode_id: episode.episode_id,
    metadata_relpath: episode.metadata_relpath,
    slug: episode.slug,
    publish_date: episode.publish_date,
    title: episode.title,
    feed_id: episode.feed_id,
    podcast_title: episode.podcast_title,
    episode_image_url: episode.episode_image_url,
    episode_image_local_relpath: episode.episode_image_local_relpath,
    feed_image_url: episode.feed_image_url,
    feed_image_local_relpath: episode.feed_image_local_relpath,
  };
}

/** One episode of a topic timeline with its insights (chronological, so its first is its date). */
export function timelineEpisode(episode: TimelineCard, insights: CilInsight[]) {
  return {
    episode_id: episode.episode_id,
    metadata_relpath: episode.metadata_relpath,
    slug: episode.slug,
    publish_date: insights[0]?.publish_date ?? episode.publish_date,
    episode_title: episode.title,
    feed_id: episode.feed_id,
    feed_title: episode.podcast_title,
    episode_image_url: episode.episode_image_url,
    episode_image_local_relpath: episode.episode_image_local_relpath,
    feed_image_url: episode.feed_image_url,
    feed_image_local_relpath: episode.feed_image_local_relpath,
    insights,
  };
}

/** Canonical topic ids of a request: deduplicated and sorted. */
export function canonicalTopicIds(index: GraphIndex, topics: readonly string[]): string[] {
  return [...new Set(topics.map((t) => index.canonicalOf(t, 'topic:')))].sort();
}

/**
 * Topic timeline over one or more topics in one pass: each episode once,
 * oldest first, its insights deduplicated across the topics.
 */
export function topicTimeline(
  index: GraphIndex,
  query: { topics: readonly string[]; types: InsightTypes },
  sentimentOf: SentimentOf,
) {
  const topicIds = canonicalTopicIds(index, query.topics);
  const unique = new Set(topicIds.flatMap((id) => index.byTopic.get(id) ?? NONE));
  const items = [...unique].filter(keeps(query.types)).sort(chronological);
  const episodes = new Map<EpisodeRecord, CilInsight[]>();
  for (const item of items) {
    pushInto(episodes, item.episode, cilInsight(item, sentimentOf));
  }
  return {
    topic_ids: topicIds,
    insight_types: typesEcho(query.types),
    episodes: [...episodes].map(([episode, insights]) => timelineEpisode(episode, insights)),
  };
}

/** Insights counted with their sentiment: a week of an arc, or a group of perspectives. */
export interface SentimentMix {
  volume: number;
  negative: number;
  neutral: number;
  positive: number;
  /** How many of them carry a compound, and those compounds' sum in `compoundUnits`. */
  scored: number;
  units: number;
}

const emptyTally = (): SentimentMix => ({
  volume: 0,
  negative: 0,
  neutral: 0,
  positive: 0,
  scored: 0,
  units: 0,
});

/**
 * A compound in ten-thousandths, the precision the means are given in.
 * Means are taken over these integers, so the order in which insights are
 * counted (or kept in running counts) cannot change them.
 */
const compoundUnits = (compound: number): number => Math.round(compound * 1e4);

/** Adds insights counted together (one insight, or a row of running counts) to a mix. */
function tally(into: SentimentMix, count: Omit<ArcCount, 'date'>): void {
  into.volume += count.insights;
  if (count.label !== null) {
    into[count.label] += count.insights;
    into.scored += count.insights;
    into.units += count.compound_units;
  }
}

/**
 * Insights of one graph date and sentiment label counted together (a row of
 * the corpus index's running counts): `compound_units` is their compounds'
 * sum in `compoundUnits`.
 */
export interface ArcCount {
  date: string | null;
  label: SentimentLabel | null;
  insights: number;
  compound_units: number;
}

/** One insight as an `ArcCount` of one. */
export function arcCountOf(date: string | null, sentiment: InsightSentiment | undefined): ArcCount {
  return sentiment === undefined
    ? { date, label: null, insights: 1, compound_units: 0 }
    : {
        date,
        label: sentiment.label,
        insights: 1,
        compound_units: compoundUnits(sentiment.compound),
      };
}

/** The rounded mean compound of a tally, null when none of it carries one. */
const meanOf = ({ scored, units }: SentimentMix) =>
  scored === 0 ? null : Math.round(units / scored) / 1e4;

/** The conversation arc of a topic's insights counted per date and label, in any order. */
export function conversationArcOfCounts(
  topicId: string,
  types: InsightTypes,
  counts: Iterable<ArcCount>,
) {
  const weeks = new Map<number, SentimentMix>();
  let undated = 0;
  for (const count of counts) {
    if (count.date === null) {
      undated += count.insights;
      continue;
    }
    const monday = mondayOf(count.date);
    const week = weeks.get(monday) ?? emptyTally();
    tally(week, count);
    weeks.set(monday, week);
  }
  const buckets = weeksBetween([...weeks.keys()], ARC_FILL_MAX_WEEKS).map((monday) => {
    const week = weeks.get(monday) ?? emptyTally();
    const { volume, negative, neutral, positive } = week;
    return {
      week: isoWeekLabel(monday),
      volume,
      negative,
      neutral,
      positive,
      avg_compound: meanOf(week),
    };
  });
  return { topic_id: topicId, insight_types: typesEcho(types), undated, weeks: buckets };
}

/** GET /api/topics/{id}/conversation-arc: ISO-week volume and sentiment mix, oldest first. */
export function conversationArc(
  index: GraphIndex,
  query: { topic: string; types: InsightTypes },
  sentimentOf: SentimentOf,
) {
  const topicId = index.canonicalOf(query.topic, 'topic:');
  const items = (index.byTopic.get(topicId) ?? NONE).filter(keeps(query.types));
  return conversationArcOfCounts(
    topicId,
    query.types,
    items.map((item) => arcCountOf(item.date, sentimentOf(item))),
  );
}

/** Insights counted between two asks of the slicer (`forEachInSlices`). */
const ITEMS_PER_CHECK = 256;

/**
 * Persons by how many of `items` (those `counted` keeps) they said, then id.
 * Counted in slices: on a large corpus the largest topics hold tens of
 * thousands of insights spread over a large heap, too many to read their
 * speakers in one piece. Kept in the index's tallies under `key` while
 * `items` is the same list, so a patched index counts only the lists its
 * change replaced (`SpeakerTallies`).
 */
async function speakerCounts(
  index: GraphIndex,
  key: string,
  items: readonly GraphInsight[],
  slicer: TimeSlicer,
  counted: (item: GraphInsight) => boolean = () => true,
): Promise<readonly SpeakerCount[]> {
  const kept = index.tallies.of(key, items);
  if (kept !== undefined) {
    return kept;
  }
  const counts = new Map<string, number>();
  await forEachInSlices(
    items,
    slicer,
    (item) => {
      if (!counted(item)) {
        return;
      }
      for (const speaker of item.speakers) {
        counts.set(speaker, (counts.get(speaker) ?? 0) + 1);
      }
    },
    ITEMS_PER_CHECK,
  );
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  index.tallies.keep(key, items, ranked);
  return ranked;
}

/** The slicer a graph-query answer counts in when its caller gives none: a background one. */
const backgroundSlicer = () => createTimeSlicer(BACKGROUND_SLICE_MS);

/** GET /api/topics/{id}/persons: people who discuss the topic in grounded quotes, most often first. */
export async function topicPersons(
  index: GraphIndex,
  topic: string,
  slicer: TimeSlicer = backgroundSlicer(),
) {
  const topicId = index.canonicalOf(topic, 'topic:');
  const counts = await speakerCounts(
    index,
    `grounded ${topicId}`,
    index.byTopic.get(topicId) ?? NONE,
    slicer,
    countsForTopicPersons,
  );
  return { topic_id: topicId, person_ids: counts.map(([id]) => id) };
}

/**
 * GET /api/topics/perspective-leaders: the most discussed topics and who says
 * most about each. Counted in slices (`speakerCounts`), like the index it
 * reads, so a request for it does not hold the others.
 */
export async function perspectiveLeaders(
  index: GraphIndex,
  limit: number,
  slicer: TimeSlicer = backgroundSlicer(),
) {
  const top = [...index.byTopic]
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit);
  const topics = [];
  for (const [topicId, items] of top) {
    const leaders = await speakerCounts(index, `all ${topicId}`, items, slicer);
    topics.push({
      topic_id: topicId,
      label: index.labelOf(topicId),
      insight_count: items.length,
      leaders: leaders.slice(0, LEADERS_PER_TOPIC).map(([personId, count]) => ({
        person_id: personId,
        display_name: index.labelOf(personId),
        insight_count: count,
      })),
    });
  }
  return { topics };
}

/** One insight of a perspective group: its sentiment, and its CIL answer when listed. */
export interface PerspectiveEntry {
  sentiment: InsightSentiment | undefined;
  insight(): CilInsight;
}

/**
 * A group of a topic's perspectives as counted elsewhere (the corpus
 * index): its sentiment mix, and its first `PERSPECTIVE_INSIGHTS` insights
 * in the structural order.
 */
export interface PerspectiveGroup {
  key: string;
  mix: SentimentMix;
  listed(): CilInsight[];
}

/**
 * The perspectives of a topic's insights grouped by key (in the structural
 * order within each group): largest group first, then key; each with its
 * sentiment mix and first insights. `labelOf` names a group.
 */
export function perspectivesOf(
  groups: ReadonlyMap<string, readonly PerspectiveEntry[]>,
  labelOf: (key: string) => string,
) {
  return perspectivesOfGroups(
    [...groups].map(([key, entries]) => {
      const mix = emptyTally();
      for (const entry of entries) {
        tally(mix, arcCountOf(null, entry.sentiment));
      }
      return {
        key,
        mix,
        listed: () => entries.slice(0, PERSPECTIVE_INSIGHTS).map((entry) => entry.insight()),
      };
    }),
    labelOf,
  );
}

/** `perspectivesOf` over groups already counted. */
export function perspectivesOfGroups(
  groups: readonly PerspectiveGroup[],
  labelOf: (key: string) => string,
) {
  return [...groups]
    .sort((a, b) => b.mix.volume - a.mix.volume || (a.key < b.key ? -1 : 1))
    .map(({ key, mix, listed }) => {
      const { volume, negative, neutral, positive } = mix;
      return {
        key,
        label: labelOf(key),
        insight_count: volume,
        negative,
        neutral,
        positive,
        avg_compound: meanOf(mix),
        insights: listed(),
      };
    });
}

/** GET /api/topics/{id}/perspectives: the topic's insights per person (or per show), with their sentiment mix. */
export function topicPerspectives(
  index: GraphIndex,
  query: { topic: string; scope: 'person' | 'show' },
  sentimentOf: SentimentOf,
) {
  const topicId = index.canonicalOf(query.topic, 'topic:');
  const groups = new Map<string, PerspectiveEntry[]>();
  const titles = new Map<string, string | null>();
  for (const item of index.byTopic.get(topicId) ?? NONE) {
    const keys = query.scope === 'person' ? item.speakers : [item.episode.feed_id];
    for (const key of keys) {
      if (!titles.has(key)) {
        titles.set(key, item.episode.podcast_title);
      }
      pushInto(groups, key, {
        sentiment: sentimentOf(item),
        insight: () => cilInsight(item, sentimentOf),
      });
    }
  }
  const labelOf = (key: string) =>
    query.scope === 'person' ? index.labelOf(key) : (titles.get(key) ?? key);
  return { topic_id: topicId, scope: query.scope, perspectives: perspectivesOf(groups, labelOf) };
}
