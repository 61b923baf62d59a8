export type { Authenticator, Authenticators } from './auth.js';
export { bearerTokenAuth, internalTokenAuth, safeEqual } from './auth.js';
export { ConfigError, parseConfig, runMain } from './config.js';
export type { AppOptions } from './create-app.js';
export { createApp } from './create-app.js';
export type {
  AnyRoute,
  AuthClass,
  HttpMethod,
  RawResponseSpec,
  RouteDef,
  RouteInput,
} from './define-route.js';
export { createRouteDefiner, Reply, reply } from './define-route.js';
export { HttpError, problemBody, ValidationFailed } from './http-error.js';
export { createLogger, requestLogger } from './logger.js';
export type { ApiInfo, OpenApiDocument } from './openapi.js';
export { buildOpenApiDocument } from './openapi.js';
export type {
  AddressClass,
  AddressPolicy,
  ResolvedAddress,
  ResolveHost,
} from './outbound-guard.js';
export {
  classifyAddress,
  ipAddressBytes,
  OutboundRefused,
  pinnedLookup,
  strictAddressPolicy,
  systemResolveHost,
  vetHost,
} from './outbound-guard.js';
export { toOpenApiPath } from './paths.js';
export type { ServeOptions } from './serve.js';
export { serve } from './serve.js';
