import { graphIndexOf, type InsightTypes } from '@podcast/corpus';
import type { ViewerCtx } from '../../context.js';
import { corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';

export const GRAPH_SCOPE_NOTE =
  'Only episodes with a GI, a KG and a bridge file take part (spec 04 §2.3). Ids may be given ' +
  'with or without their prefix (topic:, person:); an unknown id answers empty lists.';

/** The snapshot of the `path` parameter and its graph index. */
export async function graphScope(ctx: ViewerCtx, path: string | undefined) {
  const snapshot = await corpusSnapshotFor(ctx, path);
  return { snapshot, index: graphIndexOf(snapshot) };
}

/** A parsed insight_types parameter, or the route's default when omitted or empty. */
export function typesOrDefault(
  parsed: InsightTypes | undefined,
  fallback: InsightTypes,
): InsightTypes {
  const omitted = parsed === undefined || (parsed !== 'all' && parsed.length === 0);
  return omitted ? fallback : parsed;
}
