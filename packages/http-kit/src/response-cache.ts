import { createHash } from 'node:crypto';

/** A serialised JSON response, ready to send again as is. */
export interface CachedResponse {
  status: number;
  /** Encoded once: a hit sends the bytes without re-encoding 100 KB of text. */
  body: Buffer;
  /** Strong validator of `body`, so clients can revalidate with If-None-Match. */
  etag: string;
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** RFC 9110 §13.1.2: If-None-Match matches on `*` or any listed tag (weak comparison). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) {
    return false;
  }
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare;
  });
}

/**
 * Serialised responses keyed by an immutable scope object (a corpus
 * snapshot) and a request key. A new snapshot is a new scope, so nothing is
 * ever stale, and a dropped snapshot frees its entries with it (WeakMap).
 * Each scope keeps its most recently used `perScope` entries.
 */
export interface ResponseCache {
  find(scope: object, key: string): CachedResponse | undefined;
  store(scope: object, key: string, response: CachedResponse): void;
}

export function createResponseCache(perScope = 256): ResponseCache {
  const scopes = new WeakMap<object, Map<string, CachedResponse>>();
  return {
    find(scope, key) {
      const entries = scopes.get(scope);
      const hit = entries?.get(key);
      if (entries && hit) {
        // Re-insert so Map order tracks recency.
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    store(scope, key, response) {
      let entries = scopes.get(scope);
      if (!entries) {
        entries = new Map();
        scopes.set(scope, entries);
      }
      entries.set(key, response);
      if (entries.size > perScope) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
  };
}
