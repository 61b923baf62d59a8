import type { EnrichmentBlock } from '@podcast/contracts';

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; anything else from `over` replaces `base`. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) {
    return over === undefined ? base : over;
  }
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = deepMerge(base[key], value);
  }
  return out;
}

/** Spec 03: the resolved block is the profile's block with the operator's merged on top. */
export function resolveBlock(
  profileBlock: EnrichmentBlock | null,
  operatorBlock: EnrichmentBlock | null,
): EnrichmentBlock {
  return deepMerge(profileBlock ?? {}, operatorBlock ?? {}) as EnrichmentBlock;
}

/**
 * Spec 03 "Command line" step 4: the workflow (a job, the admission view)
 * passes --with-ml when any enricher of the resolved block has a provider
 * block, even one the block leaves disabled.
 */
export function hasProviderBlock(block: EnrichmentBlock): boolean {
  return Object.values(block.enrichers ?? {}).some((entry) => entry?.provider !== undefined);
}
