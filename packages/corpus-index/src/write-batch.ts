import { arcCountOf, type InsightSentiment } from '@podcast/corpus';
import { sql } from 'kysely';
import type { EpisodeRows } from './episode-rows.js';
import type { IndexKysely } from './index-file.js';
import type { GraphTopicArcCountsTable } from './schema.js';

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

async function insertParts<R extends object>(
  trx: IndexKysely,
  table: PartTable,
  episode: number,
  rows: readonly R[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT).map((row) => ({ ...row, episode }));
    // The row types are checked where they are built (episode-rows.ts).
    await trx
      .insertInto(table)
      .values(chunk as never)
      .execute();
  }
}

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
  for (let start = 0; start < topics.length; start += ROWS_PER_INSERT) {
    await trx
      .deleteFrom('graph_topic_arc_counts')
      .where('insights', '<=', 0)
      .where('topic_id', 'in', topics.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}

/**
 * Deletes the episodes at `relpaths` with their rows, taking their insights
 * out of the running counts first (the counts are the tables no episode owns).
 */
export async function forgetEpisodes(trx: IndexKysely, relpaths: readonly string[]) {
  if (relpaths.length === 0) {
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
  await trx.deleteFrom('episodes').where('metadata_relpath', 'in', relpaths).execute();
}

/** Adds one episode's insights to the running counts. */
async function countTopics(trx: IndexKysely, rows: EpisodeRows): Promise<void> {
  const topics = new Map<string, number>();
  for (const { topic_id } of rows.graphInsightTopics) {
    topics.set(topic_id, (topics.get(topic_id) ?? 0) + 1);
  }
  const values = [...topics].map(([topic_id, insights]) => ({ topic_id, insights }));
  for (let start = 0; start < values.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('graph_topic_counts')
      .values(values.slice(start, start + ROWS_PER_INSERT))
      .onConflict((oc) =>
        oc.column('topic_id').doUpdateSet((eb) => ({
          insights: eb('graph_topic_counts.insights', '+', eb.ref('excluded.insights')),
        })),
      )
      .execute();
  }
  const pairs = new Map<string, { topic_id: string; person_id: string; insights: number }>();
  for (const { topic_id, person_id } of rows.graphSpeakerTopics) {
    const key = `${topic_id}\u0000${person_id}`;
    const pair = pairs.get(key) ?? { topic_id, person_id, insights: 0 };
    pair.insights++;
    pairs.set(key, pair);
  }
  const pairValues = [...pairs.values()];
  for (let start = 0; start < pairValues.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('graph_topic_speaker_counts')
      .values(pairValues.slice(start, start + ROWS_PER_INSERT))
      .onConflict((oc) =>
        oc.columns(['topic_id', 'person_id']).doUpdateSet((eb) => ({
          insights: eb('graph_topic_speaker_counts.insights', '+', eb.ref('excluded.insights')),
        })),
      )
      .execute();
  }
  const insights = new Map(rows.graphInsights.map((insight) => [insight.rank, insight]));
  const date = rows.graphEpisode[0]?.date ?? null;
  const arcValues = arcCountsOf(
    rows.graphInsightTopics.map(({ rank, topic_id }) => {
      const insight = insights.get(rank);
      return {
        topic_id,
        type_key: insight?.type_key ?? '',
        date,
        sentiment_compound: insight?.sentiment_compound ?? null,
        sentiment_label: insight?.sentiment_label ?? null,
      };
    }),
  );
  for (let start = 0; start < arcValues.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('graph_topic_arc_counts')
      .values(arcValues.slice(start, start + ROWS_PER_INSERT))
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

/** Replaces one episode's rows (the old ones, if any, go with their episode row). */
export async function writeEpisodeRows(trx: IndexKysely, rows: EpisodeRows): Promise<void> {
  const relpath = rows.episode.metadata_relpath;
  // A first build writes only new episodes: one lookup spares it the counts' updates.
  const existing = await trx
    .selectFrom('episodes')
    .select('id')
    .where('metadata_relpath', '=', relpath)
    .executeTakeFirst();
  if (existing !== undefined) {
    await forgetEpisodes(trx, [relpath]);
  }
  const { id } = await trx
    .insertInto('episodes')
    .values(rows.episode)
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertParts(trx, 'insights', id, rows.insights);
  await insertParts(trx, 'quotes', id, rows.quotes);
  await insertParts(trx, 'insight_quotes', id, rows.insightQuotes);
  await insertParts(trx, 'quote_speakers', id, rows.quoteSpeakers);
  await insertParts(trx, 'insight_topics', id, rows.insightTopics);
  await insertParts(trx, 'persons', id, rows.persons);
  await insertParts(trx, 'episode_speakers', id, rows.episodeSpeakers);
  await insertParts(trx, 'episode_topics', id, rows.episodeTopics);
  await insertParts(trx, 'episode_persons', id, rows.episodePersons);
  await insertParts(trx, 'episode_search', id, rows.episodeSearch);
  await insertParts(trx, 'episode_nodes', id, rows.episodeNodes);
  await insertParts(trx, 'graph_episodes', id, rows.graphEpisode);
  await insertParts(trx, 'graph_insights', id, rows.graphInsights);
  await insertParts(trx, 'graph_insight_topics', id, rows.graphInsightTopics);
  await insertParts(trx, 'graph_insight_speakers', id, rows.graphInsightSpeakers);
  await insertParts(trx, 'graph_insight_entities', id, rows.graphInsightEntities);
  await insertParts(trx, 'graph_speaker_topics', id, rows.graphSpeakerTopics);
  await insertParts(trx, 'graph_labels', id, rows.graphLabels);
  await insertParts(trx, 'graph_aliases', id, rows.graphAliases);
  await insertParts(trx, 'insight_ids', id, rows.insightIds);
  await insertParts(trx, 'explore_insights', id, rows.exploreInsights);
  await insertParts(trx, 'explore_insight_topics', id, rows.exploreInsightTopics);
  await insertParts(trx, 'explore_insight_persons', id, rows.exploreInsightPersons);
  await countTopics(trx, rows);
}
