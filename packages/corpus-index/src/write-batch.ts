import { arcCountOf, type InsightSentiment, termDocumentsOf } from '@podcast/corpus';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';
import type { EpisodeRows } from './episode-rows.js';
import type { IndexKysely } from './index-file.js';
import { batchesOf } from './ingest-base.js';
import type { EpisodesTable, GraphTopicArcCountsTable } from './schema.js';

/** Rows per insert statement: well under either engine's bound on bound parameters. */
const ROWS_PER_INSERT = 500;

type PartTable =
  | 'insights'
  | 'quotes'
  | 'insight_quotes'
  | 'quote_speakers'
  | 'insight_topics'
  | 'persons'
  | 'episode_speakers'
  | 'episode_topics'
  | 'episode_persons'
  | 'episode_search'
  | 'episode_nodes'
  | 'graph_episodes'
  | 'graph_insights'
  | 'graph_insight_topics'
  | 'graph_insight_speakers'
  | 'graph_insight_entities'
  | 'graph_speaker_topics'
  | 'graph_labels'
  | 'graph_aliases'
  | 'insight_ids'
  | 'explore_insights'
  | 'explore_insight_topics'
  | 'explore_insight_persons';

/** Rows per SQLite insert at most; fewer go in powers of two (`sqliteChunkSizesOf`). */
const SQLITE_ROWS_PER_INSERT = 512;

/** The sizes of `count` rows' inserts: chunks of 512, then the rest in descending powers of two. */
function sqliteChunkSizesOf(count: number): number[] {
  const sizes: number[] = [];
  let left = count;
  for (; left >= SQLITE_ROWS_PER_INSERT; left -= SQLITE_ROWS_PER_INSERT) {
    sizes.push(SQLITE_ROWS_PER_INSERT);
  }
  for (let size = SQLITE_ROWS_PER_INSERT / 2; size >= 1; size /= 2) {
    if (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/**
 * The values of `size` rows from `at`, column by column, each row's
 * episode last; undefined when a row has other keys or an undefined value.
 */
function parametersOf(
  part: PartRows,
  at: number,
  size: number,
  columns: readonly string[],
): unknown[] | undefined {
  const parameters: unknown[] = [];
  for (let i = at; i < at + size; i++) {
    const row = part.rows[i] as Record<string, unknown>;
    if (Object.keys(row).length !== columns.length) {
      return undefined;
    }
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) {
        return undefined;
      }
      parameters.push(value);
    }
    parameters.push(part.episodes[i]);
  }
  return parameters;
}

/** A part table's rows of several episodes, each row's episode id at its index in `episodes`. */
interface PartRows {
  rows: readonly object[];
  episodes: readonly number[];
}

/** `size` rows from `at` as the table's rows, with their episode. */
function rowsWithEpisode(part: PartRows, at: number, size: number): object[] {
  return part.rows
    .slice(at, at + size)
    .map((row, i) => ({ ...row, episode: part.episodes[at + i] }));
}

/** SQLite insert texts by table, row count and columns, each as Kysely compiled it the first time. */
const insertTexts = new Map<string, string>();

/**
 * Inserts a part table's rows, a bounded number per statement. On SQLite
 * the chunks come in a few sizes and each statement's text is compiled by
 * Kysely once: the connection then prepares it once and only binds it
 * after (compiling every insert anew was about a fifth of the writer's
 * time in a first build), and the parameters are read off the rows as
 * built, without a copy of each carrying its episode. On PostgreSQL each
 * statement is a round trip, so the rows go 500 at a time.
 */
async function insertRows(trx: IndexKysely, table: PartTable, part: PartRows) {
  const count = part.rows.length;
  if (dialectOf(trx as Kysely<unknown>) === 'postgres') {
    for (let at = 0; at < count; at += ROWS_PER_INSERT) {
      // The row types are checked where they are built (episode-rows.ts).
      await trx
        .insertInto(table)
        .values(rowsWithEpisode(part, at, ROWS_PER_INSERT) as never)
        .execute();
    }
    return;
  }
  let at = 0;
  for (const size of sqliteChunkSizesOf(count)) {
    const columns = Object.keys(part.rows[at] as object);
    const key = `${table}|${size}|${columns.join(',')}`;
    const parameters = parametersOf(part, at, size, columns);
    const text = insertTexts.get(key);
    const query =
      text !== undefined && parameters !== undefined
        ? CompiledQuery.raw(text, parameters)
        : trx
            .insertInto(table)
            .values(rowsWithEpisode(part, at, size) as never)
            .compile();
    if (parameters !== undefined) {
      insertTexts.set(key, query.sql);
    }
    await trx.executeQuery(query);
    at += size;
  }
}

/** Each part table with the field of `EpisodeRows` that holds its rows, in writing order. */
const PARTS: ReadonlyArray<
  readonly [PartTable, Exclude<keyof EpisodeRows, 'episode' | 'termTexts'>]
> = [
  ['insights', 'insights'],
  ['quotes', 'quotes'],
  ['insight_quotes', 'insightQuotes'],
  ['quote_speakers', 'quoteSpeakers'],
  ['insight_topics', 'insightTopics'],
  ['persons', 'persons'],
  ['episode_speakers', 'episodeSpeakers'],
  ['episode_topics', 'episodeTopics'],
  ['episode_persons', 'episodePersons'],
  ['episode_search', 'episodeSearch'],
  ['episode_nodes', 'episodeNodes'],
  ['graph_episodes', 'graphEpisode'],
  ['graph_insights', 'graphInsights'],
  ['graph_insight_topics', 'graphInsightTopics'],
  ['graph_insight_speakers', 'graphInsightSpeakers'],
  ['graph_insight_entities', 'graphInsightEntities'],
  ['graph_speaker_topics', 'graphSpeakerTopics'],
  ['graph_labels', 'graphLabels'],
  ['graph_aliases', 'graphAliases'],
  ['insight_ids', 'insightIds'],
  ['explore_insights', 'exploreInsights'],
  ['explore_insight_topics', 'exploreInsightTopics'],
  ['explore_insight_persons', 'exploreInsightPersons'],
];

/** Every table whose rows belong to an episode: those a rewrite in place deletes. */
export const PART_TABLES: readonly PartTable[] = PARTS.map(([table]) => table);

/** One insight-topic pair as the conversation arc's running counts key it. */
interface ArcPart {
  topic_id: string;
  type_key: string;
  date: string | null;
  sentiment_compound: number | null;
  sentiment_label: string | null;
}

/** The running-count rows of `parts`, summed per topic, type, date and label. */
function arcCountsOf(parts: Iterable<ArcPart>): GraphTopicArcCountsTable[] {
  const counts = new Map<string, GraphTopicArcCountsTable>();
  for (const part of parts) {
    const sentiment =
      part.sentiment_compound === null || part.sentiment_label === null
        ? undefined
        : ({
            compound: part.sentiment_compound,
            label: part.sentiment_label,
          } as InsightSentiment);
    const one = arcCountOf(part.date, sentiment);
    const row = {
      topic_id: part.topic_id,
      type_key: part.type_key,
      date: one.date ?? '',
      label: one.label ?? '',
    };
    const key = `${row.topic_id}\u0000${row.type_key}\u0000${row.date}\u0000${row.label}`;
    const count = counts.get(key) ?? { ...row, insights: 0, compound_units: 0 };
    count.insights += one.insights;
    count.compound_units += one.compound_units;
    counts.set(key, count);
  }
  return [...counts.values()];
}

/** Takes the arc counts of the episodes at `relpaths` out of the running counts. */
async function forgetArcCounts(trx: IndexKysely, relpaths: readonly string[]) {
  const parts = await trx
    .selectFrom('graph_insight_topics as t')
    .innerJoin('graph_insights as gi', (join) =>
      join.onRef('gi.episode', '=', 't.episode').onRef('gi.rank', '=', 't.rank'),
    )
    .innerJoin('graph_episodes as ge', 'ge.episode', 't.episode')
    .innerJoin('episodes as e', 'e.id', 't.episode')
    .select(['t.topic_id', 'gi.type_key', 'ge.date', 'gi.sentiment_compound', 'gi.sentiment_label'])
    .where('e.metadata_relpath', 'in', relpaths)
    .execute();
  const counts = arcCountsOf(parts);
  for (const count of counts) {
    await trx
      .updateTable('graph_topic_arc_counts')
      .set((eb) => ({
        insights: eb('insights', '-', count.insights),
        compound_units: eb('compound_units', '-', count.compound_units),
      }))
      .where('topic_id', '=', count.topic_id)
      .where('type_key', '=', count.type_key)
      .where('date', '=', count.date)
      .where('label', '=', count.label)
      .execute();
  }
  const topics = [...new Set(counts.map((count) => count.topic_id))];
  for (const chunk of batchesOf(topics, ROWS_PER_INSERT)) {
    await trx
      .deleteFrom('graph_topic_arc_counts')
      .where('insights', '<=', 0)
      .where('topic_id', 'in', chunk)
      .execute();
  }
}

/**
 * Adds `sign` times the document frequencies of `texts` to ask's running
 * term counts, the number of texts under the empty term. Taking texts out
 * is an upsert of negative counts, so adding and taking out are one
 * statement shape; a count that reaches 0 is deleted.
 */
async function countTerms(trx: IndexKysely, texts: readonly string[], sign: 1 | -1) {
  const { documents, counts } = termDocumentsOf(texts);
  if (documents === 0) {
    return;
  }
  const values = [
    { term: '', documents: sign * documents },
    ...[...counts].map(([term, n]) => ({ term, documents: sign * n })),
  ];
  for (const chunk of batchesOf(values, ROWS_PER_INSERT)) {
    await trx
      .insertInto('term_counts')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('term').doUpdateSet((eb) => ({
          documents: eb('term_counts.documents', '+', eb.ref('excluded.documents')),
        })),
      )
      .execute();
  }
  if (sign < 0) {
    for (const chunk of batchesOf(values, ROWS_PER_INSERT)) {
      const terms = chunk.map((value) => value.term);
      await trx
        .deleteFrom('term_counts')
        .where('documents', '<=', 0)
        .where('term', 'in', terms)
        .execute();
    }
  }
}

/** The texts of the episodes at `relpaths` that `countTerms` counted when they were written. */
async function termTextsOfEpisodes(trx: IndexKysely, relpaths: readonly string[]) {
  const [insights, quotes] = [
    await trx
      .selectFrom('explore_insights as x')
      .innerJoin('episodes as e', 'e.id', 'x.episode')
      .select('x.item')
      .where('e.metadata_relpath', 'in', relpaths)
      .execute(),
    await trx
      .selectFrom('quotes as q')
      .innerJoin('episodes as e', 'e.id', 'q.episode')
      .select('q.text')
      .where('e.metadata_relpath', 'in', relpaths)
      .execute(),
  ];
  return [
    ...insights.map((row) => (JSON.parse(row.item) as { text: string }).text),
    ...quotes.map((row) => row.text),
  ];
}

/**
 * Takes the insights of the episodes at `relpaths` out of the running
 * counts (the tables no episode owns); with `topics` false, out of ask's
 * term counts only (the topics' are made again at the end: `recountTopics`).
 */
async function forgetCounts(trx: IndexKysely, relpaths: readonly string[], topics: boolean) {
  await countTerms(trx, await termTextsOfEpisodes(trx, relpaths), -1);
  if (!topics) {
    return;
  }
  const theirs = (table: 'graph_insight_topics' | 'graph_speaker_topics') =>
    sql`select ${sql.raw(table === 'graph_insight_topics' ? 't.topic_id' : 't.topic_id, t.person_id')}
      from ${sql.table(table)} t join episodes e on e.id = t.episode
      where e.metadata_relpath in (${sql.join(relpaths)})`;
  await sql`update graph_topic_counts set insights = insights - (
      select count(*) from graph_insight_topics t join episodes e on e.id = t.episode
      where e.metadata_relpath in (${sql.join(relpaths)})
        and t.topic_id = graph_topic_counts.topic_id)
    where topic_id in (${theirs('graph_insight_topics')})`.execute(trx);
  await trx.deleteFrom('graph_topic_counts').where('insights', '<=', 0).execute();
  const pairs = sql`(topic_id, person_id) in (${theirs('graph_speaker_topics')})`;
  await sql`update graph_topic_speaker_counts set insights = insights - (
      select count(*) from graph_speaker_topics t join episodes e on e.id = t.episode
      where e.metadata_relpath in (${sql.join(relpaths)})
        and t.topic_id = graph_topic_speaker_counts.topic_id
        and t.person_id = graph_topic_speaker_counts.person_id)
    where ${pairs}`.execute(trx);
  await sql`delete from graph_topic_speaker_counts where insights <= 0 and ${pairs}`.execute(trx);
  await forgetArcCounts(trx, relpaths);
}

/** Deletes the episodes at `relpaths` with their rows, taking them out of the running counts first. */
export async function forgetEpisodes(trx: IndexKysely, relpaths: readonly string[]) {
  if (relpaths.length === 0) {
    return;
  }
  await forgetCounts(trx, relpaths, true);
  await trx.deleteFrom('episodes').where('metadata_relpath', 'in', relpaths).execute();
}

/** Deletes the part rows of the episodes with `ids`, whose episode rows stay. */
async function forgetParts(trx: IndexKysely, ids: readonly number[]) {
  for (const chunk of batchesOf(ids, ROWS_PER_INSERT)) {
    for (const table of PART_TABLES) {
      await trx.deleteFrom(table).where('episode', 'in', chunk).execute();
    }
  }
}

/** Adds the episodes' insights to the running counts. */
async function countTopics(trx: IndexKysely, list: readonly EpisodeRows[]): Promise<void> {
  const topics = new Map<string, number>();
  for (const { topic_id } of list.flatMap((rows) => rows.graphInsightTopics)) {
    topics.set(topic_id, (topics.get(topic_id) ?? 0) + 1);
  }
  const values = [...topics].map(([topic_id, insights]) => ({ topic_id, insights }));
  for (const chunk of batchesOf(values, ROWS_PER_INSERT)) {
    await trx
      .insertInto('graph_topic_counts')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('topic_id').doUpdateSet((eb) => ({
          insights: eb('graph_topic_counts.insights', '+', eb.ref('excluded.insights')),
        })),
      )
      .execute();
  }
  const pairs = new Map<string, { topic_id: string; person_id: string; insights: number }>();
  for (const { topic_id, person_id } of list.flatMap((rows) => rows.graphSpeakerTopics)) {
    const key = `${topic_id}\u0000${person_id}`;
    const pair = pairs.get(key) ?? { topic_id, person_id, insights: 0 };
    pair.insights++;
    pairs.set(key, pair);
  }
  const pairValues = [...pairs.values()];
  for (const chunk of batchesOf(pairValues, ROWS_PER_INSERT)) {
    await trx
      .insertInto('graph_topic_speaker_counts')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['topic_id', 'person_id']).doUpdateSet((eb) => ({
          insights: eb('graph_topic_speaker_counts.insights', '+', eb.ref('excluded.insights')),
        })),
      )
      .execute();
  }
  const arcValues = arcCountsOf(
    list.flatMap((rows) => {
      const insights = new Map(rows.graphInsights.map((insight) => [insight.rank, insight]));
      const date = rows.graphEpisode[0]?.date ?? null;
      return rows.graphInsightTopics.map(({ rank, topic_id }) => {
        const insight = insights.get(rank);
        return {
          topic_id,
          type_key: insight?.type_key ?? '',
          date,
          sentiment_compound: insight?.sentiment_compound ?? null,
          sentiment_label: insight?.sentiment_label ?? null,
        };
      });
    }),
  );
  for (const chunk of batchesOf(arcValues, ROWS_PER_INSERT)) {
    await trx
      .insertInto('graph_topic_arc_counts')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['topic_id', 'date', 'label', 'type_key']).doUpdateSet((eb) => ({
          insights: eb('graph_topic_arc_counts.insights', '+', eb.ref('excluded.insights')),
          compound_units: eb(
            'graph_topic_arc_counts.compound_units',
            '+',
            eb.ref('excluded.compound_units'),
          ),
        })),
      )
      .execute();
  }
}

/** How `writeEpisodesRows` keeps the running counts. */
export interface WriteOptions {
  /**
   * false: the topics' running counts (`graph_topic_counts`,
   * `graph_topic_speaker_counts`, `graph_topic_arc_counts`) are left as
   * they are, to be made again by `recountTopics` once every batch is
   * written. Ask's term counts are kept either way (they need the texts).
   */
  topicCounts?: boolean;
}

/**
 * Makes the topics' running counts again from the rows they count, as
 * `countTopics` adds them up batch by batch. A first build's layers pass
 * writes its batches without them and counts once at its end: upserting
 * them batch by batch was about a tenth of its writer's time.
 */
export async function recountTopics(trx: IndexKysely): Promise<void> {
  await trx.deleteFrom('graph_topic_counts').execute();
  await sql`insert into graph_topic_counts (topic_id, insights)
    select topic_id, count(*) from graph_insight_topics group by topic_id`.execute(trx);
  await trx.deleteFrom('graph_topic_speaker_counts').execute();
  await sql`insert into graph_topic_speaker_counts (topic_id, person_id, insights)
    select topic_id, person_id, count(*) from graph_speaker_topics
    group by topic_id, person_id`.execute(trx);
  // arcCountOf: the episode's graph date and the insight's sentiment, as the topic rows hold it.
  await trx.deleteFrom('graph_topic_arc_counts').execute();
  await sql`insert into graph_topic_arc_counts
      (topic_id, type_key, date, label, insights, compound_units)
    select t.topic_id, gi.type_key, coalesce(ge.date, ''), coalesce(t.sentiment_label, ''),
      count(*), coalesce(sum(t.compound_units), 0)
    from graph_insight_topics t
    join graph_insights gi on gi.episode = t.episode and gi.rank = t.rank
    join graph_episodes ge on ge.episode = t.episode
    group by t.topic_id, gi.type_key, coalesce(ge.date, ''), coalesce(t.sentiment_label, '')`.execute(
    trx,
  );
}

/** The columns of `episodes` a rewrite of an episode sets: all but its id and relpath (the type lists them all). */
const REWRITTEN: Record<Exclude<keyof EpisodesTable, 'id' | 'metadata_relpath'>, true> = {
  slug: true,
  feed_id: true,
  episode_id: true,
  sort_date: true,
  catalog_status: true,
  source_key: true,
  art_paths: true,
  record: true,
  media_key: true,
};
const REWRITTEN_COLUMNS = Object.keys(REWRITTEN) as Array<keyof typeof REWRITTEN>;

/**
 * Replaces the rows of several episodes, each table's rows of all of them
 * in a few statements: a statement per table and episode was most of a
 * first build's round trips on PostgreSQL. Each table's rows keep the
 * episodes' order. An episode the index holds keeps its row and id: its
 * parts are deleted and its columns set in place, which spares the six
 * catalog indexes and the cascades a delete and insert would cost (a
 * first build's layers pass rewrites every episode its catalog pass wrote).
 */
export async function writeEpisodesRows(
  trx: IndexKysely,
  list: readonly EpisodeRows[],
  options: WriteOptions = {},
): Promise<void> {
  const topics = options.topicCounts !== false;
  const relpaths = list.map((rows) => rows.episode.metadata_relpath);
  const existing = new Map<string, number>();
  for (const chunk of batchesOf(relpaths, ROWS_PER_INSERT)) {
    const found = await trx
      .selectFrom('episodes')
      .select(['id', 'metadata_relpath'])
      .where('metadata_relpath', 'in', chunk)
      .execute();
    for (const row of found) {
      existing.set(row.metadata_relpath, row.id);
    }
  }
  // An episode new to the index has nothing to forget: the catalog pass skips the counts' updates.
  if (existing.size > 0) {
    await forgetCounts(trx, [...existing.keys()], topics);
    await forgetParts(trx, [...existing.values()]);
  }
  const ids = new Map<string, number>();
  for (const chunk of batchesOf(list, ROWS_PER_INSERT)) {
    const written = await trx
      .insertInto('episodes')
      .values(chunk.map((rows) => rows.episode))
      .onConflict((oc) =>
        oc
          .column('metadata_relpath')
          .doUpdateSet((eb) =>
            Object.fromEntries(
              REWRITTEN_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)]),
            ),
          ),
      )
      .returning(['id', 'metadata_relpath'])
      .execute();
    for (const row of written) {
      ids.set(row.metadata_relpath, row.id);
    }
  }
  for (const [table, field] of PARTS) {
    const part = { rows: [] as object[], episodes: [] as number[] };
    for (const episodeRows of list) {
      const episode = ids.get(episodeRows.episode.metadata_relpath) as number;
      for (const row of episodeRows[field] as readonly object[]) {
        part.rows.push(row);
        part.episodes.push(episode);
      }
    }
    await insertRows(trx, table, part);
  }
  if (topics) {
    await countTopics(trx, list);
  }
  await countTerms(
    trx,
    list.flatMap((rows) => rows.termTexts),
    1,
  );
}
