import { EnrichmentBlock } from '@podcast/contracts';
import { updateOperatorBlock } from '@podcast/corpus';
import { loadEnrichmentConfig } from './load-config.js';

/**
 * Stores the operator's enrichment block in the corpus operator file: one
 * key replaced as a YAML edit (every other key and comment kept), written
 * atomically; returns the fresh resolved view. Validate first
 * (enrichmentBlockValidator): nothing is written for an invalid block.
 */
export async function writeEnrichmentBlock(corpusRoot: string, block: unknown) {
  await updateOperatorBlock(corpusRoot, 'enrichment', EnrichmentBlock.parse(block));
  return loadEnrichmentConfig({ corpusRoot });
}
