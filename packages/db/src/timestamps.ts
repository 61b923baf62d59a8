/** Query modules return JSON-ready data: every timestamp leaves as an ISO-8601 UTC string. */
export function toIso(value: Date): string {
  return value.toISOString();
}

export function toIsoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}
