import type { Kysely } from 'kysely';
import { columnTypesOf } from '../dialect.js';

// Kysely<unknown>: a migration is frozen in time and must not lean on today's schema type.

/**
 * What the relational routes and node episodes read beside the graph
 * tables: each shown insight's persons and orgs in order, its id looked up
 * across episodes, and every person, org and topic id an episode's layers
 * name, in the catalog order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('graph_insight_entities')
    .addColumn('episode', t.integer, (col) =>
      col.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('rank', t.integer, (col) => col.notNull())
    .addColumn('position', t.integer, (col) => col.notNull())
    .addColumn('entity_id', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_insight_entities_pk', ['episode', 'rank', 'position'])
    .execute();
  await db.schema
    .createIndex('graph_insight_entities_entity')
    .on('graph_insight_entities')
    .columns(['entity_id', 'episode', 'rank'])
    .execute();
  await db.schema
    .createIndex('graph_insights_insight')
    .on('graph_insights')
    .columns(['insight_id'])
    .execute();
  await db.schema
    .createTable('episode_nodes')
    .addColumn('episode', t.integer, (col) =>
      col.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('node_id', t.text, (col) => col.notNull())
    .addColumn('sort_date', t.text, (col) => col.notNull())
    .addColumn('metadata_relpath', t.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('episode_nodes_pk', ['episode', 'node_id'])
    .execute();
  await db.schema
    .createIndex('episode_nodes_node')
    .on('episode_nodes')
    .columns(['node_id', 'sort_date desc', 'metadata_relpath'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('episode_nodes').execute();
  await db.schema.dropIndex('graph_insights_insight').execute();
  await db.schema.dropTable('graph_insight_entities').execute();
}
