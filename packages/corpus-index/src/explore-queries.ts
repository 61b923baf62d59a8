import type { EpisodeRecord, ListedInsight } from '@podcast/corpus';
import { sql } from 'kysely';
import { containsText, isOneOf } from './dialect.js';
import type { IndexKysely } from './index-file.js';

/** What explore's filter compares, resolved by packages/search (`ExploreTerms`). */
export interface InsightTerms {
  groundedOnly: boolean;
  minConfidence?: number;
  personId?: string;
  topicId?: string;
  /** Lower-cased already: found in a topic's lower-cased label. */
  topicNeedle?: string;
}

/** A matching insight: where its row is, and what explore sorts by. */
export interface ExploreIndexKey {
  episode: number;
  position: number;
  insight_id: string;
  confidence: number | null;
  publish_date: string | null;
}

/**
 * Every insight of every GI file passing `terms` (and among `insightIds`
 * when given), in catalog order, then file order: the order in which
 * `exploreInsights` walks a snapshot. Only the keys: the page is read after.
 */
export async function queryExploreKeys(
  db: IndexKysely,
  terms: InsightTerms,
  insightIds?: readonly string[],
): Promise<ExploreIndexKey[]> {
  if (insightIds?.length === 0) {
    return [];
  }
  let query = db
    .selectFrom('explore_insights as i')
    .innerJoin('episodes as e', 'e.id', 'i.episode')
    .select(['i.episode', 'i.position', 'i.insight_id', 'i.confidence', 'e.sort_date']);
  if (terms.groundedOnly) {
    query = query.where('i.grounded', '=', 1);
  }
  const { minConfidence, personId, topicId, topicNeedle } = terms;
  if (minConfidence !== undefined) {
    query = query.where(sql<boolean>`coalesce(i.confidence, 0) >= ${minConfidence}`);
  }
  if (personId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('explore_insight_persons as p')
          .select('p.n')
          .whereRef('p.episode', '=', 'i.episode')
          .whereRef('p.position', '=', 'i.position')
          .where('p.person_id', '=', personId),
      ),
    );
  }
  if (topicId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('explore_insight_topics as t')
          .select('t.n')
          .whereRef('t.episode', '=', 'i.episode')
          .whereRef('t.position', '=', 'i.position')
          .where((inner) =>
            topicNeedle === undefined
              ? inner('t.topic_id', '=', topicId)
              : inner.or([
                  inner('t.topic_id', '=', topicId),
                  containsText(db, 't.label', topicNeedle),
                ]),
          ),
      ),
    );
  }
  if (insightIds !== undefined) {
    query = query.where(isOneOf(db, 'i.insight_id', insightIds));
  }
  const rows = await query
    .orderBy('e.sort_date', 'desc')
    .orderBy('e.metadata_relpath')
    .orderBy('i.position')
    .execute();
  return rows.map((row) => ({
    episode: row.episode,
    position: row.position,
    insight_id: row.insight_id,
    confidence: row.confidence,
    publish_date: row.sort_date === '' ? null : row.sort_date,
  }));
}

/** The listed insights of `keys` with their episodes' records, in the keys' order. */
export async function queryExploreRows(
  db: IndexKysely,
  keys: readonly Pick<ExploreIndexKey, 'episode' | 'position'>[],
): Promise<{ episode: EpisodeRecord; insight: ListedInsight }[]> {
  const episodes = [...new Set(keys.map((key) => key.episode))];
  if (episodes.length === 0) {
    return [];
  }
  const [items, records] = await Promise.all([
    db
      .selectFrom('explore_insights')
      .select(['episode', 'position', 'item'])
      .where('episode', 'in', episodes)
      .execute(),
    db.selectFrom('episodes').select(['id', 'record']).where('id', 'in', episodes).execute(),
  ]);
  const itemAt = new Map(items.map((row) => [`${row.episode}:${row.position}`, row.item]));
  const recordOf = new Map(records.map((row) => [row.id, row.record]));
  return keys.map((key) => ({
    episode: JSON.parse(recordOf.get(key.episode) as string) as EpisodeRecord,
    insight: JSON.parse(itemAt.get(`${key.episode}:${key.position}`) as string) as ListedInsight,
  }));
}
