import { publishDateOf } from './episode-fields.js';
import {
  episodeIdOf,
  labelFromId,
  type RawEdge,
  type RawNode,
  readEdges,
  readNodes,
} from './graph-nodes.js';
import { isHiddenPersonId } from './layer-ids.js';
import { asRecord, asText, type UnknownRecord } from './lenient-values.js';

export interface KgTopic {
  id: string;
  label: string;
  description?: string;
}

export interface KgPerson {
  id: string;
  name: string;
  /** `host`, `guest`, `mentioned`… from the node, else from HOSTS/GUESTS_ON edges. */
  role?: string;
  /** Unnamed diarization voice (`person:speaker-…`), kept out of people lists. */
  hidden: boolean;
}

export interface KgOrg {
  id: string;
  name: string;
}

/** The compact form of a `*.kg.json` of any lineage (1.x, 2, 2.0). */
export interface NormalizedKg {
  episode_id: string | null;
  schema_version: string | null;
  /** `extraction.model_version` (viewer v1: `extraction.model`). */
  model_version: string | null;
  /** The Episode node's publish date; the 1970-01-01 placeholder counts as unknown. */
  publish_date: string | null;
  topics: KgTopic[];
  persons: KgPerson[];
  orgs: KgOrg[];
}

const EDGE_ROLES: Readonly<Record<string, string>> = { HOSTS: 'host', GUESTS_ON: 'guest' };

function rolesFromEdges(edges: RawEdge[]): Map<string, string> {
  const roles = new Map<string, string>();
  for (const edge of edges) {
    const role = EDGE_ROLES[edge.type];
    if (role !== undefined && !roles.has(edge.from)) {
      roles.set(edge.from, role);
    }
  }
  return roles;
}

function displayName(node: RawNode): string {
  const { props } = node;
  return (
    asText(props.name) ?? asText(props.label) ?? asText(props.display_name) ?? labelFromId(node.id)
  );
}

function episodePublishDate(nodes: Map<string, RawNode>): string | null {
  for (const node of nodes.values()) {
    if (node.kind === 'episode') {
      return publishDateOf(node.props.publish_date ?? node.props.published_date);
    }
  }
  return null;
}

/**
 * Normalises a parsed `*.kg.json`. Entities become persons or orgs by
 * `kind`/`entity_kind`/`category`; entities of any other kind are left out
 * because the entity views only show people, organisations and topics.
 */
export function normalizeKg(artifact: UnknownRecord): NormalizedKg {
  const nodes = readNodes(artifact);
  const roles = rolesFromEdges(readEdges(artifact));
  const extraction = asRecord(artifact.extraction) ?? {};
  const kg: NormalizedKg = {
    episode_id: episodeIdOf(artifact),
    schema_version: asText(artifact.schema_version) ?? null,
    model_version: asText(extraction.model_version) ?? asText(extraction.model) ?? null,
    publish_date: episodePublishDate(nodes),
    topics: [],
    persons: [],
    orgs: [],
  };
  for (const node of nodes.values()) {
    if (node.kind === 'topic') {
      const description = asText(node.props.description);
      kg.topics.push({
        id: node.id,
        label: displayName(node),
        ...(description ? { description } : {}),
      });
    } else if (node.kind === 'person') {
      const role = asText(node.props.role) ?? roles.get(node.id);
      kg.persons.push({
        id: node.id,
        name: displayName(node),
        ...(role ? { role } : {}),
        hidden: isHiddenPersonId(node.id),
      });
    } else if (node.kind === 'org') {
      kg.orgs.push({ id: node.id, name: displayName(node) });
    }
  }
  return kg;
}
