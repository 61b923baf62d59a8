import type { IncomingHttpHeaders } from 'node:http';
import { ClientMetadataDocument, MCP_OAUTH_LIMITS, TooManyRequests } from '@podcast/contracts';
import {
  type GuardedGetSettings,
  type GuardedResponse,
  guardedGet,
  OutboundRefused,
  RateLimiter,
} from '@podcast/runtime';
import { OAuthError } from './oauth-error.js';
import { redirectUriProblem } from './redirect-uris.js';

/**
 * How long a fetched document may be reused (RFC 9111, simplified to what a
 * private cache of one resource needs): `no-store` or `no-cache` never,
 * `max-age` seconds, else `Expires` against the response's `Date`, else
 * never; at most a day. Zero means fetch again next time.
 */
export function cacheLifetimeSeconds(headers: IncomingHttpHeaders, now: Date): number {
  const control = (headers['cache-control'] ?? '').toLowerCase();
  if (/(^|[\s,])(no-store|no-cache)\b/.test(control)) {
    return 0;
  }
  const maxAge = /(^|[\s,])max-age\s*=\s*"?(\d+)/.exec(control)?.[2];
  let seconds = 0;
  if (maxAge !== undefined) {
    seconds = Number(maxAge);
  } else if (headers.expires !== undefined) {
    const sent = Date.parse(headers.date ?? '');
    const base = Number.isNaN(sent) ? now.getTime() : sent;
    const expires = Date.parse(headers.expires);
    seconds = Number.isNaN(expires) ? 0 : Math.floor((expires - base) / 1000);
  }
  return Math.max(0, Math.min(seconds, MCP_OAUTH_LIMITS.metadataDocumentMaxAgeSeconds));
}

function refused(reason: string): OAuthError {
  return new OAuthError(400, 'invalid_client', `client_id: the metadata document ${reason}`);
}

function isJsonType(contentType: string | undefined): boolean {
  const essence = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(essence);
}

/**
 * The document a response carries, checked as the draft and the MCP
 * authorization spec ask: a 200 (a redirect is an error, never followed),
 * JSON, the fields of a public client, `client_id` exactly the URL it was
 * fetched from, and redirect URIs this server would register.
 */
export function documentOf(url: string, response: GuardedResponse): ClientMetadataDocument {
  if (response.status !== 200) {
    const why =
      response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
    throw refused(`answered ${response.status}${why}`);
  }
  if (!isJsonType(response.headers['content-type'])) {
    throw refused('is not served as JSON');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(response.body.toString('utf8'));
  } catch {
    throw refused('is not valid JSON');
  }
  const parsed = ClientMetadataDocument.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refused(`field ${issue?.path.join('.') || '(document)'}: ${issue?.message}`);
  }
  const document = parsed.data;
  if (document.client_id !== url) {
    throw refused('names another client_id (it must be the URL it is served at, exactly)');
  }
  if (document.grant_types && !document.grant_types.includes('authorization_code')) {
    throw refused('field grant_types: must include authorization_code');
  }
  document.redirect_uris.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) {
      throw refused(`field redirect_uris.${i}: ${problem}`);
    }
  });
  return document;
}

export interface ClientMetadataDocuments {
  /**
   * The checked document at `url` (a valid client identifier URL), from the
   * cache while its headers allow, else fetched for `requester`, whose
   * fetches are counted. Any failure is an OAuthError `invalid_client`.
   */
  get(url: string, requester: string): Promise<ClientMetadataDocument>;
}

export interface ClientMetadataDocumentsOptions {
  fetch: GuardedGetSettings;
  now: () => Date;
}

/**
 * Client ID metadata documents, fetched through the outbound guard and kept
 * in a bounded in-memory cache (least recently used first out). Errors and
 * invalid documents are never cached; fetches that miss the cache are
 * counted per requester.
 */
export function createClientMetadataDocuments(
  options: ClientMetadataDocumentsOptions,
): ClientMetadataDocuments {
  const cache = new Map<string, { document: ClientMetadataDocument; expiresAt: number }>();
  const fetches = new RateLimiter({
    limit: MCP_OAUTH_LIMITS.metadataDocumentFetchesPerUser,
    windowMs: MCP_OAUTH_LIMITS.registrationWindowSeconds * 1000,
    now: () => options.now().getTime(),
  });
  const remember = (url: string, document: ClientMetadataDocument, seconds: number) => {
    if (seconds <= 0) {
      return;
    }
    cache.delete(url);
    if (cache.size >= MCP_OAUTH_LIMITS.metadataDocumentsCached) {
      cache.delete(cache.keys().next().value as string);
    }
    cache.set(url, { document, expiresAt: options.now().getTime() + seconds * 1000 });
  };
  return {
    async get(url, requester) {
      const cached = cache.get(url);
      if (cached && cached.expiresAt > options.now().getTime()) {
        cache.delete(url);
        cache.set(url, cached);
        return cached.document;
      }
      const decision = fetches.take(requester);
      if (!decision.allowed) {
        throw new TooManyRequests(
          decision.retryAfterS,
          `at most ${MCP_OAUTH_LIMITS.metadataDocumentFetchesPerUser} client metadata documents fetched per hour; retry later`,
        );
      }
      let response: GuardedResponse;
      try {
        response = await guardedGet(new URL(url), options.fetch);
      } catch (err) {
        const reason = err instanceof OutboundRefused ? err.reason : (err as Error).message;
        throw new OAuthError(
          400,
          'invalid_client',
          `client_id: fetching the metadata document failed: ${reason}`,
        );
      }
      const document = documentOf(url, response);
      remember(url, document, cacheLifetimeSeconds(response.headers, options.now()));
      return document;
    },
  };
}
