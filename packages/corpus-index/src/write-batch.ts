import type { EpisodeRows } from './episode-rows.js';
import type { IndexKysely } from './index-file.js';

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
  | 'graph_episodes'
  | 'graph_insights'
  | 'graph_insight_topics'
  | 'graph_insight_speakers'
  | 'graph_speaker_topics'
  | 'graph_labels'
  | 'graph_aliases';

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

/** Replaces one episode's rows (the old ones, if any, go with their episode row). */
export async function writeEpisodeRows(trx: IndexKysely, rows: EpisodeRows): Promise<void> {
  await trx
    .deleteFrom('episodes')
    .where('metadata_relpath', '=', rows.episode.metadata_relpath)
    .execute();
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
  await insertParts(trx, 'graph_episodes', id, rows.graphEpisode);
  await insertParts(trx, 'graph_insights', id, rows.graphInsights);
  await insertParts(trx, 'graph_insight_topics', id, rows.graphInsightTopics);
  await insertParts(trx, 'graph_insight_speakers', id, rows.graphInsightSpeakers);
  await insertParts(trx, 'graph_speaker_topics', id, rows.graphSpeakerTopics);
  await insertParts(trx, 'graph_labels', id, rows.graphLabels);
  await insertParts(trx, 'graph_aliases', id, rows.graphAliases);
}
