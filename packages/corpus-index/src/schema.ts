import type { Generated } from 'kysely';

/**
 * The corpus index tables. snake_case columns, seen as they are by
 * TypeScript; booleans are SQLite integers (0 or 1).
 */
export interface CorpusIndexDb {
  index_meta: IndexMetaTable;
  files: FilesTable;
  feeds: FeedsTable;
  episodes: EpisodesTable;
  insights: InsightsTable;
  quotes: QuotesTable;
  insight_quotes: InsightQuotesTable;
  quote_speakers: QuoteSpeakersTable;
  insight_topics: InsightTopicsTable;
  persons: PersonsTable;
  episode_speakers: EpisodeSpeakersTable;
  episode_topics: EpisodeTopicsTable;
  episode_persons: EpisodePersonsTable;
  episode_search: EpisodeSearchTable;
  graph_episodes: GraphEpisodesTable;
  graph_insights: GraphInsightsTable;
  graph_insight_topics: GraphInsightTopicsTable;
  graph_insight_speakers: GraphInsightSpeakersTable;
  graph_speaker_topics: GraphSpeakerTopicsTable;
  graph_labels: GraphLabelsTable;
  graph_aliases: GraphAliasesTable;
  graph_topic_counts: GraphTopicCountsTable;
  graph_topic_speaker_counts: GraphTopicSpeakerCountsTable;
  graph_topic_arc_counts: GraphTopicArcCountsTable;
  insight_ids: InsightIdsTable;
  graph_insight_entities: GraphInsightEntitiesTable;
  episode_nodes: EpisodeNodesTable;
  explore_insights: ExploreInsightsTable;
  explore_insight_topics: ExploreInsightTopicsTable;
  explore_insight_persons: ExploreInsightPersonsTable;
  term_counts: TermCountsTable;
}

/** Key-value facts about the index: when the first build finished, the corpus root it indexes. */
export interface IndexMetaTable {
  key: string;
  value: string;
}

/** Every tracked corpus file as the last ingest saw it; metadata files carry their dedup key. */
export interface FilesTable {
  path: string;
  size: number;
  mtime_ms: number;
  /**
   * 1 when the file was read within the racy window of its mtime: a rewrite
   * in the same clock tick would keep (size, mtime), so it is read again.
   */
  racy: number;
  /** `sentiment`: an episode's insight sentiment sidecar (`metadata/enrichments/<stem>.insight_sentiment.json`). */
  kind: 'metadata' | 'gi' | 'kg' | 'bridge' | 'sentiment';
  /** Metadata only: 1 when it parsed, else 0 (an unreadable file is no episode). */
  readable: number;
  feed_id: string | null;
  episode_key: string | null;
}

/**
 * A show aggregated from its episodes (`buildFeedRecords`), the record kept
 * whole, with its episodes counted per catalog status: the catalog's totals
 * are summed from these few rows rather than counted over every episode.
 */
export interface FeedsTable {
  feed_id: string;
  episode_count: number;
  ready_count: number;
  partial_count: number;
  pending_count: number;
  record: string;
  /** `feedSyncUrlOf`: the feed URL as sync apps name the show, null when they cannot. */
  sync_url: string | null;
  /** The key of `sync_url` (`feedUrlKey`), null with it. */
  sync_url_key: string | null;
}

/** One episode that won run deduplication: its catalog keys, filters and record. */
export interface EpisodesTable {
  id: Generated<number>;
  metadata_relpath: string;
  slug: string;
  feed_id: string;
  episode_id: string | null;
  /** publish_date, '' when undated: sorts undated episodes last in a descending order. */
  sort_date: string;
  catalog_status: 'ready' | 'partial' | 'pending';
  /**
   * What the rows were built from: a digest of the files' (size, mtime) and
   * the art checks, one length for every episode; a change rebuilds them.
   */
  source_key: string;
  /** JSON list of the local art relpaths the metadata names. */
  art_paths: string;
  record: string;
  /** `syncUrlKeyOf` the enclosure URL: what a sync app's episode URL is matched by; null without one. */
  media_key: string | null;
}

/** An insight the episode shows, `rank` its place in salience order (`projectInsights`). */
export interface InsightsTable {
  episode: number;
  rank: number;
  id: string;
  text: string;
  grounded: number;
  insight_type: string | null;
  /** Kept only within [0, 1], as the app shows it. */
  confidence: number | null;
  position_hint: number | null;
}

/** A quote with the timing the app plays it by (`projectQuote`); untimed quotes have null starts. */
export interface QuotesTable {
  episode: number;
  id: string;
  text: string;
  speaker_id: string | null;
  speaker_name: string | null;
  timestamp_start_ms: number | null;
  timestamp_end_ms: number | null;
  char_start: number | null;
  char_end: number | null;
}

/** SUPPORTED_BY: an insight's quotes, by rank of the insight. */
export interface InsightQuotesTable {
  episode: number;
  insight_rank: number;
  quote_id: string;
}

/** The named persons who said a quote (`speakersOfQuotes`: SPOKEN_BY, canonical ids). */
export interface QuoteSpeakersTable {
  episode: number;
  quote_id: string;
  person_id: string;
}

/** ABOUT: the topics an insight is about. */
export interface InsightTopicsTable {
  episode: number;
  insight_id: string;
  topic_id: string;
}

/** The persons of an episode's GI graph. */
export interface PersonsTable {
  episode: number;
  person_id: string;
  name: string;
  hidden: number;
}

/**
 * A speaker of an episode's grounded insights (`episodeSpeakersOf`): how
 * many they spoke, and the names the episode's bridge and GI give them.
 */
export interface EpisodeSpeakersTable {
  episode: number;
  person_id: string;
  grounded: number;
  bridge_name: string | null;
  gi_name: string | null;
}

/** An episode's topics (`episodeSignalsFrom`: KG, then GI, then bridge, each id once), in order. */
export interface EpisodeTopicsTable {
  episode: number;
  position: number;
  topic_id: string;
  label: string;
}

/** An episode's named persons (`episodeSignalsFrom`: KG, then GI, no unnamed voices, each id once), in order. */
export interface EpisodePersonsTable {
  episode: number;
  position: number;
  person_id: string;
  label: string;
}

/**
 * What the viewer's list filters search (`episodeSearchText`): the title,
 * and the topic pills then KG topic labels one per line, both lower-cased
 * in JS; the episode id without its prefixes, as the cluster files list it.
 */
export interface EpisodeSearchTable {
  episode: number;
  title: string;
  topics: string;
  cluster_key: string | null;
}

/*
 * The graph-query tables hold only graph-eligible episodes (a GI, a KG and a
 * bridge file). Rows that are looked up in the catalog order carry the
 * episode's `sort_date` and `metadata_relpath`, so one index gives that order.
 */

/** A graph-eligible episode: the keys of the chronological order and what its insights share. */
export interface GraphEpisodesTable {
  episode: number;
  sort_date: string;
  metadata_relpath: string;
  /** The episode's file stem, which names its sentiment sidecar. */
  stem: string;
  /** The graph date (KG, else metadata), null when unknown. */
  date: string | null;
  /** The CIL insight fields the episode gives (`cilEpisodeFields`), as JSON. */
  fields: string;
  /** The record fields a timeline episode shows (`timelineCardOf`), as JSON. */
  card: string;
}

/** A shown insight of a graph-eligible episode (`graphInsightsOf`), `rank` its display place. */
export interface GraphInsightsTable {
  episode: number;
  rank: number;
  /** The insight's id, which its sentiment sidecar entry names. */
  insight_id: string;
  /** `insightTypeKey`: lowercase type, '' when none. */
  type_key: string;
  /** The CIL insight fields of its own (`cilOwnFields`), as JSON. */
  item: string;
  /** Its entry of the episode's sentiment sidecar: both null when it has none. */
  sentiment_compound: number | null;
  sentiment_label: 'negative' | 'neutral' | 'positive' | null;
}

/** An insight's canonical topics (`GraphInsight.topics`). */
export interface GraphInsightTopicsTable extends PerspectiveColumns {
  episode: number;
  rank: number;
  topic_id: string;
  /** The episode's show: a topic's perspectives by show group by it. */
  feed_id: string;
}

/**
 * What a topic's perspectives read on each of its rows: the episode's
 * catalog keys (the structural order) and the insight's sentiment, its
 * compound in ten-thousandths (packages/corpus `arcCountOf`); both null
 * when the insight has none.
 */
export interface PerspectiveColumns {
  sort_date: string;
  metadata_relpath: string;
  sentiment_label: string | null;
  compound_units: number | null;
}

/**
 * An insight's speakers (`GraphInsight.speakers`): a person's insights,
 * with or without topics, with the episode's catalog keys for reading them
 * in the structural order.
 */
export interface GraphInsightSpeakersTable {
  episode: number;
  rank: number;
  person_id: string;
  sort_date: string;
  metadata_relpath: string;
}

/**
 * One row per speaker and topic of an insight: person positions, a person's
 * topics and a topic's persons read one index range each.
 */
export interface GraphSpeakerTopicsTable extends PerspectiveColumns {
  episode: number;
  rank: number;
  person_id: string;
  topic_id: string;
  /** 1 when the insight counts among the topic's persons (`countsForTopicPersons`). */
  counted: number;
}

/** The label an episode gives a node of its insights (`episodeLabelsOf`). */
export interface GraphLabelsTable {
  episode: number;
  node_id: string;
  sort_date: string;
  metadata_relpath: string;
  label: string;
}

/** An episode's bridge aliases (`bridgeAliasesOf`), in the order they are taken. */
export interface GraphAliasesTable {
  episode: number;
  position: number;
  from_id: string;
  to_id: string;
  sort_date: string;
  metadata_relpath: string;
}

/**
 * How many insights each topic has (`GraphIndex.byTopic` lengths), kept by
 * the writer as episodes come and go: the perspective leaders rank topics
 * by it without counting every insight's topic.
 */
export interface GraphTopicCountsTable {
  topic_id: string;
  insights: number;
}

/** How many of a topic's insights each speaker said, kept as `graph_topic_counts` is. */
export interface GraphTopicSpeakerCountsTable {
  topic_id: string;
  person_id: string;
  insights: number;
}

/**
 * A topic's insights of one type, graph date ('' when undated) and sentiment
 * label ('' when none), with their compounds' sum in ten-thousandths
 * (packages/corpus `ArcCount`): the conversation arc's running counts.
 */
export interface GraphTopicArcCountsTable {
  topic_id: string;
  type_key: string;
  date: string;
  label: string;
  insights: number;
  compound_units: number;
}

/**
 * How many insight and quote texts of the GI graphs hold each stem
 * (packages/corpus `stemsOf`): ask's term weights as running counts. The
 * empty term's row holds the number of texts.
 */
export interface TermCountsTable {
  term: string;
  documents: number;
}

/** Every insight id of an episode's GI graph, shown or not: the episode of an insight by its id. */
export interface InsightIdsTable {
  episode: number;
  insight_id: string;
}

/**
 * The persons and orgs an insight names (`GraphInsight.entities`: its
 * speakers first, after the bridge's entity map), `position` their order.
 * No kind or name: the kind is the id's prefix and the label the newest
 * episode's (`graph_labels`), as the graph index looks them up.
 */
export interface GraphInsightEntitiesTable {
  episode: number;
  rank: number;
  position: number;
  entity_id: string;
}

/**
 * Every person, org and topic id an episode's GI, KG or bridge names
 * (`nodeIdsOf`), for every episode with a layer, with its catalog keys.
 */
export interface EpisodeNodesTable {
  episode: number;
  node_id: string;
  sort_date: string;
  metadata_relpath: string;
}

/**
 * Every insight of an episode's GI file, in file order (`position`), as
 * explore lists it: what its filters compare, and the listed insight
 * (`listedInsightOf`) as JSON.
 */
export interface ExploreInsightsTable {
  episode: number;
  position: number;
  insight_id: string;
  grounded: number;
  /** The file's confidence as it is (null when absent), which the filter compares. */
  confidence: number | null;
  item: string;
}

/** An explore insight's topics in order (`n`), each with its graph label lower-cased in JS ('' when none). */
export interface ExploreInsightTopicsTable {
  episode: number;
  position: number;
  n: number;
  topic_id: string;
  label: string;
}

/** An explore insight's persons in order (`n`): its quotes' speakers, then the persons it mentions. */
export interface ExploreInsightPersonsTable {
  episode: number;
  position: number;
  n: number;
  person_id: string;
}
