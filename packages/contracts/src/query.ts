import { z } from './zod.js';

/**
 * Query-string helpers. Express hands us strings (or arrays for repeated
 * keys); these coerce the way a caller expects and reject everything else,
 * so `?limit=abc` or `?limit=1&limit=2` is a 400 naming the field.
 */
const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

export const QueryBoolean = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => TRUE_WORDS.has(v) || FALSE_WORDS.has(v), {
    message: 'expected true or false',
  })
  .transform((v) => TRUE_WORDS.has(v))
  .openapi({ type: 'boolean' });

/**
 * A whole number in a query or path: plain decimal digits (a `-` first only
 * where `min` is negative), so `0x10`, `1e1`, `+3`, ` 1` or `3.0` is a 400
 * naming the field rather than whatever `Number()` makes of it.
 */
export function queryInt(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .regex(min < 0 ? /^-?\d+$/ : /^\d+$/, 'expected decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .openapi({
      type: 'integer',
      minimum: min,
      ...(max < Number.MAX_SAFE_INTEGER ? { maximum: max } : {}),
    });
}

export function queryNumber(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'expected a number')
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .openapi({ type: 'number', minimum: min, maximum: max });
}

/** `a,b,c` into a trimmed array without empty entries. */
export const CommaList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  )
  .openapi({ type: 'string', description: 'comma-separated list' });

/** A calendar date `YYYY-MM-DD` that exists. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'not a real calendar date',
    },
  );
