import express, { type RequestHandler } from 'express';

/**
 * The body encodings a route may accept. JSON is the default; the others
 * are declared by the routes that need them (a form post, an OPML upload),
 * so no other route ever receives a string where it expects an object.
 */
export type BodyKind = 'json' | 'form' | 'xml' | 'text' | 'json-any' | 'text-any';

/** The media types each kind is parsed from; they also name the OpenAPI request content. */
export const BODY_MEDIA_TYPES: Readonly<Record<BodyKind, readonly string[]>> = {
  json: ['application/json'],
  form: ['application/x-www-form-urlencoded'],
  xml: ['text/x-opml', 'application/xml', 'text/xml'],
  text: ['text/plain'],
  // Protocols whose clients label bodies loosely (Python's urllib sends
  // JSON as application/x-www-form-urlencoded): read whatever the type says.
  'json-any': ['application/json'],
  'text-any': ['text/plain'],
};

function parserFor(kind: BodyKind, limit: string): RequestHandler {
  const type = [...BODY_MEDIA_TYPES[kind]];
  switch (kind) {
    case 'json':
      return express.json({ type, limit });
    case 'form':
      return express.urlencoded({ type, limit, extended: false });
    case 'json-any':
      return express.json({ type: () => true, limit });
    case 'text-any':
      return express.text({ type: () => true, limit });
    default:
      return express.text({ type, limit });
  }
}

/**
 * The parsers of one route, run in order; each reads only its own media
 * types and leaves the body alone otherwise (then the route's schema refuses
 * a missing body with a 400 naming `body`). Oversize is a 413 and malformed
 * JSON a 400, both problem+json (http-error.ts).
 */
export function bodyParsersOf(kinds: readonly BodyKind[], limit: string): RequestHandler[] {
  return kinds.map((kind) => parserFor(kind, limit));
}
