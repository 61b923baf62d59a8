import type { RelatedNode } from '@podcast/contracts';
import {
  type CandidateReading,
  canonicalPersonId,
  type EpisodeRecord,
  insightDetailNodes,
  insightNodeOf,
  insightRankKey,
  labeledNode,
  NODE_PREFIXES,
  nodeEpisodesOf,
} from '@podcast/corpus';
import { type RawBuilder, sql } from 'kysely';
import { canonicalGraphId, graphLabelOf, labeledCounts } from './graph-queries.js';
import type { IndexKysely } from './index-file.js';

/*
 * The relational answers of packages/corpus's relational.ts that read each
 * insight's persons and orgs (`graph_insight_entities`), and the node
 * episodes (`episode_nodes`). The structural order is the graph index's:
 * the catalog order (sort_date desc, metadata_relpath), then the rank.
 */

/** One insight of a relational selection, as `rankCandidates` reads it. */
export interface InsightCandidate {
  key: string;
  node: RelatedNode;
  /** Its place in the structural order among the selection's insights. */
  structural: number;
}

/** The candidates a ranked relational route orders, and the query naming its scope. */
export interface CandidateSelection {
  candidates: readonly InsightCandidate[];
  query: string;
}

/** How `rankCandidates` reads the index's candidates. */
export const INSIGHT_CANDIDATES: CandidateReading<InsightCandidate> = {
  keyOf: (item) => item.key,
  nodeOf: (item) => item.node,
  compareStructural: (a, b) => a.structural - b.structural,
};

/** An insight row as the relational answers read it: its stored own fields and its episode. */
interface InsightRow {
  item: string;
  feed_id: string;
  episode_id: string | null;
}

/** The stored `cilOwnFields` these answers read. */
interface OwnFields {
  id: string;
  text: string;
  topic_ids: string[];
  quotes: Array<{ id: string; text: string }>;
}

function candidateOf(row: InsightRow, structural: number): InsightCandidate {
  const own = JSON.parse(row.item) as OwnFields;
  return {
    key: insightRankKey(row.episode_id, own.id),
    node: insightNodeOf(own.id, own.text, row),
    structural,
  };
}

/**
 * The insights `scope` lists (a select of `episode`, `rank`), each once, in
 * the structural order, as candidates.
 */
async function candidatesOf(
  db: IndexKysely,
  scope: RawBuilder<unknown>,
): Promise<InsightCandidate[]> {
  const { rows } = await sql<InsightRow>`
    select gi.item, e.feed_id, e.episode_id
    from graph_insights gi
    join graph_episodes ge on ge.episode = gi.episode
    join episodes e on e.id = gi.episode
    where (gi.episode, gi.rank) in (${scope})
    order by ge.sort_date desc, ge.metadata_relpath, gi.rank`.execute(db);
  return rows.map(candidateOf);
}

/** GET /api/relational/positions, as `statedBy`: the person's insights in the structural order. */
export async function statedByFromIndex(
  db: IndexKysely,
  person: string,
): Promise<CandidateSelection> {
  const id = await canonicalGraphId(db, person, 'person:');
  const [candidates, query] = await Promise.all([
    candidatesOf(
      db,
      sql`select s.episode, s.rank from graph_insight_speakers s
      where s.person_id = ${id}`,
    ),
    graphLabelOf(db, id),
  ]);
  return { candidates, query };
}

/** The insights naming a person, org or topic id (`GraphIndex.byNode`), as a select. */
const namingNode = (id: string) => sql`
  select t.episode, t.rank from graph_insight_topics t where t.topic_id = ${id}
  union
  select n.episode, n.rank from graph_insight_entities n where n.entity_id = ${id}`;

/** Whether any insight names the id (`GraphIndex.byNode.has`). */
async function isNamed(db: IndexKysely, id: string): Promise<boolean> {
  const { rows } = await sql`select 1 as named from (${namingNode(id)}) s limit 1`.execute(db);
  return rows.length > 0;
}

/** A bare name as the first of person, org or topic some insight names (topic when none). */
async function anyNodeIdOf(db: IndexKysely, raw: string): Promise<string> {
  for (const prefix of NODE_PREFIXES) {
    const id = await canonicalGraphId(db, raw, prefix);
    if (await isNamed(db, id)) {
      return id;
    }
  }
  return canonicalGraphId(db, raw, 'topic:');
}

/** GET /api/relational/insights-about, as `insightsAbout`: the insights naming the entity. */
export async function insightsAboutFromIndex(
  db: IndexKysely,
  entity: string,
): Promise<CandidateSelection> {
  const id = await anyNodeIdOf(db, entity);
  const [candidates, query] = await Promise.all([
    candidatesOf(db, namingNode(id)),
    graphLabelOf(db, id),
  ]);
  return { candidates, query };
}

/** The topics and entities of the insights with the id, one row per insight and node. */
const nodesOfInsight = (id: string) => sql`
  select t.topic_id as node_id from graph_insights o
  join graph_insight_topics t on t.episode = o.episode and t.rank = o.rank
  where o.insight_id = ${id}
  union all
  select n.entity_id from graph_insights o
  join graph_insight_entities n on n.episode = o.episode and n.rank = o.rank
  where o.insight_id = ${id}`;

/**
 * GET /api/relational/related-insights, as `relatedInsights`: the other
 * insights sharing a topic or entity with the insight's, counted once per
 * insight of that id and node, most shared first, then the structural order.
 */
export async function relatedInsightsFromIndex(
  db: IndexKysely,
  insight: string,
): Promise<CandidateSelection> {
  const id = insight.trim();
  const { rows } = await sql<InsightRow & { structural: number }>`
    with own as (${nodesOfInsight(id)}),
    shared as (
      select t.episode, t.rank from own o join graph_insight_topics t on t.topic_id = o.node_id
      union all
      select n.episode, n.rank from own o join graph_insight_entities n on n.entity_id = o.node_id
    ),
    counted as (select s.episode, s.rank, count(*) as n from shared s group by s.episode, s.rank)
    select gi.item, e.feed_id, e.episode_id,
      row_number() over (order by ge.sort_date desc, ge.metadata_relpath, gi.rank) as structural
    from counted c
    join graph_insights gi on gi.episode = c.episode and gi.rank = c.rank
    join graph_episodes ge on ge.episode = c.episode
    join episodes e on e.id = c.episode
    where gi.insight_id <> ${id}
    order by c.n desc, ge.sort_date desc, ge.metadata_relpath, gi.rank`.execute(db);
  const first = await db
    .selectFrom('graph_insights as gi')
    .innerJoin('graph_episodes as ge', 'ge.episode', 'gi.episode')
    .select('gi.item')
    .where('gi.insight_id', '=', id)
    .orderBy('ge.sort_date', 'desc')
    .orderBy('ge.metadata_relpath')
    .orderBy('gi.rank')
    .limit(1)
    .executeTakeFirst();
  return {
    candidates: rows.map((row) => candidateOf(row, Number(row.structural))),
    query: first === undefined ? '' : (JSON.parse(first.item) as OwnFields).text,
  };
}

/** The insights with the id in the structural order, each with its entities in order. */
async function insightsWithEntities(db: IndexKysely, insight: string) {
  const { rows } = await sql<InsightRow & { rank: number; episode: number }>`
    select gi.episode, gi.rank, gi.item, e.feed_id, e.episode_id
    from graph_insights gi
    join graph_episodes ge on ge.episode = gi.episode
    join episodes e on e.id = gi.episode
    where gi.insight_id = ${insight.trim()}
    order by ge.sort_date desc, ge.metadata_relpath, gi.rank`.execute(db);
  const entities = await db
    .selectFrom('graph_insights as gi')
    .innerJoin('graph_insight_entities as n', (join) =>
      join.onRef('n.episode', '=', 'gi.episode').onRef('n.rank', '=', 'gi.rank'),
    )
    .select(['n.episode', 'n.rank', 'n.entity_id'])
    .where('gi.insight_id', '=', insight.trim())
    .orderBy('n.position')
    .execute();
  const keyOf = (row: { episode: number; rank: number }) => `${row.episode}:${row.rank}`;
  const entitiesOf = new Map<string, string[]>();
  for (const row of entities) {
    entitiesOf.set(keyOf(row), [...(entitiesOf.get(keyOf(row)) ?? []), row.entity_id]);
  }
  return rows.map((row) => ({
    row,
    own: JSON.parse(row.item) as OwnFields,
    entities: entitiesOf.get(keyOf(row)) ?? [],
  }));
}

/** Labelled nodes of the ids, each label looked up once as `graphLabelOf` finds it. */
async function labelsOf(db: IndexKysely, ids: Iterable<string>) {
  const distinct = [...new Set(ids)];
  const labels = await Promise.all(distinct.map((id) => graphLabelOf(db, id)));
  const byId = new Map(distinct.map((id, at) => [id, labels[at] as string]));
  return (id: string) => byId.get(id) as string;
}

/** GET /api/relational/entities-in, as `entitiesIn`: the persons and orgs the insight names, each once. */
export async function entitiesInFromIndex(db: IndexKysely, insight: string, k: number) {
  const items = await insightsWithEntities(db, insight);
  const ids = [...new Set(items.flatMap((item) => item.entities))].slice(0, k);
  const labelOf = await labelsOf(db, ids);
  return ids.map((id) => labeledNode(id, labelOf(id)));
}

/** GET /api/relational/insight-detail, as `insightDetail`: each insight with its quotes, topics and entities. */
export async function insightDetailFromIndex(db: IndexKysely, insight: string, k: number) {
  const items = await insightsWithEntities(db, insight);
  const idsOf = (item: (typeof items)[number]) => [...item.own.topic_ids, ...item.entities];
  const labelOf = await labelsOf(db, items.flatMap(idsOf));
  return items
    .flatMap((item) =>
      insightDetailNodes(
        insightNodeOf(item.own.id, item.own.text, item.row),
        item.own.quotes,
        idsOf(item),
        labelOf,
      ),
    )
    .slice(0, k);
}

/**
 * GET /api/relational/topic-entities, as `topicEntities`: the persons and
 * orgs the topic's insights name, by how many insights name each, then id.
 */
export async function topicEntitiesFromIndex(db: IndexKysely, topic: string, k: number) {
  const id = await canonicalGraphId(db, topic, 'topic:');
  return labeledCounts(
    db,
    sql`select ie.entity_id as id, count(*) as n from graph_insight_topics t
      join graph_insight_entities ie on ie.episode = t.episode and ie.rank = t.rank
      where t.topic_id = ${id}
      group by ie.entity_id
      order by n desc, ie.entity_id
      limit ${k}`,
  );
}

/**
 * POST /api/corpus/node-episodes, as `findNodeEpisodes`: the episodes whose
 * layers name the node, in the catalog order, the first `limit` and how many.
 */
export async function nodeEpisodesFromIndex(db: IndexKysely, nodeId: string, limit: number) {
  const { rows } = await sql<{ record: string; total: number }>`
    select e.record, count(*) over () as total
    from episode_nodes n join episodes e on e.id = n.episode
    where n.node_id = ${canonicalPersonId(nodeId)}
    order by n.sort_date desc, n.metadata_relpath
    limit ${limit}`.execute(db);
  return nodeEpisodesOf(
    rows.map((row) => JSON.parse(row.record) as EpisodeRecord),
    Number(rows[0]?.total ?? 0),
    limit,
  );
}
