import type { EnrichmentBlock } from '@podcast/contracts';
import { loadEnrichmentConfig, resilienceState } from '@podcast/enrichment';
import type { ViewerCtx } from '../../context.js';

/** The resolved enrichment block (it names each enricher's provider); empty when the file cannot be read. */
export async function resolvedBlockOf(root: string): Promise<EnrichmentBlock> {
  try {
    return (await loadEnrichmentConfig({ corpusRoot: root })).resolved_block;
  } catch {
    return {};
  }
}

export async function stateOf(ctx: ViewerCtx, root: string) {
  const block = await resolvedBlockOf(root);
  return {
    path: root,
    ...(await resilienceState(root, block, ctx.enrichment.registry, ctx.now())),
  };
}
