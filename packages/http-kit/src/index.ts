export { appServer } from './app-server.js';
export type {
  Authenticator,
  Authenticators,
  InternalPrincipal,
  OperatorPrincipal,
} from './auth.js';
export { Authenticated, bearerTokenAuth, internalTokenAuth } from './auth.js';
export type { BodyKind } from './body-parsers.js';
export { answerClientErrors } from './client-errors.js';
export type { AppOptions } from './create-app.js';
export { createApp } from './create-app.js';
export type {
  AnyRoute,
  AuthClass,
  HttpMethod,
  PrincipalOf,
  Principals,
  RawResponseSpec,
  RouteDef,
  RouteInput,
} from './define-route.js';
export { createRouteDefiner } from './define-route.js';
export type { FileValidators } from './files/conditional.js';
export { contentDisposition } from './files/content-disposition.js';
export {
  contentTypeOf,
  dispositionOf,
  isMediaContentType,
  isTextFileName,
  TEXT_FILE_EXTENSIONS,
  textFileContentType,
} from './files/content-types.js';
export type { SendableFile, SendFileOptions } from './files/send-file.js';
export type { HotAnswerOptions, HotAnswers } from './hot-answers.js';
export { createHotAnswers } from './hot-answers.js';
export { HttpError, MalformedBody, problemBody, ValidationFailed } from './http-error.js';
export { requestLogger } from './logger.js';
export type { ApiInfo, OpenApiDocument } from './openapi.js';
export { buildOpenApiDocument } from './openapi.js';
export { toOpenApiPath } from './paths.js';
export type { RedirectStatus, ReplyCookie } from './replies.js';
export {
  FileReply,
  fileReply,
  problemReply,
  RawReply,
  Reply,
  rawReply,
  redirect,
  reply,
  StreamReply,
  streamReply,
} from './replies.js';
export type { RouteGroup } from './route-groups.js';
export { mountedRoutes, routeGroup } from './route-groups.js';
export type { ShadowedRoute } from './route-shadowing.js';
export { assertNoShadowedRoutes, findShadowedRoutes } from './route-shadowing.js';
export type { ServeOptions } from './serve.js';
export { serve } from './serve.js';
export { takeFromSource } from './source-limit.js';
