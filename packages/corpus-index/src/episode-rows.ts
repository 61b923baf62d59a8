import {
  arcCountOf,
  artCandidatesOf,
  bridgeAliasesOf,
  buildEpisodeRecord,
  catalogStatusOf,
  cilEpisodeFields,
  cilOwnFields,
  countsForTopicPersons,
  type EpisodeMetadata,
  type EpisodeRecord,
  type EpisodeSentiments,
  episodeLabelsOf,
  episodeSearchText,
  episodeSignalsFrom,
  episodeSpeakersOf,
  type GraphInsight,
  graphInsightsOf,
  insightTypeKey,
  listedInsightOf,
  type NormalizedBridge,
  type NormalizedGraph,
  type NormalizedKg,
  type NormalizedQuote,
  nodeIdsOf,
  projectInsights,
  projectQuote,
  speakersOfQuotes,
  stripEpisodePrefix,
  syncUrlKeyOf,
  timelineCardOf,
  topicLabelsOf,
} from '@podcast/corpus';
import type { Insertable } from 'kysely';
import type {
  EpisodeNodesTable,
  EpisodePersonsTable,
  EpisodeSearchTable,
  EpisodeSpeakersTable,
  EpisodesTable,
  EpisodeTopicsTable,
  ExploreInsightPersonsTable,
  ExploreInsightsTable,
  ExploreInsightTopicsTable,
  GraphAliasesTable,
  GraphEpisodesTable,
  GraphInsightEntitiesTable,
  GraphInsightSpeakersTable,
  GraphInsightsTable,
  GraphInsightTopicsTable,
  GraphLabelsTable,
  GraphSpeakerTopicsTable,
  InsightIdsTable,
  InsightQuotesTable,
  InsightsTable,
  InsightTopicsTable,
  PersonsTable,
  PerspectiveColumns,
  QuoteSpeakersTable,
  QuotesTable,
} from './schema.js';

type Row<T> = Omit<Insertable<T>, 'episode'>;

/** Everything the index holds of one episode, before it has a row id. */
export interface EpisodeRows {
  episode: Omit<Insertable<EpisodesTable>, 'id'>;
  insights: Row<InsightsTable>[];
  quotes: Row<QuotesTable>[];
  insightQuotes: Row<InsightQuotesTable>[];
  quoteSpeakers: Row<QuoteSpeakersTable>[];
  insightTopics: Row<InsightTopicsTable>[];
  persons: Row<PersonsTable>[];
  episodeSpeakers: Row<EpisodeSpeakersTable>[];
  episodeTopics: Row<EpisodeTopicsTable>[];
  /** The named persons trending counts, in the signals' order. */
  episodePersons: Row<EpisodePersonsTable>[];
  /** One row: what the list's `q`, `topic_q` and cluster filters compare. */
  episodeSearch: Row<EpisodeSearchTable>[];
  /** The person, org and topic ids the node-episode lookup finds the episode by. */
  episodeNodes: Row<EpisodeNodesTable>[];
  graphEpisode: Row<GraphEpisodesTable>[];
  graphInsights: Row<GraphInsightsTable>[];
  graphInsightTopics: Row<GraphInsightTopicsTable>[];
  graphInsightSpeakers: Row<GraphInsightSpeakersTable>[];
  graphInsightEntities: Row<GraphInsightEntitiesTable>[];
  graphSpeakerTopics: Row<GraphSpeakerTopicsTable>[];
  graphLabels: Row<GraphLabelsTable>[];
  graphAliases: Row<GraphAliasesTable>[];
  /** Every insight id of the GI graph, each once, shown or not. */
  insightIds: Row<InsightIdsTable>[];
  exploreInsights: Row<ExploreInsightsTable>[];
  exploreInsightTopics: Row<ExploreInsightTopicsTable>[];
  exploreInsightPersons: Row<ExploreInsightPersonsTable>[];
  /** Every insight text of the GI file, then every quote row's text: what ask's term counts count. */
  termTexts: string[];
}

/** The files one episode is made of, read and normalised by packages/corpus. */
export interface EpisodeSources {
  root: string;
  metadataRelpath: string;
  /**
   * The metadata the record is built from, or the record a first build's
   * catalog pass stored, with the stored text written again as it is.
   */
  from: { metadata: EpisodeMetadata } | { record: EpisodeRecord; text: string };
  /** Sibling relpaths that discovery listed (present), else null. */
  siblings: { gi: string | null; kg: string | null; bridge: string | null };
  graph: NormalizedGraph | undefined;
  kg: NormalizedKg | undefined;
  bridge: NormalizedBridge | undefined;
  /** The entries of the episode's insight sentiment sidecar, by insight id. */
  sentiments: EpisodeSentiments;
  /** Art relpath → whether it is a file, for the paths `artCandidatesOf` names. */
  art: ReadonlyMap<string, boolean>;
  sourceKey: string;
}

/** The local art relpaths a metadata file names, for existence checks. */
export function artPathsOf(metadata: EpisodeMetadata): string[] {
  return artCandidatesOf(metadata);
}

function recordOf(sources: EpisodeSources): EpisodeRecord {
  const { siblings, from } = sources;
  if ('record' in from) {
    return from.record;
  }
  return buildEpisodeRecord({
    metadata: from.metadata,
    isPicked: true,
    metadataRelpath: sources.metadataRelpath,
    root: sources.root,
    siblings: {
      gi: siblings.gi !== null,
      kg: siblings.kg !== null,
      bridge: siblings.bridge !== null,
    },
    artExists: (relpath) => sources.art.get(relpath) === true,
  });
}

/** The quotes of a graph by id, the last of a repeated id winning as in `insightListOf`. */
function quotesById(graph: NormalizedGraph): Map<string, NormalizedQuote> {
  return new Map(graph.quotes.map((quote) => [quote.id, quote]));
}

function quoteRow(quote: NormalizedQuote): Row<QuotesTable> {
  const played = projectQuote(quote);
  return {
    id: quote.id,
    text: quote.text,
    speaker_id: quote.speaker_id,
    speaker_name: quote.speaker_name ?? null,
    timestamp_start_ms: played?.timestamp_start_ms ?? null,
    timestamp_end_ms: played?.timestamp_end_ms ?? null,
    char_start: played?.char_start ?? null,
    char_end: played?.char_end ?? null,
  };
}

function graphRows(graph: NormalizedGraph, bridge: NormalizedBridge | undefined) {
  const quotes = quotesById(graph);
  const insights = projectInsights(graph);
  return {
    insights: insights.map((insight, rank) => ({
      rank,
      id: insight.id,
      text: insight.text,
      grounded: insight.grounded ? 1 : 0,
      insight_type: insight.insight_type ?? null,
      confidence:
        insight.confidence !== undefined && insight.confidence >= 0 && insight.confidence <= 1
          ? insight.confidence
          : null,
      position_hint: insight.position_hint ?? null,
    })),
    quotes: [...quotes.values()].map(quoteRow),
    insightQuotes: insights.flatMap((insight, rank) =>
      insight.quoteIds
        .filter((id) => quotes.has(id))
        .map((quote_id) => ({ insight_rank: rank, quote_id })),
    ),
    quoteSpeakers: [...quotes.values()].flatMap((quote) =>
      speakersOfQuotes([quote], bridge).map((person_id) => ({ quote_id: quote.id, person_id })),
    ),
    insightTopics: graph.insights.flatMap((insight) =>
      [...new Set(insight.topicIds)].map((topic_id) => ({ insight_id: insight.id, topic_id })),
    ),
    insightIds: [...new Set(graph.insights.map((insight) => insight.id))].map((insight_id) => ({
      insight_id,
    })),
    persons: graph.persons.map((person) => ({
      person_id: person.id,
      name: person.name,
      hidden: person.hidden ? 1 : 0,
    })),
    episodeSpeakers: episodeSpeakersOf({ graph, bridge }).map((speaker) => ({
      person_id: speaker.person_id,
      grounded: speaker.grounded,
      bridge_name: speaker.bridge_name ?? null,
      gi_name: speaker.gi_name ?? null,
    })),
  };
}

const NO_GRAPH_ROWS = {
  insights: [],
  quotes: [],
  insightQuotes: [],
  quoteSpeakers: [],
  insightTopics: [],
  insightIds: [],
  persons: [],
  episodeSpeakers: [],
};

/** The list filters' row, folded by the same `episodeSearchText` the projection's filter uses. */
function searchRowOf(record: EpisodeRecord, kg: NormalizedKg | undefined): Row<EpisodeSearchTable> {
  const text = episodeSearchText(record, kg?.topics.map((topic) => topic.label) ?? []);
  return {
    title: text.title,
    topics: text.topics,
    cluster_key: record.episode_id === null ? null : stripEpisodePrefix(record.episode_id),
  };
}

const NO_GRAPH_QUERY_ROWS = {
  graphEpisode: [],
  graphInsights: [],
  graphInsightTopics: [],
  graphInsightSpeakers: [],
  graphInsightEntities: [],
  graphSpeakerTopics: [],
  graphLabels: [],
  graphAliases: [],
};

/**
 * The graph-query rows of a graph-eligible episode (a GI, a KG and a bridge),
 * made by the functions the graph index is built with.
 */
function graphQueryRows(
  episode: EpisodeRecord,
  graph: NormalizedGraph | undefined,
  kg: NormalizedKg | undefined,
  bridge: NormalizedBridge | undefined,
  sentiments: EpisodeSentiments,
) {
  if (graph === undefined || kg === undefined || bridge === undefined) {
    return NO_GRAPH_QUERY_ROWS;
  }
  const layers = { episode, graph, kg, bridge };
  const items = graphInsightsOf(layers);
  const order = {
    sort_date: episode.publish_date ?? '',
    metadata_relpath: episode.metadata_relpath,
  };
  const date = items[0]?.date ?? null;
  // Made once per insight: each of its topic rows and speaker-topic rows carries them.
  const columns = new Map<GraphInsight, PerspectiveColumns>();
  const perspectiveColumnsOf = (item: GraphInsight): PerspectiveColumns => {
    let made = columns.get(item);
    if (made === undefined) {
      const { label, compound_units } = arcCountOf(date, sentiments.get(item.id));
      made = {
        ...order,
        sentiment_label: label,
        compound_units: label === null ? null : compound_units,
      };
      columns.set(item, made);
    }
    return made;
  };
  return {
    graphEpisode: [
      {
        ...order,
        stem: episode.stem,
        date,
        fields: JSON.stringify(cilEpisodeFields(episode, date)),
        card: JSON.stringify(timelineCardOf(episode)),
      },
    ],
    graphInsights: items.map((item) => {
      const sentiment = sentiments.get(item.id);
      return {
        rank: item.position,
        insight_id: item.id,
        type_key: insightTypeKey(item),
        item: JSON.stringify(cilOwnFields(item)),
        sentiment_compound: sentiment?.compound ?? null,
        sentiment_label: sentiment?.label ?? null,
      };
    }),
    graphInsightTopics: items.flatMap((item) =>
      item.topics.map((topic_id) => ({
        rank: item.position,
        topic_id,
        feed_id: episode.feed_id,
        ...perspectiveColumnsOf(item),
      })),
    ),
    graphInsightSpeakers: items.flatMap((item) =>
      item.speakers.map((person_id) => ({ rank: item.position, person_id, ...order })),
    ),
    graphInsightEntities: items.flatMap((item) =>
      item.entities.map((entity_id, position) => ({ rank: item.position, position, entity_id })),
    ),
    graphSpeakerTopics: items.flatMap((item) => {
      const counted = countsForTopicPersons(item) ? 1 : 0;
      return item.speakers.flatMap((person_id) =>
        item.topics.map((topic_id) => ({
          rank: item.position,
          person_id,
          topic_id,
          counted,
          ...perspectiveColumnsOf(item),
        })),
      );
    }),
    graphLabels: episodeLabelsOf(layers, items).map(([node_id, label]) => ({
      node_id,
      ...order,
      label,
    })),
    graphAliases: bridgeAliasesOf(bridge).map(([from_id, to_id], position) => ({
      position,
      from_id,
      to_id,
      ...order,
    })),
  };
}

/** Every insight of the GI file as explore lists it, with what its filters compare. */
function exploreRows(graph: NormalizedGraph | undefined) {
  if (graph === undefined) {
    return { exploreInsights: [], exploreInsightTopics: [], exploreInsightPersons: [] };
  }
  const labels = topicLabelsOf(graph);
  return {
    exploreInsights: graph.insights.map((insight, position) => ({
      position,
      insight_id: insight.id,
      grounded: insight.grounded ? 1 : 0,
      confidence: insight.confidence ?? null,
      item: JSON.stringify(listedInsightOf(graph, insight, labels)),
    })),
    exploreInsightTopics: graph.insights.flatMap((insight, position) =>
      insight.topicIds.map((topic_id, n) => ({
        position,
        n,
        topic_id,
        label: (labels.get(topic_id) ?? '').toLowerCase(),
      })),
    ),
    exploreInsightPersons: graph.insights.flatMap((insight, position) =>
      insight.personIds.map((person_id, n) => ({ position, n, person_id })),
    ),
  };
}

/** The rows of one episode, built with packages/corpus's record builder and graph rules. */
export function episodeRowsOf(sources: EpisodeSources): EpisodeRows {
  const record = recordOf(sources);
  const signals = episodeSignalsFrom(sources.kg, sources.graph, sources.bridge);
  const rows = {
    episode: {
      metadata_relpath: record.metadata_relpath,
      slug: record.slug,
      feed_id: record.feed_id,
      episode_id: record.episode_id,
      sort_date: record.publish_date ?? '',
      catalog_status: catalogStatusOf(record),
      source_key: sources.sourceKey,
      art_paths: JSON.stringify([...sources.art.keys()]),
      record: 'text' in sources.from ? sources.from.text : JSON.stringify(record),
      media_key: record.media_url === null ? null : (syncUrlKeyOf(record.media_url) ?? null),
    },
    ...(sources.graph === undefined ? NO_GRAPH_ROWS : graphRows(sources.graph, sources.bridge)),
    episodeTopics: signals.topics.map((topic, position) => ({
      position,
      topic_id: topic.id,
      label: topic.label,
    })),
    episodePersons: signals.persons.map((person, position) => ({
      position,
      person_id: person.id,
      label: person.label,
    })),
    episodeSearch: [searchRowOf(record, sources.kg)],
    episodeNodes: [...nodeIdsOf(sources)].map((node_id) => ({
      node_id,
      sort_date: record.publish_date ?? '',
      metadata_relpath: record.metadata_relpath,
    })),
    ...graphQueryRows(record, sources.graph, sources.kg, sources.bridge, sources.sentiments),
    ...exploreRows(sources.graph),
  };
  return { ...rows, termTexts: termTextsOf(sources.graph, rows.quotes) };
}

/** The texts ask's term counts count of one episode, as `queryTermTexts` reads them back. */
function termTextsOf(graph: NormalizedGraph | undefined, quotes: readonly Row<QuotesTable>[]) {
  return [...(graph?.insights ?? []).map((insight) => insight.text), ...quotes.map((q) => q.text)];
}
