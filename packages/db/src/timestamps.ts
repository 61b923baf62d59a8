import { type Expression, type RawBuilder, sql } from 'kysely';

/** Query modules return JSON-ready data: every timestamp leaves as an ISO-8601 UTC string. */
export function toIso(value: Date): string {
  return value.toISOString();
}

export function toIsoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

/** SQL for a timestamptz as `toISOString` would write it: UTC, milliseconds, `Z`. */
export function isoUtc(column: Expression<Date>): RawBuilder<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
