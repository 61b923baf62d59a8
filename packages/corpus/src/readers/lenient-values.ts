/**
 * Tolerant accessors over parsed JSON/YAML. Corpora mix artifact generations,
 * so every field is `unknown` until one of these narrows it; none of them
 * throws.
 */
export type UnknownRecord = Record<string, unknown>;

export function asRecord(value: unknown): UnknownRecord | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as UnknownRecord)
    : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A trimmed, non-empty string; numbers are stringified (YAML turns `123` into a number). */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return String(value);
  }
  if (typeof value !== 'string') {
    return undefined;
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A finite number, also from a numeric string (GI `position_hint` is sometimes "0.4"). */
export function asFiniteNumber(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : undefined;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

export function asBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

const NO_STRINGS: readonly string[] = Object.freeze([]);

/**
 * Unique values in first-seen order. Empty lists share one frozen array:
 * a large corpus holds hundreds of thousands of insights, most without
 * person or org links.
 */
export function uniqueStrings(values: readonly string[]): readonly string[] {
  if (values.length === 0) {
    return NO_STRINGS;
  }
  return values.length === 1 ? values : [...new Set(values)];
}
