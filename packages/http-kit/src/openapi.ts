import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { Problem } from '@podcast/contracts';
import { BODY_MEDIA_TYPES } from './body-parsers.js';
import { kitStatusesOf } from './declared-statuses.js';
import type { AnyRoute, AuthClass, ResponseSpec } from './define-route.js';
import { isRawSpec } from './define-route.js';
import { toOpenApiPath } from './paths.js';

export interface ApiInfo {
  title: string;
  version: string;
  description?: string;
}

const SCHEMES: Record<string, Record<string, string>> = {
  operatorToken: { type: 'http', scheme: 'bearer' },
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'podcast_session' },
  internalToken: { type: 'apiKey', in: 'header', name: 'X-Internal-Token' },
  oauthAccessToken: { type: 'http', scheme: 'bearer' },
  appPassword: { type: 'http', scheme: 'basic' },
  feedToken: { type: 'apiKey', in: 'query', name: 'token' },
};

/** Each auth class's security requirements: any one of them is enough. */
const SECURITY: Record<Exclude<AuthClass, 'open'>, Record<string, string[]>[]> = {
  operator: [{ operatorToken: [] }],
  session: [{ sessionCookie: [] }],
  internal: [{ internalToken: [] }],
  token: [{ oauthAccessToken: [] }],
  sync: [{ appPassword: [] }],
  'sync-or-token': [{ appPassword: [] }, { oauthAccessToken: ['sync'] }],
  feed: [{ feedToken: [] }, { appPassword: [] }, { sessionCookie: [] }],
};

function problemResponse(description: string) {
  return { description, content: { 'application/problem+json': { schema: Problem } } };
}

function responseEntry(status: number, spec: ResponseSpec) {
  if (isRawSpec(spec)) {
    return {
      description: spec.description,
      content: { [spec.contentType]: { schema: spec.schema ?? { type: 'string' as const } } },
    };
  }
  if (status === 204 || status === 304 || status === 307) {
    return { description: spec.description ?? String(status) };
  }
  const content = status >= 400 ? 'application/problem+json' : 'application/json';
  return {
    description: spec.description ?? (status < 300 ? 'Success' : 'Error'),
    content: { [content]: { schema: spec } },
  };
}

/** One entry per media type the route's body parsers read. */
function requestContent<Ctx>(route: AnyRoute<Ctx>) {
  const types = (route.accepts ?? ['json']).flatMap((kind) => BODY_MEDIA_TYPES[kind]);
  return Object.fromEntries(types.map((type) => [type, { schema: route.body }]));
}

/**
 * A stable operation id from method and path (`get /api/app/episodes/{slug}`
 * → `getApiAppEpisodesBySlug`): unique because the kit refuses two routes
 * with one method and path, and unchanged as long as the path is.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path.split('/').flatMap((segment) => {
    const param = /^\{(\w+)\*?\}$/.exec(segment);
    const parts = (param ? param[1] : segment)?.split(/[^A-Za-z0-9]+/).filter(Boolean) ?? [];
    return param ? ['By', ...parts] : parts;
  });
  return method + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

function routeConfig<Ctx>(route: AnyRoute<Ctx>): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = responseEntry(Number(status), spec);
  }
  for (const [status, description] of kitStatusesOf(route)) {
    responses[String(status)] ??= problemResponse(description);
  }
  // An empty list says "no credential" outright, rather than leaving readers to guess.
  const security = route.auth === 'open' ? [] : SECURITY[route.auth];
  return {
    method: route.method,
    path: toOpenApiPath(route.path),
    operationId: operationIdOf(route.method, route.path),
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.tags ? { tags: route.tags } : {}),
    security,
    request: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.body ? { body: { content: requestContent(route) } } : {}),
    },
    responses,
  };
}

/** A generated OpenAPI 3.1 document, kept structural so callers need no openapi3-ts types. */
export type OpenApiDocument = {
  openapi: string;
  info: ApiInfo;
  paths?: Record<string, Record<string, unknown>>;
} & Record<string, unknown>;

/** The OpenAPI 3.1 document of a route list; every declared route appears. */
export function buildOpenApiDocument<Ctx>(
  routes: readonly AnyRoute<Ctx>[],
  info: ApiInfo,
): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  // Only the schemes some route uses: an unused one is noise a linter flags.
  const used = new Set(
    routes.flatMap((route) =>
      route.auth === 'open' ? [] : SECURITY[route.auth].flatMap((r) => Object.keys(r)),
    ),
  );
  for (const [name, scheme] of Object.entries(SCHEMES)) {
    if (used.has(name)) {
      registry.registerComponent('securitySchemes', name, scheme as never);
    }
  }
  for (const route of routes) {
    registry.registerPath(routeConfig(route));
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { ...info },
    // Relative: the document describes whichever origin served it.
    servers: [{ url: '/', description: 'the server that serves this document' }],
  }) as unknown as OpenApiDocument;
}
