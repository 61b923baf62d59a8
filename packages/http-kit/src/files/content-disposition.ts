/**
 * A `Content-Disposition` value for a file name that may hold any Unicode
 * (episode stems carry titles). The quoted `filename` is an ASCII stand-in;
 * `filename*` (RFC 6266 / RFC 8187) carries the exact name when they differ.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (ascii === filename) {
    return `${kind}; filename="${ascii}"`;
  }
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
