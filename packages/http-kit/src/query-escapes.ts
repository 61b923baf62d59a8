import { ValidationFailed } from './http-error.js';

/**
 * express's query parser keeps a malformed percent-escape (`%E0%A4%A`) as
 * literal text, so a route would search for it or store it. One rule for
 * every route instead, as for path segments: a query key or value that is
 * not valid percent-encoded UTF-8 is a 400 naming it.
 */
export function refuseMalformedQueryEscapes(url: string): void {
  const at = url.indexOf('?');
  if (at < 0) {
    return;
  }
  for (const pair of url.slice(at + 1).split('&')) {
    const [rawKey = '', ...rest] = pair.split('=');
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    let key = rawKey;
    try {
      key = decode(rawKey);
      decode(rest.join('='));
    } catch {
      throw new ValidationFailed([
        { field: `query.${key}`, message: 'is not valid percent-encoded UTF-8' },
      ]);
    }
  }
}
