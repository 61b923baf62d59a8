import { type NodeKind, nodeKindOf, stripEpisodePrefix, stripLayerPrefixes } from './layer-ids.js';
import { asArray, asRecord, asText, type UnknownRecord } from './lenient-values.js';

/** A node of any GI/KG lineage with its properties flattened and its kind resolved. */
export interface RawNode {
  id: string;
  kind: NodeKind | undefined;
  props: UnknownRecord;
}

/** An edge with a case-folded type and layer-stripped endpoints (which may dangle). */
export interface RawEdge {
  type: string;
  from: string;
  to: string;
  props: UnknownRecord;
}

const EMPTY: UnknownRecord = Object.freeze({});
const NODE_KEYS = new Set(['id', 'type', 'properties']);

/**
 * A node's properties. Some writers put fields beside `properties` (GI 1.0
 * and 2.0 node-level `confidence`); those are merged in, `properties`
 * winning. Only such nodes pay for a copy: spreading every node tripled the
 * load time of a 10 000-episode corpus.
 */
function flattenProps(node: UnknownRecord): UnknownRecord {
  const inner = asRecord(node.properties);
  let merged: UnknownRecord | undefined;
  for (const key of Object.keys(node)) {
    if (NODE_KEYS.has(key) || (inner !== undefined && key in inner)) {
      continue;
    }
    merged ??= { ...inner };
    merged[key] = node[key];
  }
  return merged ?? inner ?? EMPTY;
}

/** Nodes of an artifact, the first occurrence of an id winning. */
export function readNodes(artifact: UnknownRecord): Map<string, RawNode> {
  const nodes = new Map<string, RawNode>();
  for (const item of asArray(artifact.nodes)) {
    const node = asRecord(item);
    const rawId = asText(node?.id);
    if (node === undefined || rawId === undefined) {
      continue;
    }
    const id = stripLayerPrefixes(rawId);
    if (nodes.has(id)) {
      continue;
    }
    const props = flattenProps(node);
    nodes.set(id, { id, kind: nodeKindOf(id, node.type, props), props });
  }
  return nodes;
}

export function readEdges(artifact: UnknownRecord): RawEdge[] {
  const edges: RawEdge[] = [];
  for (const item of asArray(artifact.edges)) {
    const edge = asRecord(item);
    const type = asText(edge?.type);
    const from = asText(edge?.from ?? edge?.source);
    const to = asText(edge?.to ?? edge?.target);
    if (edge === undefined || type === undefined || from === undefined || to === undefined) {
      continue;
    }
    edges.push({
      type: type.toUpperCase(),
      from: stripLayerPrefixes(from),
      to: stripLayerPrefixes(to),
      props: asRecord(edge.properties) ?? EMPTY,
    });
  }
  return edges;
}

/** Kind of an edge endpoint: its node's kind, else its id prefix (endpoints may dangle). */
export function endpointKind(
  nodes: ReadonlyMap<string, RawNode>,
  id: string,
): NodeKind | undefined {
  return nodes.get(id)?.kind ?? nodeKindOf(id, undefined, {});
}

/**
 * Orients an edge so that its `from` end has kind `fromKind`; MENTIONS and
 * friends run either way depending on the writer. Undefined when neither
 * orientation fits.
 */
export function orientEdge(
  nodes: ReadonlyMap<string, RawNode>,
  edge: RawEdge,
  fromKind: NodeKind,
  toKind: NodeKind,
): { from: string; to: string } | undefined {
  const a = endpointKind(nodes, edge.from);
  const b = endpointKind(nodes, edge.to);
  if ((a === fromKind || a === undefined) && (b === toKind || b === undefined)) {
    return { from: edge.from, to: edge.to };
  }
  if ((b === fromKind || b === undefined) && (a === toKind || a === undefined)) {
    return { from: edge.to, to: edge.from };
  }
  return undefined;
}

/** A display label from a node id when the node carries none (`topic:ai-policy` → `ai policy`). */
export function labelFromId(id: string): string {
  const bare = id.includes(':') ? id.slice(id.lastIndexOf(':') + 1) : id;
  return bare.replace(/[-_]+/g, ' ').trim() || id;
}

/** An artifact's top-level episode_id without layer or `episode:` prefixes. */
export function episodeIdOf(artifact: UnknownRecord): string | null {
  const id = asText(artifact.episode_id);
  return id === undefined ? null : stripEpisodePrefix(id);
}
