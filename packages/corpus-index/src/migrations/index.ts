import type { Migration, MigrationProvider } from 'kysely';
import * as createCorpusIndex from './202611290000_create_corpus_index.js';
import * as browseTables from './202611290100_browse_tables.js';
import * as listSearch from './202611290200_list_search.js';
import * as graphTables from './202611290300_graph_tables.js';
import * as digestTables from './202611290400_digest_tables.js';
import * as insightIds from './202611290500_insight_ids.js';
import * as insightEntities from './202611290600_insight_entities.js';
import * as searchTables from './202611290700_search_tables.js';
import * as graphAnswerColumns from './202611290800_graph_answer_columns.js';
import * as syncKeys from './202611290900_sync_keys.js';
import * as topicArcCounts from './202611291000_topic_arc_counts.js';
import * as perspectiveColumns from './202611291100_perspective_columns.js';
import * as termCounts from './202611301000_term_counts.js';
import * as speakerOrder from './202611301100_speaker_order.js';

/*
 * Imported statically (not read from disk) so the same list runs from dist/
 * and under jest on sources. Add each new migration here and bump
 * SCHEMA_VERSION: an index file of another version is rebuilt, not migrated.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '202611290000_create_corpus_index': createCorpusIndex,
  '202611290100_browse_tables': browseTables,
  '202611290200_list_search': listSearch,
  '202611290300_graph_tables': graphTables,
  '202611290400_digest_tables': digestTables,
  '202611290500_insight_ids': insightIds,
  '202611290600_insight_entities': insightEntities,
  '202611290700_search_tables': searchTables,
  '202611290800_graph_answer_columns': graphAnswerColumns,
  '202611290900_sync_keys': syncKeys,
  '202611291000_topic_arc_counts': topicArcCounts,
  '202611291100_perspective_columns': perspectiveColumns,
  '202611301000_term_counts': termCounts,
  '202611301100_speaker_order': speakerOrder,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
