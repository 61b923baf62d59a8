import type {
  GraphOrg,
  GraphPerson,
  GraphTopic,
  NormalizedGraph,
  NormalizedInsight,
  NormalizedQuote,
} from './gi-graph.js';
import {
  endpointKind,
  episodeIdOf,
  labelFromId,
  orientEdge,
  type RawEdge,
  type RawNode,
  readEdges,
  readNodes,
} from './graph-nodes.js';
import { isHiddenPersonId, type NodeKind, stripLayerPrefixes } from './layer-ids.js';
import {
  asBoolean,
  asFiniteNumber,
  asText,
  type UnknownRecord,
  uniqueStrings,
} from './lenient-values.js';

type Links = { quotes: string[]; topics: string[]; persons: string[]; orgs: string[] };

function nameOf(node: RawNode): string {
  const { props } = node;
  return (
    asText(props.name) ?? asText(props.label) ?? asText(props.display_name) ?? labelFromId(node.id)
  );
}

/**
 * A quote's speaker: the target of its SPOKEN_BY edge (spec 04 §5.4), its
 * own `speaker_id` only when it has no such edge. Files of the current
 * pipeline fill `speaker_id` with diarization placeholders
 * (`person:speaker-01`) while the edge names the person, so the edge wins;
 * a quote with several edges is taken as spoken by the first.
 */
function speakerOf(props: RawNode['props'], spokenBy: readonly string[] | undefined) {
  const speakerId = spokenBy?.[0] ?? asText(props.speaker_id);
  return speakerId === undefined ? null : stripLayerPrefixes(speakerId);
}

function toQuote(node: RawNode, spokenBy: readonly string[] | undefined): NormalizedQuote {
  const { props } = node;
  return {
    id: node.id,
    text: asText(props.text) ?? '',
    char_start: asFiniteNumber(props.char_start),
    char_end: asFiniteNumber(props.char_end),
    timestamp_start_ms: asFiniteNumber(props.timestamp_start_ms),
    timestamp_end_ms: asFiniteNumber(props.timestamp_end_ms),
    speaker_id: speakerOf(props, spokenBy),
    // GI 2 (viewer v1) names the speaker in a plain `speaker` field.
    speaker_name: asText(props.speaker_name) ?? asText(props.speaker),
  };
}

function toInsight(
  node: RawNode,
  links: Links,
  quoteSpeakers: Map<string, string[]>,
): NormalizedInsight {
  const { props } = node;
  const spoken =
    quoteSpeakers.size === 0
      ? links.persons
      : [...links.quotes.flatMap((id) => quoteSpeakers.get(id) ?? []), ...links.persons];
  return {
    id: node.id,
    text: asText(props.text) ?? '',
    grounded: asBoolean(props.grounded) ?? links.quotes.length > 0,
    insight_type: asText(props.insight_type),
    confidence: asFiniteNumber(props.confidence),
    position_hint: asFiniteNumber(props.position_hint),
    salience: asFiniteNumber(props.salience),
    rank: asFiniteNumber(props.rank),
    tier: asFiniteNumber(props.tier),
    surfaceable: asBoolean(props.surfaceable),
    routing_tag: asText(props.routing_tag),
    quoteIds: uniqueStrings(links.quotes),
    topicIds: uniqueStrings(links.topics),
    personIds: uniqueStrings(spoken),
    orgIds: uniqueStrings(links.orgs),
  };
}

function linkFor(links: Map<string, Links>, insightId: string): Links {
  let entry = links.get(insightId);
  if (entry === undefined) {
    entry = { quotes: [], topics: [], persons: [], orgs: [] };
    links.set(insightId, entry);
  }
  return entry;
}

/** Edge types that link an insight to another node, and where the target goes. */
const INSIGHT_EDGES: Readonly<Record<string, ReadonlyArray<readonly [NodeKind, keyof Links]>>> = {
  SUPPORTED_BY: [['quote', 'quotes']],
  ABOUT: [['topic', 'topics']],
  MENTIONS_PERSON: [['person', 'persons']],
  MENTIONS_ORG: [['org', 'orgs']],
  MENTIONS: [
    ['person', 'persons'],
    ['org', 'orgs'],
  ],
};

function linkInsight(nodes: Map<string, RawNode>, links: Map<string, Links>, edge: RawEdge): void {
  for (const [kind, slot] of INSIGHT_EDGES[edge.type] ?? []) {
    const oriented = orientEdge(nodes, edge, 'insight', kind);
    if (oriented && endpointKind(nodes, oriented.from) === 'insight') {
      linkFor(links, oriented.from)[slot].push(oriented.to);
      return;
    }
  }
}

/** Insight-centred relations; edge types are compared case-folded, ends oriented by kind. */
function collectLinks(nodes: Map<string, RawNode>, edges: RawEdge[]) {
  const links = new Map<string, Links>();
  const quoteSpeakers = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.type !== 'SPOKEN_BY') {
      linkInsight(nodes, links, edge);
      continue;
    }
    const oriented = orientEdge(nodes, edge, 'quote', 'person');
    if (oriented) {
      quoteSpeakers.set(oriented.from, [...(quoteSpeakers.get(oriented.from) ?? []), oriented.to]);
    }
  }
  return { links, quoteSpeakers };
}

const EMPTY_LINKS: Links = { quotes: [], topics: [], persons: [], orgs: [] };

/**
 * Normalises a parsed `*.gi.json` of any lineage. Never validates: unknown
 * node and edge types are ignored, dangling endpoints are kept as ids.
 */
export function normalizeGi(artifact: UnknownRecord): NormalizedGraph {
  const nodes = readNodes(artifact);
  const { links, quoteSpeakers } = collectLinks(nodes, readEdges(artifact));
  const graph: NormalizedGraph = {
    episode_id: episodeIdOf(artifact),
    schema_version: asText(artifact.schema_version) ?? null,
    model_version: asText(artifact.model_version) ?? null,
    insights: [],
    quotes: [],
    topics: [],
    persons: [],
    orgs: [],
  };
  for (const node of nodes.values()) {
    addNode(graph, node, links, quoteSpeakers);
  }
  return graph;
}

function addNode(
  graph: NormalizedGraph,
  node: RawNode,
  links: Map<string, Links>,
  quoteSpeakers: Map<string, string[]>,
): void {
  if (node.kind === 'insight') {
    graph.insights.push(toInsight(node, links.get(node.id) ?? EMPTY_LINKS, quoteSpeakers));
  } else if (node.kind === 'quote') {
    graph.quotes.push(toQuote(node, quoteSpeakers.get(node.id)));
  } else if (node.kind === 'topic') {
    graph.topics.push({ id: node.id, label: nameOfTopic(node) } satisfies GraphTopic);
  } else if (node.kind === 'person') {
    graph.persons.push({
      id: node.id,
      name: nameOf(node),
      hidden: isHiddenPersonId(node.id),
    } satisfies GraphPerson);
  } else if (node.kind === 'org') {
    graph.orgs.push({ id: node.id, name: nameOf(node) } satisfies GraphOrg);
  }
}

function nameOfTopic(node: RawNode): string {
  return asText(node.props.label) ?? asText(node.props.name) ?? labelFromId(node.id);
}
