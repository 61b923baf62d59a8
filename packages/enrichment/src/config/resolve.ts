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
