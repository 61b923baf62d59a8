import type { CilInsight } from '@podcast/contracts';
import {
  BRIEF_INSIGHTS_PER_TOPIC,
  BRIEF_TOPICS,
  briefQuotes,
  conversationArcOfCounts,
  crossShowOf,
  type EpisodeRecord,
  episodeNode,
  type InsightSentiment,
  type InsightTypes,
  insightNodeOf,
  joinCilInsight,
  LEADERS_PER_TOPIC,
  labeledNode,
  labelFromId,
  PERSPECTIVE_INSIGHTS,
  type PerspectiveGroup,
  perspectivesOfGroups,
  podcastFeedId,
  requestedGraphId,
  type SentimentLabel,
  stripEpisodePrefix,
  type TimelineCard,
  timelineEpisode,
  typesEcho,
} from '@podcast/corpus';
import { type RawBuilder, sql } from 'kysely';
import type { IndexKysely } from './index-file.js';

/*
 * The graph-query (CIL) answers of packages/corpus's cil-queries.ts, from
 * the graph tables. Orders and ties are those of the graph index: its
 * structural order is the catalog order (sort_date desc, metadata_relpath)
 * then the display rank; every text compares bytewise on both engines.
 */

type Prefix = 'topic:' | 'person:' | 'org:';

/** A requested id in the index's terms (`GraphIndex.canonicalOf`): the newest eligible episode's alias wins. */
export async function canonicalGraphId(
  db: IndexKysely,
  id: string,
  fallbackPrefix: Prefix,
): Promise<string> {
  const prefixed = requestedGraphId(id, fallbackPrefix);
  const alias = await db
    .selectFrom('graph_aliases')
    .select('to_id')
    .where('from_id', '=', prefixed)
    .orderBy('sort_date', 'desc')
    .orderBy('metadata_relpath')
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return alias?.to_id ?? prefixed;
}

/** The label of the newest eligible episode that names `id`, else one made from the id (`GraphIndex.labelOf`). */
export async function graphLabelOf(db: IndexKysely, id: string): Promise<string> {
  const row = await db
    .selectFrom('graph_labels')
    .select('label')
    .where('node_id', '=', id)
    .orderBy('sort_date', 'desc')
    .orderBy('metadata_relpath')
    .limit(1)
    .executeTakeFirst();
  return row?.label ?? labelFromId(id);
}

/** GET /api/topics/{id}/persons, as `topicPersons`: speakers of counted insights, most first, then id. */
export async function topicPersonsFromIndex(db: IndexKysely, topic: string) {
  const topicId = await canonicalGraphId(db, topic, 'topic:');
  const rows = await db
    .selectFrom('graph_speaker_topics')
    .select((eb) => ['person_id', eb.fn.countAll<number>().as('n')])
    .where('topic_id', '=', topicId)
    .where('counted', '=', 1)
    .groupBy('person_id')
    .orderBy('n', 'desc')
    .orderBy('person_id')
    .execute();
  return { topic_id: topicId, person_ids: rows.map((row) => row.person_id) };
}

/** GET /api/persons/{id}/topics, as `personTopics`: the person's topics, most insights first, then id. */
export async function personTopicsFromIndex(db: IndexKysely, person: string) {
  const personId = await canonicalGraphId(db, person, 'person:');
  const topics = await topicCountsOf(db, personId);
  return { person_id: personId, topic_ids: topics.map((t) => t.topic_id), topics };
}

/** The person's topics with their labels and insight counts, most insights first, then id (`byTopicOf`). */
async function topicCountsOf(db: IndexKysely, personId: string) {
  const rows = await db
    .selectFrom('graph_speaker_topics as st')
    .select((eb) => [
      'st.topic_id',
      eb.fn.countAll<number>().as('n'),
      eb
        .selectFrom('graph_labels as l')
        .select('l.label')
        .whereRef('l.node_id', '=', 'st.topic_id')
        .orderBy('l.sort_date', 'desc')
        .orderBy('l.metadata_relpath')
        .limit(1)
        .as('label'),
    ])
    .where('st.person_id', '=', personId)
    .groupBy('st.topic_id')
    .orderBy('n', 'desc')
    .orderBy('st.topic_id')
    .execute();
  return rows.map((row) => ({
    topic_id: row.topic_id,
    label: row.label ?? labelFromId(row.topic_id),
    insight_count: Number(row.n),
  }));
}

/** An insight's stored sidecar entry, as the CIL answers read it. */
interface SentimentColumns {
  sentiment_compound: number | null;
  sentiment_label: InsightSentiment['label'] | null;
}

/** A graph_insights row with its graph_episodes row, as the CIL answers read them. */
interface ItemRow extends SentimentColumns {
  episode: number;
  fields: string;
  item: string;
}

/**
 * `chronological`: oldest first, undated last, then the structural order
 * (catalog order, then display rank).
 */
const CHRONOLOGICAL = sql`case when ge.date is null then 1 else 0 end, ge.date, ge.sort_date desc, ge.metadata_relpath, gi.rank`;

const SENTIMENT_COLUMNS = ['gi.sentiment_compound', 'gi.sentiment_label'] as const;

const ITEM_COLUMNS = ['gi.episode', 'ge.fields', 'gi.item', ...SENTIMENT_COLUMNS] as const;

/** `insight_types` as a condition on `gi.type_key`; undefined keeps every type. */
function typeCondition(types: InsightTypes): readonly string[] | undefined {
  return types === 'all' ? undefined : types;
}

type EpisodeFields = Parameters<typeof joinCilInsight>[1];
type OwnFields = Parameters<typeof joinCilInsight>[0];

/** The insight's sentiment as its sidecar gave it (`{ compound, label }`), if it has one. */
function sentimentOf(row: SentimentColumns): InsightSentiment | undefined {
  return row.sentiment_compound === null || row.sentiment_label === null
    ? undefined
    : { compound: row.sentiment_compound, label: row.sentiment_label };
}

/** Each row's CIL insight with its sentiment. */
function withSentiment(rows: readonly ItemRow[]): CilInsight[] {
  const fields = new Map<number, EpisodeFields>();
  return rows.map((row) => {
    let episode = fields.get(row.episode);
    if (episode === undefined) {
      episode = JSON.parse(row.fields) as EpisodeFields;
      fields.set(row.episode, episode);
    }
    return joinCilInsight(JSON.parse(row.item) as OwnFields, episode, sentimentOf(row));
  });
}

/**
 * GET /api/topics/{id}/conversation-arc, as `conversationArc`: the topic's
 * insights of the kept types counted per ISO week, from the writer's
 * running counts per day.
 */
export async function conversationArcFromIndex(
  db: IndexKysely,
  query: { topic: string; types: InsightTypes },
) {
  const topicId = await canonicalGraphId(db, query.topic, 'topic:');
  const types = typeCondition(query.types);
  const rows =
    types?.length === 0
      ? []
      : await db
          .selectFrom('graph_topic_arc_counts')
          .select((eb) => [
            'date',
            'label',
            eb.fn.sum<number | string>('insights').as('insights'),
            eb.fn.sum<number | string>('compound_units').as('compound_units'),
          ])
          .where('topic_id', '=', topicId)
          .$if(types !== undefined, (q) => q.where('type_key', 'in', types as string[]))
          .groupBy(['date', 'label'])
          .execute();
  return conversationArcOfCounts(
    topicId,
    query.types,
    rows.map((row) => ({
      date: row.date === '' ? null : row.date,
      label: row.label === '' ? null : (row.label as SentimentLabel),
      // PostgreSQL sums integers as bigint, which its driver gives as text.
      insights: Number(row.insights),
      compound_units: Number(row.compound_units),
    })),
  );
}

/** GET /api/persons/{id}/positions, as `personPositions`: the person's insights on the topic, oldest first. */
export async function personPositionsFromIndex(
  db: IndexKysely,
  query: { person: string; topic: string; types: InsightTypes },
) {
  const [personId, topicId] = await Promise.all([
    canonicalGraphId(db, query.person, 'person:'),
    canonicalGraphId(db, query.topic, 'topic:'),
  ]);
  const types = typeCondition(query.types);
  const positions = async () =>
    types?.length === 0
      ? []
      : db
          .selectFrom('graph_speaker_topics as st')
          .innerJoin('graph_insights as gi', (join) =>
            join.onRef('gi.episode', '=', 'st.episode').onRef('gi.rank', '=', 'st.rank'),
          )
          .innerJoin('graph_episodes as ge', 'ge.episode', 'gi.episode')
          .select(ITEM_COLUMNS)
          .where('st.person_id', '=', personId)
          .where('st.topic_id', '=', topicId)
          .$if(types !== undefined, (q) => q.where('gi.type_key', 'in', types as string[]))
          .orderBy(CHRONOLOGICAL)
          .execute();
  const [label, rows] = await Promise.all([graphLabelOf(db, personId), positions()]);
  return {
    person_id: personId,
    display_name: label,
    topic_id: topicId,
    insight_types: typesEcho(query.types),
    items: withSentiment(rows),
  };
}

/** Canonical topic ids of a request, deduplicated and sorted (`canonicalTopicIds`). */
async function canonicalTopicIdsOf(db: IndexKysely, topics: readonly string[]) {
  const ids = await Promise.all(topics.map((t) => canonicalGraphId(db, t, 'topic:')));
  return [...new Set(ids)].sort();
}

/**
 * A topic timeline over one or more topics, as `topicTimeline`: each
 * episode once, oldest first, its insights once however many topics they are about.
 */
export async function topicTimelineFromIndex(
  db: IndexKysely,
  query: { topics: readonly string[]; types: InsightTypes },
) {
  const topicIds = await canonicalTopicIdsOf(db, query.topics);
  const types = typeCondition(query.types);
  const rows =
    topicIds.length === 0 || types?.length === 0
      ? []
      : await db
          .selectFrom('graph_insights as gi')
          .innerJoin('graph_episodes as ge', 'ge.episode', 'gi.episode')
          .select(ITEM_COLUMNS)
          // Driven from the topics' index range, each insight once.
          .where((eb) =>
            eb(
              eb.refTuple('gi.episode', 'gi.rank'),
              'in',
              eb
                .selectFrom('graph_insight_topics as t')
                .select(['t.episode', 't.rank'])
                .where('t.topic_id', 'in', topicIds)
                .$asTuple('episode', 'rank'),
            ),
          )
          .$if(types !== undefined, (q) => q.where('gi.type_key', 'in', types as string[]))
          .orderBy(CHRONOLOGICAL)
          .execute();
  const insights = withSentiment(rows);
  const byEpisode = new Map<number, CilInsight[]>();
  rows.forEach((row, at) => {
    const list = byEpisode.get(row.episode) ?? [];
    list.push(insights[at] as CilInsight);
    byEpisode.set(row.episode, list);
  });
  const cards = await cardsOf(db, [...byEpisode.keys()]);
  return {
    topic_ids: topicIds,
    insight_types: typesEcho(query.types),
    episodes: [...byEpisode].map(([id, list]) =>
      timelineEpisode(JSON.parse(cards.get(id) as string) as TimelineCard, list),
    ),
  };
}

/**
 * The timeline cards of graph episodes by row id, a bounded number of ids
 * per statement: read apart, as a column of every insight row they made
 * the sorted rows larger and the query slower.
 */
async function cardsOf(db: IndexKysely, ids: readonly number[]) {
  const cards = new Map<number, string>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('graph_episodes')
      .select(['episode', 'card'])
      .where('episode', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      cards.set(row.episode, row.card);
    }
  }
  return cards;
}

/** The label of the node in `column`, as `graphLabelOf` finds it, for a select list. */
const newestLabelOf = (column: string) =>
  sql<string | null>`(select l.label from graph_labels l where l.node_id = ${sql.ref(column)}
    order by l.sort_date desc, l.metadata_relpath limit 1)`;

interface LeaderRow {
  topic_id: string;
  person_id: string;
  n: number;
  label: string | null;
}

/**
 * GET /api/topics/perspective-leaders, as `perspectiveLeaders`: the `limit`
 * topics with the most insights, then by id, each with its three most
 * prolific speakers (then by id), read from the writer's running counts.
 */
export async function perspectiveLeadersFromIndex(db: IndexKysely, limit: number) {
  const top = await sql<{ topic_id: string; n: number; label: string | null }>`
    select c.topic_id, c.insights as n, ${newestLabelOf('c.topic_id')} as label
    from graph_topic_counts c order by c.insights desc, c.topic_id limit ${limit}`.execute(db);
  if (top.rows.length === 0) {
    return { topics: [] };
  }
  const ids = top.rows.map((row) => row.topic_id);
  const leaders =
    await sql<LeaderRow>`select r.topic_id, r.person_id, r.n, ${newestLabelOf('r.person_id')} as label
    from (select topic_id, person_id, insights as n,
            row_number() over (partition by topic_id order by insights desc, person_id) as place
          from graph_topic_speaker_counts where topic_id in (${sql.join(ids)})) r
    where r.place <= ${LEADERS_PER_TOPIC}
    order by r.topic_id, r.place`.execute(db);
  const leadersOf = new Map<string, LeaderRow[]>();
  for (const row of leaders.rows) {
    leadersOf.set(row.topic_id, [...(leadersOf.get(row.topic_id) ?? []), row]);
  }
  return {
    topics: top.rows.map((row) => ({
      topic_id: row.topic_id,
      label: row.label ?? labelFromId(row.topic_id),
      insight_count: Number(row.n),
      leaders: (leadersOf.get(row.topic_id) ?? []).map((leader) => ({
        person_id: leader.person_id,
        display_name: leader.label ?? labelFromId(leader.person_id),
        insight_count: Number(leader.n),
      })),
    })),
  };
}

/** A group of a topic's perspectives as SQL counts it, with its label for `scope=person`. */
interface PerspectiveMixRow {
  key: string;
  volume: number | string;
  negative: number | string;
  neutral: number | string;
  positive: number | string;
  scored: number | string;
  units: number | string;
  label: string | null;
}

/**
 * A listed insight of a topic's perspectives: its group and its parts, and
 * on the group's first row its episode's card (a show's title).
 */
interface PerspectiveItemRow extends SentimentColumns {
  key: string;
  item: string;
  fields: string;
  card: string | null;
}

/**
 * GET /api/topics/{id}/perspectives, as `topicPerspectives`: the topic's
 * insights grouped by speaker (`scope=person`) or show (`scope=show`).
 * Each row carries its episode's catalog keys and its insight's sentiment,
 * and a covering index lists a topic's rows per group in the structural
 * order: one statement counts each group, another numbers its rows and
 * reads only the listed insights whole.
 */
export async function topicPerspectivesFromIndex(
  db: IndexKysely,
  query: { topic: string; scope: 'person' | 'show' },
) {
  const topicId = await canonicalGraphId(db, query.topic, 'topic:');
  const isPerson = query.scope === 'person';
  const rows = isPerson
    ? sql`graph_speaker_topics p where p.topic_id = ${topicId}`
    : sql`graph_insight_topics p where p.topic_id = ${topicId}`;
  const key = isPerson ? sql.ref('p.person_id') : sql.ref('p.feed_id');
  const personLabel = isPerson ? newestLabelOf('p.person_id') : sql`null`;
  const labelled = (label: string) =>
    sql`sum(case when p.sentiment_label = ${label} then 1 else 0 end)`;
  const [mixes, items] = await Promise.all([
    sql<PerspectiveMixRow>`
      select ${key} as key, count(*) as volume, ${labelled('negative')} as negative,
        ${labelled('neutral')} as neutral, ${labelled('positive')} as positive,
        count(p.sentiment_label) as scored, coalesce(sum(p.compound_units), 0) as units,
        ${personLabel} as label
      from ${rows} group by ${key}`.execute(db),
    sql<PerspectiveItemRow>`
      select r.key, gi.item, ge.fields, gi.sentiment_compound, gi.sentiment_label,
        case when r.place = 1 then ge.card end as card
      from (select ${key} as key, p.episode, p.rank, row_number() over (
              partition by ${key} order by p.sort_date desc, p.metadata_relpath, p.rank) as place
            from ${rows}) r
      join graph_insights gi on gi.episode = r.episode and gi.rank = r.rank
      join graph_episodes ge on ge.episode = r.episode
      where r.place <= ${PERSPECTIVE_INSIGHTS}
      order by r.key, r.place`.execute(db),
  ]);
  const listed = new Map<string, PerspectiveItemRow[]>();
  for (const row of items.rows) {
    const group = listed.get(row.key) ?? [];
    group.push(row);
    listed.set(row.key, group);
  }
  const labels = new Map<string, string>();
  const groups = mixes.rows.map((row): PerspectiveGroup => {
    const first = listed.get(row.key)?.[0];
    const title = isPerson
      ? (row.label ?? labelFromId(row.key))
      : (JSON.parse(first?.card ?? '{}') as Partial<TimelineCard>).podcast_title;
    labels.set(row.key, title ?? row.key);
    return {
      key: row.key,
      // PostgreSQL counts and sums as bigint, which its driver gives as text.
      mix: {
        volume: Number(row.volume),
        negative: Number(row.negative),
        neutral: Number(row.neutral),
        positive: Number(row.positive),
        scored: Number(row.scored),
        units: Number(row.units),
      },
      listed: () =>
        (listed.get(row.key) ?? []).map((item) =>
          joinCilInsight(
            JSON.parse(item.item) as OwnFields,
            JSON.parse(item.fields) as EpisodeFields,
            sentimentOf(item),
          ),
        ),
    };
  });
  return {
    topic_id: topicId,
    scope: query.scope,
    perspectives: perspectivesOfGroups(groups, (group) => labels.get(group) ?? group),
  };
}

/** The person's insights read per page while their brief gathers quotes. */
const BRIEF_PAGE = 40;

/**
 * GET /api/persons/{id}/brief, as `personBrief`, reading only what it
 * lists, so a host with thousands of insights costs about what a guest
 * does: the topic counts as the person's topics reads them, the newest
 * insights of each listed topic from the perspective index, and the
 * person's insights in the structural order a page at a time until the
 * brief's quotes are found.
 */
export async function personBriefFromIndex(db: IndexKysely, person: string) {
  const personId = await canonicalGraphId(db, person, 'person:');
  const [displayName, counted, topics, quotes] = await Promise.all([
    graphLabelOf(db, personId),
    db
      .selectFrom('graph_insight_speakers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('person_id', '=', personId)
      .executeTakeFirstOrThrow(),
    topicCountsOf(db, personId),
    briefQuotesFromIndex(db, personId),
  ]);
  const listed = topics.slice(0, BRIEF_TOPICS);
  const insights = await briefInsightsOf(
    db,
    personId,
    listed.map((topic) => topic.topic_id),
  );
  return {
    person_id: personId,
    display_name: displayName,
    // PostgreSQL counts as bigint, which its driver gives as text.
    insight_count: Number(counted.n),
    topics: listed.map((topic) => ({
      topic_id: topic.topic_id,
      label: topic.label,
      insights: insights.get(topic.topic_id) ?? [],
    })),
    quotes,
  };
}

/**
 * The newest `BRIEF_INSIGHTS_PER_TOPIC` insights of the person on each
 * topic, by topic: one bounded read of the perspective index per topic, so
 * the cost does not grow with how much the person said.
 */
async function briefInsightsOf(db: IndexKysely, personId: string, topicIds: readonly string[]) {
  const byTopic = new Map<string, CilInsight[]>();
  if (topicIds.length === 0) {
    return byTopic;
  }
  const newest = topicIds.map(
    (topicId, at) => sql`select * from (
      select p.topic_id, p.episode, p.rank, p.sort_date, p.metadata_relpath
      from graph_speaker_topics p where p.topic_id = ${topicId} and p.person_id = ${personId}
      order by p.sort_date desc, p.metadata_relpath, p.rank
      limit ${BRIEF_INSIGHTS_PER_TOPIC}) ${sql.raw(`t${at}`)}`,
  );
  const rows = await sql<ItemRow & { topic_id: string }>`
    select r.topic_id, gi.episode, ge.fields, gi.item, gi.sentiment_compound, gi.sentiment_label
    from (${sql.join(newest, sql` union all `)}) r
    join graph_insights gi on gi.episode = r.episode and gi.rank = r.rank
    join graph_episodes ge on ge.episode = r.episode
    order by r.topic_id, r.sort_date desc, r.metadata_relpath, r.rank`.execute(db);
  const insights = withSentiment(rows.rows);
  rows.rows.forEach((row, at) => {
    const list = byTopic.get(row.topic_id) ?? [];
    list.push(insights[at] as CilInsight);
    byTopic.set(row.topic_id, list);
  });
  return byTopic;
}

/**
 * The quotes of a brief (`briefQuotes`): the person's insights in the
 * structural order, a page at a time, with each quote's speaker put in the
 * index's terms once, until the list is full or the insights run out.
 */
async function briefQuotesFromIndex(db: IndexKysely, personId: string) {
  const quotes = briefQuotes(personId);
  const canonical = new Map<string, string>();
  for (let offset = 0; ; offset += BRIEF_PAGE) {
    // The page's keys are read from the speaker index in order, then its insights.
    const rows = await sql<{ item: string }>`
      select gi.item
      from (select s.episode, s.rank, s.sort_date, s.metadata_relpath
            from graph_insight_speakers s
            where s.person_id = ${personId}
            order by s.sort_date desc, s.metadata_relpath, s.rank
            limit ${BRIEF_PAGE} offset ${offset}) k
      join graph_insights gi on gi.episode = k.episode and gi.rank = k.rank
      order by k.sort_date desc, k.metadata_relpath, k.rank`.execute(db);
    const page = rows.rows.flatMap((row) => (JSON.parse(row.item) as OwnFields).quotes);
    const speakers = [
      ...new Set(page.map((quote) => quote.speaker_id).filter((id) => id !== null)),
    ].filter((id) => !canonical.has(id));
    const found = await Promise.all(speakers.map((id) => canonicalGraphId(db, id, 'person:')));
    speakers.forEach((id, at) => {
      canonical.set(id, found[at] as string);
    });
    const full = quotes.add(page, (id) => canonical.get(id) ?? id);
    if (full || rows.rows.length < BRIEF_PAGE) {
      return quotes.listed();
    }
  }
}

/**
 * GET /api/relational/episodes, as `podcastEpisodes`: the show's first `k`
 * graph-eligible episodes in catalog order, on the feed's catalog index.
 */
export async function podcastEpisodesFromIndex(db: IndexKysely, podcast: string, k: number) {
  const rows = await db
    .selectFrom('episodes')
    .innerJoin('graph_episodes', 'graph_episodes.episode', 'episodes.id')
    .select('episodes.record')
    .where('episodes.feed_id', '=', podcastFeedId(podcast))
    .orderBy('episodes.sort_date', 'desc')
    .orderBy('episodes.metadata_relpath')
    .limit(k)
    .execute();
  return rows.map((row) => episodeNode(JSON.parse(row.record) as EpisodeRecord));
}

/**
 * The nodes in `table` (topics or speakers of insights) that share episodes
 * with `id`, as the relational `sharingEpisodes` counts them: each node once
 * per episode where `id` is listed too, `id` left out, most shared first,
 * then the id; only the `k` listed are labelled.
 */
async function sharingEpisodesFromIndex(
  db: IndexKysely,
  table: 'graph_insight_topics' | 'graph_insight_speakers',
  column: 'topic_id' | 'person_id',
  id: string,
  k: number,
) {
  const node = sql.ref(`o.${column}`);
  return labeledCounts(
    db,
    sql`select ${node} as id, count(distinct o.episode) as n from ${sql.table(table)} o
      where o.episode in (select i.episode from ${sql.table(table)} i where ${sql.ref(`i.${column}`)} = ${id})
        and ${node} <> ${id}
      group by ${node}
      order by n desc, ${node}
      limit ${k}`,
  );
}

/**
 * The nodes a counting statement lists (`id`, `n`; ordered by n desc then
 * id, and limited), each labelled as `graphLabelOf` labels it.
 */
export async function labeledCounts(db: IndexKysely, counted: RawBuilder<unknown>) {
  const { rows } = await sql<{ id: string; n: number; label: string | null }>`
    select s.id, s.n, ${newestLabelOf('s.id')} as label from (${counted}) s
    order by s.n desc, s.id`.execute(db);
  return rows.map((row) => labeledNode(row.id, row.label ?? labelFromId(row.id), Number(row.n)));
}

/** GET /api/relational/related-topics, as `relatedTopics`. */
export async function relatedTopicsFromIndex(db: IndexKysely, topic: string, k: number) {
  const id = await canonicalGraphId(db, topic, 'topic:');
  return sharingEpisodesFromIndex(db, 'graph_insight_topics', 'topic_id', id, k);
}

/** GET /api/relational/co-speakers, as `coSpeakers`. */
export async function coSpeakersFromIndex(db: IndexKysely, person: string, k: number) {
  const id = await canonicalGraphId(db, person, 'person:');
  return sharingEpisodesFromIndex(db, 'graph_insight_speakers', 'person_id', id, k);
}

/**
 * The episode a relational `episode` scope names, as the relational routes'
 * `byEpisode` finds it: by episode_id (as given, then without its
 * `episode:` prefix), else slug, else metadata relpath, the first in
 * catalog order for each.
 */
async function relationalEpisodeOf(db: IndexKysely, id: string) {
  const tries = [
    ['episode_id', id],
    ['episode_id', stripEpisodePrefix(id)],
    ['slug', id],
    ['metadata_relpath', id],
  ] as const;
  for (const [column, value] of tries) {
    const row = await db
      .selectFrom('episodes')
      .select(['id', 'feed_id', 'episode_id'])
      .where(column, '=', value)
      .orderBy('sort_date', 'desc')
      .orderBy('metadata_relpath')
      .limit(1)
      .executeTakeFirst();
    if (row !== undefined) {
      return row;
    }
  }
  return undefined;
}

/** GET /api/relational/episode-insights, as `episodeInsights`: the first `k` in display order. */
export async function episodeInsightsFromIndex(db: IndexKysely, episode: string, k: number) {
  const found = await relationalEpisodeOf(db, episode);
  if (found === undefined) {
    return [];
  }
  const rows = await db
    .selectFrom('graph_insights')
    .select('item')
    .where('episode', '=', found.id)
    .orderBy('rank')
    .limit(k)
    .execute();
  return rows.map((row) => {
    const own = JSON.parse(row.item) as { id: string; text: string };
    return insightNodeOf(own.id, own.text, found);
  });
}

/** GET /api/relational/topics, as `episodeTopics`: the episode's insight topics, most first, then id. */
export async function episodeTopicsFromIndex(db: IndexKysely, episode: string, k: number) {
  const found = await relationalEpisodeOf(db, episode);
  if (found === undefined) {
    return [];
  }
  return labeledCounts(
    db,
    sql`select t.topic_id as id, count(*) as n from graph_insight_topics t
      where t.episode = ${found.id}
      group by t.topic_id
      order by n desc, t.topic_id
      limit ${k}`,
  );
}

/**
 * GET /api/relational/who-said, as `whoSaid`: the topic's insights grouped
 * by speaker, the `k` speakers with the most first (then by id), each with
 * their first `k` insights in the structural order.
 */
export async function whoSaidFromIndex(db: IndexKysely, topic: string, k: number) {
  const id = await canonicalGraphId(db, topic, 'topic:');
  const { rows } = await sql<{
    person_id: string;
    item: string;
    feed_id: string;
    episode_id: string | null;
  }>`
    with persons as (
      select st.person_id, count(*) as n from graph_speaker_topics st
      where st.topic_id = ${id}
      group by st.person_id
      order by n desc, st.person_id
      limit ${k}
    ), ranked as (
      select st.person_id, st.episode, st.rank, row_number() over (
        partition by st.person_id order by g.sort_date desc, g.metadata_relpath, st.rank
      ) as r
      from graph_speaker_topics st
      join persons p on p.person_id = st.person_id
      join graph_episodes g on g.episode = st.episode
      where st.topic_id = ${id}
    )
    select p.person_id, gi.item, e.feed_id, e.episode_id
    from ranked r
    join persons p on p.person_id = r.person_id
    join graph_insights gi on gi.episode = r.episode and gi.rank = r.rank
    join episodes e on e.id = r.episode
    where r.r <= ${k}
    order by p.n desc, p.person_id, r.r`.execute(db);
  const groups = new Map<string, ReturnType<typeof insightNodeOf>[]>();
  for (const row of rows) {
    const own = JSON.parse(row.item) as { id: string; text: string };
    const list = groups.get(row.person_id) ?? [];
    list.push(insightNodeOf(own.id, own.text, row));
    groups.set(row.person_id, list);
  }
  return Object.fromEntries(groups);
}

/**
 * GET /api/relational/cross-show, as `crossShow`: the topic's insights in
 * the structural order with their show and strength, grouped and ranked by
 * `crossShowOf`.
 */
export async function crossShowFromIndex(
  db: IndexKysely,
  topic: string,
  perShow: number,
  k: number,
) {
  const id = await canonicalGraphId(db, topic, 'topic:');
  const rows = await db
    .selectFrom('graph_insight_topics as t')
    .innerJoin('graph_episodes as g', 'g.episode', 't.episode')
    .innerJoin('graph_insights as gi', (join) =>
      join.onRef('gi.episode', '=', 't.episode').onRef('gi.rank', '=', 't.rank'),
    )
    .innerJoin('episodes as e', 'e.id', 't.episode')
    .select(['gi.item', 'e.feed_id', 'e.episode_id'])
    .where('t.topic_id', '=', id)
    .orderBy('g.sort_date', 'desc')
    .orderBy('g.metadata_relpath')
    .orderBy('t.rank')
    .execute();
  return crossShowOf(
    rows.map((row) => {
      const own = JSON.parse(row.item) as {
        id: string;
        text: string;
        grounded: boolean;
        confidence: number | null;
      };
      return {
        show: row.feed_id,
        grounded: own.grounded,
        confidence: own.confidence,
        node: insightNodeOf(own.id, own.text, row),
      };
    }),
    perShow,
    k,
  );
}
