import { setImmediate as nextTurn } from 'node:timers/promises';
import type { InsightProjection, InsightQuote } from '@podcast/contracts';
import type { EpisodeRecord } from '@podcast/corpus';
import { isOneOf } from './dialect.js';
import type { IndexKysely } from './index-file.js';
import type { QuotesTable } from './schema.js';

/** A quote row as the playback query selects it, with the rank of the insight it supports. */
type QuoteRow = Omit<QuotesTable, 'episode'> & { insight_rank: number };

function quoteOf(row: QuoteRow): InsightQuote {
  return {
    id: row.id,
    text: row.text,
    speaker_id: row.speaker_id,
    ...(row.speaker_name === null ? {} : { speaker_name: row.speaker_name }),
    timestamp_start_ms: row.timestamp_start_ms as number,
    timestamp_end_ms: row.timestamp_end_ms as number,
    ...(row.char_start === null ? {} : { char_start: row.char_start }),
    ...(row.char_end === null ? {} : { char_end: row.char_end }),
  };
}

/** Each shown insight's timed quotes in playback order (start, transcript offset, id), as `insightListOf`. */
async function timedQuotes(db: IndexKysely, episode: number): Promise<Map<number, InsightQuote[]>> {
  const rows = await db
    .selectFrom('insight_quotes as iq')
    .innerJoin('quotes as q', (join) =>
      join.onRef('q.episode', '=', 'iq.episode').onRef('q.id', '=', 'iq.quote_id'),
    )
    .select([
      'iq.insight_rank',
      'q.id',
      'q.text',
      'q.speaker_id',
      'q.speaker_name',
      'q.timestamp_start_ms',
      'q.timestamp_end_ms',
      'q.char_start',
      'q.char_end',
    ])
    .where('iq.episode', '=', episode)
    .where('q.timestamp_start_ms', 'is not', null)
    .orderBy('iq.insight_rank')
    .orderBy('q.timestamp_start_ms')
    .orderBy((eb) => eb.fn.coalesce('q.char_start', eb.lit(0)))
    .orderBy('q.id')
    .execute();
  const byRank = new Map<number, InsightQuote[]>();
  for (const row of rows) {
    const list = byRank.get(row.insight_rank) ?? [];
    list.push(quoteOf(row));
    byRank.set(row.insight_rank, list);
  }
  return byRank;
}

/** The insights an episode shows, most salient first, each with its timed quotes. */
export async function queryInsightList(
  db: IndexKysely,
  metadataRelpath: string,
): Promise<{ items: InsightProjection[] }> {
  const episode = await db
    .selectFrom('episodes')
    .select('id')
    .where('metadata_relpath', '=', metadataRelpath)
    .executeTakeFirst();
  if (episode === undefined) {
    return { items: [] };
  }
  const [insights, quotes] = await Promise.all([
    db
      .selectFrom('insights')
      .selectAll()
      .where('episode', '=', episode.id)
      .orderBy('rank')
      .execute(),
    timedQuotes(db, episode.id),
  ]);
  return {
    items: insights.map((row) => ({
      id: row.id,
      text: row.text,
      grounded: row.grounded === 1,
      ...(row.insight_type === null ? {} : { insight_type: row.insight_type }),
      ...(row.confidence === null ? {} : { confidence: row.confidence }),
      ...(row.position_hint === null ? {} : { position_hint: row.position_hint }),
      quotes: quotes.get(row.rank) ?? [],
    })),
  };
}

/**
 * The first episode in catalog order whose GI graph holds the insight
 * `insightId`, shown or not, as a scan of a snapshot's episodes finds it;
 * `last` the last one, as a map filled by that scan keeps it.
 */
export async function findEpisodeOfInsight(
  db: IndexKysely,
  insightId: string,
  which: 'first' | 'last' = 'first',
): Promise<EpisodeRecord | undefined> {
  const [date, relpath] =
    which === 'first' ? (['desc', 'asc'] as const) : (['asc', 'desc'] as const);
  const row = await db
    .selectFrom('insight_ids as i')
    .innerJoin('episodes as e', 'e.id', 'i.episode')
    .select('e.record')
    .where('i.insight_id', '=', insightId)
    .orderBy('e.sort_date', date)
    .orderBy('e.metadata_relpath', relpath)
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.record) as EpisodeRecord);
}

/**
 * The writer's running counts of `terms` (how many insight and quote texts
 * hold each stem) and the number of texts: ask's term weights, one indexed
 * lookup per answer. A stem no text holds is not in `counts`.
 */
export async function queryTermCounts(db: IndexKysely, terms: readonly string[]) {
  const rows = await db
    .selectFrom('term_counts')
    .select(['term', 'documents'])
    .where(isOneOf(db, 'term', ['', ...new Set(terms)]))
    .execute();
  // PostgreSQL may give a wide integer as text.
  const counts = new Map(rows.map((row) => [row.term, Number(row.documents)]));
  const documents = counts.get('') ?? 0;
  counts.delete('');
  return { documents, counts };
}

/** Episodes per page of `queryTermTexts`: a page's texts are what it holds at once. */
const TERM_PAGE = 2000;

/**
 * Every insight text (shown or not) and every quote text of the GI graphs,
 * each once per episode: what ask's term weights count over a snapshot, and
 * what the running term counts must equal when counted again.
 * Read a range of episode ids at a time with a turn of the event loop
 * between ranges, so a caller that counts them never holds them all.
 */
export async function* queryTermTexts(
  db: IndexKysely,
  pageSize = TERM_PAGE,
): AsyncGenerator<string> {
  const { last } = await db
    .selectFrom('episodes')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirstOrThrow();
  const end = Number(last ?? 0);
  for (let after = 0; after < end; after += pageSize) {
    const until = after + pageSize;
    const [insights, quotes] = await Promise.all([
      db
        .selectFrom('explore_insights')
        .select('item')
        .where('episode', '>', after)
        .where('episode', '<=', until)
        .execute(),
      db
        .selectFrom('quotes')
        .select('text')
        .where('episode', '>', after)
        .where('episode', '<=', until)
        .execute(),
    ]);
    for (const row of insights) {
      yield (JSON.parse(row.item) as { text: string }).text;
    }
    for (const row of quotes) {
      yield row.text;
    }
    await nextTurn();
  }
}
