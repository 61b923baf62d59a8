/** Indented JSON with a trailing newline, as the pipeline writes its documents. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Unindented JSON, for large benchmark corpora. */
export function toCompactJson(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/** A JSON array with one compact row per line: segment files stay about half the size of indented JSON. */
export function toJsonRows(rows: readonly unknown[]): string {
  return rows.length === 0
    ? '[]\n'
    : `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`;
}
