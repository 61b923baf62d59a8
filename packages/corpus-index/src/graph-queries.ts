import type { CilInsight } from '@podcast/contracts';
import {
  type BriefEntry,
  briefTopicsOf,
  type CorpusPlace,
  conversationArcOf,
  crossShowOf,
  type EpisodeRecord,
  episodeNode,
  type InsightTypes,
  insightNodeOf,
  joinCilInsight,
  LEADERS_PER_TOPIC,
  labeledNode,
  labelFromId,
  type PerspectiveEntry,
  personBriefOf,
  perspectivesOf,
  podcastFeedId,
  readInsightSentiments,
  requestedGraphId,
  stripEpisodePrefix,
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
  const topics = rows.map((row) => ({
    topic_id: row.topic_id,
    label: row.label ?? labelFromId(row.topic_id),
    insight_count: Number(row.n),
  }));
  return { person_id: personId, topic_ids: topics.map((t) => t.topic_id), topics };
}

/** A graph_insights row with its graph_episodes row, as the CIL answers read them. */
interface ItemRow {
  episode: number;
  metadata_relpath: string;
  stem: string;
  fields: string;
  item: string;
}

/**
 * `chronological`: oldest first, undated last, then the structural order
 * (catalog order, then display rank).
 */
const CHRONOLOGICAL = sql`case when ge.date is null then 1 else 0 end, ge.date, ge.sort_date desc, ge.metadata_relpath, gi.rank`;

const ITEM_COLUMNS = [
  'gi.episode',
  'ge.metadata_relpath',
  'ge.stem',
  'ge.fields',
  'gi.item',
] as const;

/** `insight_types` as a condition on `gi.type_key`; undefined keeps every type. */
function typeCondition(types: InsightTypes): readonly string[] | undefined {
  return types === 'all' ? undefined : types;
}

type EpisodeFields = Parameters<typeof joinCilInsight>[1];
type OwnFields = Parameters<typeof joinCilInsight>[0];

/** A row's episode and the keys of its sentiment sidecar. */
interface SidecarKeys {
  episode: number;
  metadata_relpath: string;
  stem: string;
}

/**
 * The sentiment of the rows' insights, each episode's sidecar read once
 * through the corpus file cache, as `sentimentLookup` reads them.
 */
async function sentimentsOf(place: CorpusPlace, rows: readonly SidecarKeys[]) {
  const episodes = new Map<number, SidecarKeys>();
  for (const row of rows) {
    if (!episodes.has(row.episode)) {
      episodes.set(row.episode, row);
    }
  }
  const read = await readInsightSentiments(place, [...episodes.values()]);
  return (episode: number, insightId: string) => {
    const keys = episodes.get(episode);
    return keys && read.get(keys)?.get(insightId);
  };
}

/** Each row's CIL insight with its sentiment. */
async function withSentiment(place: CorpusPlace, rows: readonly ItemRow[]): Promise<CilInsight[]> {
  const sentimentOf = await sentimentsOf(place, rows);
  const fields = new Map<number, EpisodeFields>();
  return rows.map((row) => {
    let episode = fields.get(row.episode);
    if (episode === undefined) {
      episode = JSON.parse(row.fields) as EpisodeFields;
      fields.set(row.episode, episode);
    }
    const own = JSON.parse(row.item) as OwnFields;
    return joinCilInsight(own, episode, sentimentOf(row.episode, own.id));
  });
}

/**
 * GET /api/topics/{id}/conversation-arc, as `conversationArc`: the topic's
 * insights of the kept types in the structural order, counted per ISO week.
 */
export async function conversationArcFromIndex(
  db: IndexKysely,
  place: CorpusPlace,
  query: { topic: string; types: InsightTypes },
) {
  const topicId = await canonicalGraphId(db, query.topic, 'topic:');
  const types = typeCondition(query.types);
  const rows =
    types?.length === 0
      ? []
      : await db
          .selectFrom('graph_insight_topics as t')
          .innerJoin('graph_insights as gi', (join) =>
            join.onRef('gi.episode', '=', 't.episode').onRef('gi.rank', '=', 't.rank'),
          )
          .innerJoin('graph_episodes as ge', 'ge.episode', 't.episode')
          .select(['t.episode', 'ge.date', 'ge.metadata_relpath', 'ge.stem', 'gi.insight_id'])
          .where('t.topic_id', '=', topicId)
          .$if(types !== undefined, (q) => q.where('gi.type_key', 'in', types as string[]))
          .orderBy('ge.sort_date', 'desc')
          .orderBy('ge.metadata_relpath')
          .orderBy('t.rank')
          .execute();
  const sentimentOf = await sentimentsOf(place, rows);
  return conversationArcOf(
    topicId,
    query.types,
    rows.map((row) => ({ date: row.date, sentiment: sentimentOf(row.episode, row.insight_id) })),
  );
}

/** GET /api/persons/{id}/positions, as `personPositions`: the person's insights on the topic, oldest first. */
export async function personPositionsFromIndex(
  db: IndexKysely,
  place: CorpusPlace,
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
    items: await withSentiment(place, rows),
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
  place: CorpusPlace,
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
  const insights = await withSentiment(place, rows);
  const byEpisode = new Map<number, CilInsight[]>();
  rows.forEach((row, at) => {
    const list = byEpisode.get(row.episode) ?? [];
    list.push(insights[at] as CilInsight);
    byEpisode.set(row.episode, list);
  });
  const records = await recordsOf(db, [...byEpisode.keys()]);
  return {
    topic_ids: topicIds,
    insight_types: typesEcho(query.types),
    episodes: [...byEpisode].map(([id, list]) =>
      timelineEpisode(records.get(id) as EpisodeRecord, list),
    ),
  };
}

/** Episode records by row id, a bounded number of ids per statement. */
async function recordsOf(db: IndexKysely, ids: readonly number[]) {
  const records = new Map<number, EpisodeRecord>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('episodes')
      .select(['id', 'record'])
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      records.set(row.id, JSON.parse(row.record) as EpisodeRecord);
    }
  }
  return records;
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

/** A row of a topic's perspectives: its group key, and the insight as `withSentiment` reads it. */
interface PerspectiveRow extends ItemRow {
  key: string;
  insight_id: string;
}

/**
 * GET /api/topics/{id}/perspectives, as `topicPerspectives`: the topic's
 * insights grouped by speaker (`scope=person`) or feed (`scope=show`), each
 * group in the structural order, counted and listed by `perspectivesOf`.
 */
export async function topicPerspectivesFromIndex(
  db: IndexKysely,
  place: CorpusPlace,
  query: { topic: string; scope: 'person' | 'show' },
) {
  const topicId = await canonicalGraphId(db, query.topic, 'topic:');
  const base =
    query.scope === 'person'
      ? db
          .selectFrom('graph_speaker_topics as t')
          .select('t.person_id as key')
          .where('t.topic_id', '=', topicId)
      : db
          .selectFrom('graph_insight_topics as t')
          .innerJoin('episodes as e', 'e.id', 't.episode')
          .select('e.feed_id as key')
          .where('t.topic_id', '=', topicId);
  const rows: PerspectiveRow[] = await base
    .innerJoin('graph_insights as gi', (join) =>
      join.onRef('gi.episode', '=', 't.episode').onRef('gi.rank', '=', 't.rank'),
    )
    .innerJoin('graph_episodes as ge', 'ge.episode', 't.episode')
    .select([...ITEM_COLUMNS, 'gi.insight_id'])
    .orderBy('ge.sort_date', 'desc')
    .orderBy('ge.metadata_relpath')
    .orderBy('t.rank')
    .execute();
  const sentimentOf = await sentimentsOf(place, rows);
  const groups = new Map<string, PerspectiveEntry[]>();
  const firstEpisode = new Map<string, number>();
  for (const row of rows) {
    if (!firstEpisode.has(row.key)) {
      firstEpisode.set(row.key, row.episode);
    }
    const entries = groups.get(row.key) ?? [];
    entries.push({
      sentiment: sentimentOf(row.episode, row.insight_id),
      insight: () =>
        joinCilInsight(
          JSON.parse(row.item) as OwnFields,
          JSON.parse(row.fields) as EpisodeFields,
          sentimentOf(row.episode, row.insight_id),
        ),
    });
    groups.set(row.key, entries);
  }
  const labels = new Map<string, string>();
  if (query.scope === 'person') {
    const keys = [...groups.keys()];
    const found = await Promise.all(keys.map((key) => graphLabelOf(db, key)));
    for (const [at, key] of keys.entries()) {
      labels.set(key, found[at] as string);
    }
  } else {
    const records = await recordsOf(db, [...new Set(firstEpisode.values())]);
    for (const [key, episode] of firstEpisode) {
      labels.set(key, records.get(episode)?.podcast_title ?? key);
    }
  }
  return {
    topic_id: topicId,
    scope: query.scope,
    perspectives: perspectivesOf(groups, (key) => labels.get(key) ?? key),
  };
}

/**
 * GET /api/persons/{id}/brief, as `personBrief`: the person's insights in
 * the structural order, put together by `personBriefOf` with the aliases of
 * their quotes' speakers and the labels of the listed topics read first.
 */
export async function personBriefFromIndex(db: IndexKysely, place: CorpusPlace, person: string) {
  const personId = await canonicalGraphId(db, person, 'person:');
  const [displayName, rows] = await Promise.all([
    graphLabelOf(db, personId),
    db
      .selectFrom('graph_insight_speakers as s')
      .innerJoin('graph_insights as gi', (join) =>
        join.onRef('gi.episode', '=', 's.episode').onRef('gi.rank', '=', 's.rank'),
      )
      .innerJoin('graph_episodes as ge', 'ge.episode', 's.episode')
      .select(ITEM_COLUMNS)
      .where('s.person_id', '=', personId)
      .orderBy('ge.sort_date', 'desc')
      .orderBy('ge.metadata_relpath')
      .orderBy('s.rank')
      .execute(),
  ]);
  const sentimentOf = await sentimentsOf(place, rows);
  const fields = new Map<number, EpisodeFields>();
  const entries: BriefEntry[] = rows.map((row) => {
    const own = JSON.parse(row.item) as OwnFields;
    return {
      topics: own.topic_ids,
      quotes: own.quotes,
      insight: () => {
        let episode = fields.get(row.episode);
        if (episode === undefined) {
          episode = JSON.parse(row.fields) as EpisodeFields;
          fields.set(row.episode, episode);
        }
        return joinCilInsight(own, episode, sentimentOf(row.episode, own.id));
      },
    };
  });
  const speakerIds = [
    ...new Set(entries.flatMap((entry) => entry.quotes.map((quote) => quote.speaker_id))),
  ].filter((id): id is string => id !== null);
  const topicIds = briefTopicsOf(entries).map(([topicId]) => topicId);
  const [speakers, labels] = await Promise.all([
    Promise.all(speakerIds.map((id) => canonicalGraphId(db, id, 'person:'))),
    Promise.all(topicIds.map((id) => graphLabelOf(db, id))),
  ]);
  const speakerOf = new Map(speakerIds.map((id, at) => [id, speakers[at] as string]));
  const labelOf = new Map(topicIds.map((id, at) => [id, labels[at] as string]));
  return personBriefOf(
    { person_id: personId, display_name: displayName },
    entries,
    (id) => speakerOf.get(id) ?? id,
    (id) => labelOf.get(id) ?? labelFromId(id),
  );
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
