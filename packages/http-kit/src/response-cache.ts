import { createHash } from 'node:crypto';
import { type ContentCoding, compress, MIN_COMPRESSIBLE_BYTES } from './content-coding.js';

/**
 * An answer served this many times from one entry is hot. Its brotli bytes
 * are then compressed again at brotli's best quality, on the thread pool,
 * and replaced when that comes out smaller; and an app with `hotAnswers`
 * makes it again in the background when its scope is replaced
 * (`hot-answers.ts`). Only hot answers pay for either: a client paging
 * through a list once does not.
 */
export const HOT_HITS = 16;

/** Answers larger than this keep their first brotli bytes (the best quality costs CPU in proportion to the size). */
export const BEST_MAX_BYTES = 1024 * 1024;

/** One representation of a cached answer: its bytes, validator and content coding. */
export interface Representation {
  body: Buffer;
  /** Strong validator of these bytes, so clients can revalidate with If-None-Match. */
  etag: string;
  /** Undefined for identity. */
  coding?: ContentCoding;
}

/** A serialised JSON response, ready to send again as is. */
export interface CachedResponse extends Representation {
  status: number;
  /** Compressed representations, each made once on first demand and then kept. */
  encoded: Map<ContentCoding, Representation | Promise<Representation>>;
  /** Requests served this entry from the cache so far (any coding). */
  hits: number;
  /** Requests served the brotli representation so far; -1 once that count has reached `HOT_HITS`. */
  brotliHits: number;
  /** The best-quality brotli pass, once begun (`HOT_HITS`); it settles when its bytes are in `encoded`. */
  bestPass?: Promise<void>;
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Encoded once: a hit sends the bytes without re-encoding 100 KB of text. */
export function cachedResponse(status: number, text: string): CachedResponse {
  const body = Buffer.from(text);
  return { status, body, etag: etagOf(body), encoded: new Map(), hits: 0, brotliHits: 0 };
}

/**
 * The representation of `entry` in `coding`: synchronous once made, a
 * promise shared by concurrent first requests before. A body too small to
 * gain, or one that does not shrink, stays identity. Each coding has its
 * own strong tag (RFC 9110 §8.8.3: a strong validator names one
 * representation), and so do the best-quality brotli bytes that replace a
 * hot answer's first ones (`HOT_HITS`).
 */
export function representationOf(
  entry: CachedResponse,
  coding: ContentCoding | undefined,
): Representation | Promise<Representation> {
  if (coding === undefined || entry.body.length < MIN_COMPRESSIBLE_BYTES) {
    return entry;
  }
  const known = entry.encoded.get(coding);
  if (known !== undefined) {
    if (coding === 'br' && entry.brotliHits >= 0 && !isPending(known)) {
      entry.brotliHits += 1;
      if (entry.brotliHits >= HOT_HITS) {
        entry.brotliHits = -1;
        compressBestLater(entry, known);
      }
    }
    return known;
  }
  const made = compress(coding, entry.body).then(
    (body): Representation => {
      const representation =
        body.length < entry.body.length
          ? { body, coding, etag: `${entry.etag.slice(0, -1)}-${coding}"` }
          : entry;
      entry.encoded.set(coding, representation);
      return representation;
    },
    () => {
      entry.encoded.set(coding, entry);
      return entry;
    },
  );
  entry.encoded.set(coding, made);
  return made;
}

function isPending(
  value: Representation | Promise<Representation>,
): value is Promise<Representation> {
  return typeof (value as Partial<Promise<Representation>>).then === 'function';
}

/**
 * Compresses a hot answer again at brotli's best quality in the background;
 * requests meanwhile get the first bytes. Kept only when smaller; a failure
 * keeps the first bytes too.
 */
function compressBestLater(entry: CachedResponse, first: Representation): void {
  if (first.coding !== 'br' || entry.body.length > BEST_MAX_BYTES) {
    return;
  }
  entry.bestPass = compress('br', entry.body, 'best').then(
    (body) => {
      if (body.length < first.body.length) {
        entry.encoded.set('br', {
          body,
          coding: 'br',
          etag: `${entry.etag.slice(0, -1)}-br-best"`,
        });
      }
    },
    () => undefined,
  );
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
 *
 * `begin` marks one computation per slot at a time: requests that miss while
 * the same answer is being made wait for it instead of making it again (the
 * burst of misses that follows a new snapshot under load would otherwise run
 * the handler once per open connection).
 */
export interface ResponseCache {
  find(scope: object, key: string): CachedResponse | undefined;
  store(scope: object, key: string, response: CachedResponse): void;
  /**
   * The answer being made for this slot, if a request is making it: resolves
   * to the stored entry, or to undefined when that run made nothing to keep
   * (an error, an explicit reply); the waiter then answers on its own.
   */
  pending(scope: object, key: string): Promise<CachedResponse | undefined> | undefined;
  /** Marks the slot as being made; the returned function ends that, with what was kept. */
  begin(scope: object, key: string): (kept: CachedResponse | undefined) => void;
}

export function createResponseCache(perScope = 256): ResponseCache {
  const scopes = new WeakMap<object, Map<string, CachedResponse>>();
  const inFlight = new WeakMap<object, Map<string, Promise<CachedResponse | undefined>>>();
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
    pending(scope, key) {
      return inFlight.get(scope)?.get(key);
    },
    begin(scope, key) {
      let slots = inFlight.get(scope);
      if (!slots) {
        slots = new Map();
        inFlight.set(scope, slots);
      }
      let settle: (kept: CachedResponse | undefined) => void = () => {};
      const making = new Promise<CachedResponse | undefined>((resolve) => {
        settle = resolve;
      });
      slots.set(key, making);
      const own = slots;
      return (kept) => {
        if (own.get(key) === making) {
          own.delete(key);
        }
        settle(kept);
      };
    },
  };
}
